import { CircleX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button-class-name.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

/** Where Stripe Checkout's Back link lands: nothing was charged; try again, go on, or ask. */
export function SubscriptionCancelPage() {
  const { t } = useTranslation('billing');
  useDocumentTitle(t('cancel.title'));
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-16 sm:px-6">
      <div className="flex items-center gap-3">
        <CircleX aria-hidden="true" className="size-8 text-slate-500" />
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('cancel.title')}</h1>
      </div>
      <p className="text-slate-700">{t('cancel.body')}</p>
      <div className="flex flex-wrap gap-3">
        <Link to="/pricing" className={buttonClassName()}>
          {t('cancel.retry')}
        </Link>
        <Link to="/dashboard" className={buttonClassName({ variant: 'secondary' })}>
          {t('cancel.toDashboard')}
        </Link>
        <Link to="/contact" className={buttonClassName({ variant: 'ghost' })}>
          {t('cancel.contact')}
        </Link>
      </div>
    </div>
  );
}
