import { ArrowLeft, Construction } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { buttonClassName } from '../../components/ui/button-class-name.ts';
import { useAuth } from '../../features/auth/hooks/use-auth.ts';
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

/**
 * Routes whose full screens arrive in later issues: the page's title, what it will hold, and the way back (to
 * the previous page when there is one, and to the dashboard or the home page).
 */
export function PlaceholderPage({ page }: { page: PlaceholderPageName }) {
  const { t } = useTranslation('pages');
  const { status } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const title = t(`${page}.title`);
  useDocumentTitle(title);
  // React Router gives the first page of a visit the key "default": there is nothing in the app to go back to.
  const cameFromApp = location.key !== 'default';
  const signedIn = status === 'authenticated';

  return (
    <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      <div className="mt-6 flex gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-950">
        <Construction aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div>
          <p className="font-semibold">
            {t('comingSoonTitle')}: {t('comingSoon')}
          </p>
          <p className="mt-1">{t(`${page}.coming`)}</p>
        </div>
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        {cameFromApp && (
          <button type="button" className={buttonClassName()} onClick={() => void navigate(-1)}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t('goBack')}
          </button>
        )}
        <Link
          to={signedIn ? '/dashboard' : '/'}
          className={buttonClassName({ variant: cameFromApp ? 'secondary' : 'primary' })}
        >
          {t(signedIn ? 'toDashboard' : 'toHome')}
        </Link>
      </div>
    </div>
  );
}
