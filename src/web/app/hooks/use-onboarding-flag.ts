import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * SPEC §2: `?t=1` on the dashboard forces the onboarding and is then removed from the address, so a reload or a
 * shared link never carries it along. Returns whether this visit asked for it.
 */
export function useOnboardingFlag(): boolean {
  const [searchParams, setSearchParams] = useSearchParams();
  const [forced] = useState(() => searchParams.get('t') === '1');
  useEffect(() => {
    if (!searchParams.has('t')) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('t');
        return next;
      },
      { replace: true },
    );
  }, [searchParams, setSearchParams]);
  return forced;
}
