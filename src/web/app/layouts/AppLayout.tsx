import { Outlet } from 'react-router';
import { HeaderBar } from '../../components/ui/HeaderBar.tsx';
import { LanguageSwitcher } from '../../components/ui/LanguageSwitcher.tsx';
import { Logo } from '../../components/ui/Logo.tsx';
import { PageShell } from '../../components/ui/PageShell.tsx';
import { UserMenu } from '../../features/auth/components/UserMenu.tsx';
import { SiteFooter } from './SiteFooter.tsx';

export function AppLayout() {
  const header = (
    <HeaderBar brand={<Logo to="/dashboard" />}>
      <LanguageSwitcher />
      <UserMenu />
    </HeaderBar>
  );
  return (
    <PageShell header={header} footer={<SiteFooter />}>
      <Outlet />
    </PageShell>
  );
}
