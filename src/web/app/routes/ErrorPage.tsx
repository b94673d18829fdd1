import { Home } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '../../components/ui/button-class-name.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/**
 * SPEC §2's error page, titled 'Unexpected Application Error!' as the product always was, in the app's own look:
 * what happened in the interface language and the way home. The server answers an unknown path with 404 and this
 * page (docs/decisions/081).
 */
export function ErrorPage({ notFound }: { notFound: boolean }) {
  const { t } = useTranslation('pages');
  useDocumentTitle(t('error.title'));
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      {notFound && <p className="text-sm font-semibold text-indigo-700">{t('error.status')}</p>}
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">{t('error.title')}</h1>
      <p className="mt-4 text-slate-700">{t(notFound ? 'error.notFound' : 'error.unexpected')}</p>
      <Link to="/" className={`${buttonClassName()} mt-8`}>
        <Home aria-hidden="true" className="size-4" />
        {t('toHome')}
      </Link>
    </div>
  );
}
