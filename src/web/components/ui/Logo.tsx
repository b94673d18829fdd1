import { Inbox } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function Logo({ to }: { to: string }) {
  const { t } = useTranslation();
  return (
    <Link to={to} className="inline-flex items-center gap-2 rounded-md text-lg font-bold text-slate-900">
      <span className="grid size-8 place-items-center rounded-lg bg-indigo-600 text-white">
        <Inbox aria-hidden="true" className="size-5" />
      </span>
      {t('appName')}
    </Link>
  );
}
