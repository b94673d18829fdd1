import { useSyncExternalStore } from 'react';

/**
 * Tailwind's breakpoints that decide what a screen shows: from `sm` the list's filters are laid out above it, from
 * `lg` the dashboard's side panels stand beside it.
 */
const breakpoints = { sm: '(min-width: 40rem)', lg: '(min-width: 64rem)' } as const;
type Breakpoint = keyof typeof breakpoints;

// Without matchMedia (a test's document) the screen counts as wide, so everything renders.
const hasMatchMedia = () => typeof window.matchMedia === 'function';

/** A store of one media query, made once, so React keeps its subscription from render to render. */
function mediaStore(query: string) {
  return {
    subscribe(onChange: () => void): () => void {
      if (!hasMatchMedia()) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    matches: () => !hasMatchMedia() || window.matchMedia(query).matches,
  };
}

const stores = { sm: mediaStore(breakpoints.sm), lg: mediaStore(breakpoints.lg) };

/**
 * Whether the screen is at least `breakpoint` wide. What CSS would only hide on a smaller screen (`hidden lg:block`)
 * is then not rendered there at all: a phone's first load neither builds it nor downloads its code
 * (docs/decisions/166 and 175).
 */
export function useScreenAtLeast(breakpoint: Breakpoint): boolean {
  const store = stores[breakpoint];
  return useSyncExternalStore(store.subscribe, store.matches);
}
