import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useHideOnScroll } from './use-hide-on-scroll.ts';

const HEADER_HEIGHT_PX = 64;

interface HeaderBarProps {
  brand: ReactNode;
  children: ReactNode;
  /** Receives the element where a page may put its own header buttons (see HeaderActions). */
  slotRef?: (element: HTMLElement | null) => void;
}

/**
 * The top bar: brand on the left, actions on the right. Below the large breakpoint it slides away while the page
 * scrolls down and returns on the way up, unless focus is inside it.
 */
export function HeaderBar({ brand, children, slotRef }: HeaderBarProps) {
  const { t } = useTranslation();
  const hidden = useHideOnScroll(HEADER_HEIGHT_PX);
  return (
    <header
      data-hidden={hidden}
      className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur transition-transform duration-200 focus-within:translate-y-0 motion-reduce:transition-none max-lg:data-[hidden=true]:-translate-y-full"
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:gap-4 sm:px-6">
        {brand}
        <nav aria-label={t('header.navigation')} className="flex items-center gap-1 sm:gap-2">
          {slotRef && <div ref={slotRef} className="contents" />}
          {children}
        </nav>
      </div>
    </header>
  );
}
