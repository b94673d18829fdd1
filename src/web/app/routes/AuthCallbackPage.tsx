import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '../../components/ui/button-class-name.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function AuthCallbackPage() {
  const { t } = useTranslation('pages');
  useDocumentTitle(t('authCallback.title'));
  return (
    <div className="mx-auto max-w-xl px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('authCallback.title')}</h1>
      <p className="mt-4 text-slate-700">{t('authCallback.body')}</p>
      <Link to="/login" className={`${buttonClassName()} mt-8`}>
        {t('backToLogin')}
      </Link>
    </div>
  );
}
