import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The top bar: brand on the left, actions on the right. */
export function HeaderBar({ brand, children }: { brand: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        {brand}
        <nav aria-label={t('header.navigation')} className="flex items-center gap-2">
          {children}
        </nav>
      </div>
    </header>
  );
}
