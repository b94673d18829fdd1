import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const footerLinks = [
  { to: '/about', label: 'footer.about' },
  { to: '/contact', label: 'footer.contact' },
  { to: '/privacy-policy', label: 'footer.privacyPolicy' },
  { to: '/commercial-transactions', label: 'footer.commercialTransactions' },
  { to: '/terms', label: 'footer.terms' },
] as const;

export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-slate-600 sm:px-6 md:flex-row md:items-center md:justify-between">
        <p>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
        <nav aria-label={t('footer.navigation')}>
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            {footerLinks.map(({ to, label }) => (
              <li key={to}>
                <Link to={to} className="rounded hover:text-slate-900 hover:underline">
                  {t(label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
