import { useState } from 'react';
import { Outlet } from 'react-router';
import { HeaderBar } from '../../components/ui/HeaderBar.tsx';
import { HeaderSlotContext } from '../../components/ui/header-slot.ts';
import { LanguageSwitcher } from '../../components/ui/LanguageSwitcher.tsx';
import { Logo } from '../../components/ui/Logo.tsx';
import { PageShell } from '../../components/ui/PageShell.tsx';
import { UserMenu } from '../../features/auth/components/UserMenu.tsx';
import { SiteFooter } from './SiteFooter.tsx';

export function AppLayout() {
  const [headerSlot, setHeaderSlot] = useState<HTMLElement | null>(null);
  const header = (
    <HeaderBar brand={<Logo to="/dashboard" />} slotRef={setHeaderSlot}>
      <LanguageSwitcher />
      <UserMenu />
    </HeaderBar>
  );
  return (
    <HeaderSlotContext.Provider value={headerSlot}>
      <PageShell header={header} footer={<SiteFooter />}>
        {/* A screen fills the viewport below the header, so the footer starts below the fold instead of being pushed
            there when the screen's data arrives (a layout shift). */}
        <div className="min-h-[calc(100dvh-4rem)]">
          <Outlet />
        </div>
      </PageShell>
    </HeaderSlotContext.Provider>
  );
}
