import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { buttonClassName } from '../../components/ui/button-class-name.ts';
import { HeaderBar } from '../../components/ui/HeaderBar.tsx';
import { LanguageSwitcher } from '../../components/ui/LanguageSwitcher.tsx';
import { Logo } from '../../components/ui/Logo.tsx';
import { PageShell } from '../../components/ui/PageShell.tsx';
import { useAuth } from '../../features/auth/hooks/use-auth.ts';
import { landingSectionIds } from '../../features/landing/section-ids.ts';
import { SiteFooter } from './SiteFooter.tsx';

const headerLink = `${buttonClassName({ variant: 'ghost', size: 'sm' })} max-sm:hidden`;
/** Wide screens only: on a phone the header keeps its room for the language and login buttons. */
const sectionLink = `${buttonClassName({ variant: 'ghost', size: 'sm' })} max-lg:hidden`;

export function PublicLayout() {
  const { t } = useTranslation();
  const { status } = useAuth();
  const { pathname } = useLocation();
  const header = (
    <HeaderBar brand={<Logo to="/" />}>
      {pathname === '/' && (
        <>
          <a href={`#${landingSectionIds.features}`} className={sectionLink}>
            {t('header.features')}
          </a>
          <a href={`#${landingSectionIds.workflow}`} className={sectionLink}>
            {t('header.workflow')}
          </a>
          <a href={`#${landingSectionIds.faq}`} className={sectionLink}>
            {t('header.faq')}
          </a>
        </>
      )}
      <Link to="/pricing" className={headerLink}>
        {t('header.pricing')}
      </Link>
      <Link to="/contact" className={headerLink}>
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
