import { useEffect, useLayoutEffect, useState } from 'react';
import type { Location, NavigationType } from 'react-router';

const STORAGE_KEY = 'matome.scrollPositions';

function storedPositions(): Map<string, number> {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    return new Map(Array.isArray(stored) ? (stored as [string, number][]) : []);
  } catch {
    return new Map();
  }
}

/** The location whose screen is on show, and how the address came to it. */
export interface ShownLocation {
  location: Location;
  type: NavigationType;
}

/**
 * What a browser does between the pages of a site, for the app's screens: a screen reached by a link opens at its
 * top, or at the element its hash names; going back or forward, or reloading, returns to where that screen was left.
 * `shown` can lag the address while the next screen's code loads.
 */
export function useScrollRestoration(shown: ShownLocation): void {
  const [positions] = useState(storedPositions);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const keep = () => {
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions]));
      } catch {
        // Storage full or refused: positions are then kept only while the page lives.
      }
    };
    window.addEventListener('pagehide', keep);
    return () => {
      window.removeEventListener('pagehide', keep);
      window.history.scrollRestoration = 'auto';
    };
  }, [positions]);

  useLayoutEffect(() => {
    const { key, hash } = shown.location;
    const saved = positions.get(key);
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (shown.type === 'POP' && saved !== undefined) window.scrollTo(0, saved);
    else if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
    // Recorded as the person scrolls, so the position is the one they left, not one the next screen clamped.
    const record = () => positions.set(key, window.scrollY);
    window.addEventListener('scroll', record, { passive: true });
    return () => window.removeEventListener('scroll', record);
  }, [shown, positions]);
}
