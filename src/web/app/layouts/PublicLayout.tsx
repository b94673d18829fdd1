import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { buttonClassName } from '../../components/ui/button-class-name.ts';
import { HeaderBar } from '../../components/ui/HeaderBar.tsx';
import { LanguageSwitcher } from '../../components/ui/LanguageSwitcher.tsx';
import { Logo } from '../../components/ui/Logo.tsx';
import { PageShell } from '../../components/ui/PageShell.tsx';
import { useAuth } from '../../features/auth/hooks/use-auth.ts';
import { headerLinkClassName } from './public-header-links.ts';
import { SiteFooter } from './SiteFooter.tsx';

export function PublicLayout() {
  const { t } = useTranslation();
  const { status } = useAuth();
  const { pathname } = useLocation();
  const header = (
    <HeaderBar brand={<Logo to="/" />}>
      <Link to="/pricing" className={headerLinkClassName}>
        {t('header.pricing')}
      </Link>
      <Link to="/contact" className={headerLinkClassName}>
        {t('header.contact')}
      </Link>
      <LanguageSwitcher />
      {status === 'authenticated' && (
        <Link to="/dashboard" className={buttonClassName()}>
          {t('header.dashboard')}
        </Link>
      )}
      {status !== 'authenticated' && pathname !== '/login' && (
        <Link to="/login" className={buttonClassName()}>
          {t('header.login')}
        </Link>
      )}
    </HeaderBar>
  );
  return (
    <PageShell header={header} footer={<SiteFooter />}>
      <Outlet />
    </PageShell>
  );
}
