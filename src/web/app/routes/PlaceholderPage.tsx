import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

type PlaceholderPageName =
  | 'account'
  | 'contact'
  | 'about'
  | 'dataGuide'
  | 'privacyPolicy'
  | 'commercialTransactions'
  | 'terms'
  | 'pricing'
  | 'subscriptionSuccess'
  | 'subscriptionCancel';

/** Routes whose full screens arrive in later issues: a titled page inside the shared header and footer. */
export function PlaceholderPage({ page }: { page: PlaceholderPageName }) {
  const { t } = useTranslation('pages');
  const title = t(`${page}.title`);
  useDocumentTitle(title);
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-4 text-slate-700">{t('comingSoon')}</p>
    </div>
  );
}
