import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

/**
 * SPEC §2: `?t=1` on the dashboard forces the onboarding and is then removed from the address. Onboarding arrives
 * in a later issue; until then the flag is only removed, so a reload or a shared link never carries it along.
 */
export function useOnboardingFlag(): void {
  const [searchParams, setSearchParams] = useSearchParams();
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
}
