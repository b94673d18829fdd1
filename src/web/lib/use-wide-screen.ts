import { useSyncExternalStore } from 'react';

/** Tailwind's `lg` breakpoint, where the dashboard shows its side panels beside the list. */
const WIDE = '(min-width: 64rem)';

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

// Without matchMedia (a test's document) the screen counts as wide, so everything renders.
const isWide = () => typeof window.matchMedia !== 'function' || window.matchMedia(WIDE).matches;

/**
 * Whether the screen is `lg` or wider. What CSS would only hide on a phone (`hidden lg:block`) is then not rendered
 * there at all: a phone's first load neither builds it nor downloads its code (docs/decisions/166).
 */
export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, isWide);
}
