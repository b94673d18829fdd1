import { useCallback, useState } from 'react';

export type Density = 'comfortable' | 'compact';

/** One key a user, so two people signing in on one device keep their own choice (decision 152). */
export function densityKey(userId: string): string {
  return `matome.density.${userId}`;
}

/** The density this user chose on this device; comfortable when none was chosen, or storage cannot be read. */
export function readDensity(userId: string | undefined): Density {
  if (!userId) return 'comfortable';
  try {
    return window.localStorage.getItem(densityKey(userId)) === 'compact' ? 'compact' : 'comfortable';
  } catch {
    return 'comfortable';
  }
}

function writeDensity(userId: string | undefined, density: Density): void {
  if (!userId) return;
  try {
    window.localStorage.setItem(densityKey(userId), density);
  } catch {
    // Storage full or refused: the choice lasts for this page only.
  }
}

/** The list's density, remembered per signed-in user on this device. */
export function useDensity(userId: string | undefined): [Density, (density: Density) => void] {
  const [state, setState] = useState(() => ({ userId, density: readDensity(userId) }));
  // Another user signed in without the list unmounting: read theirs.
  const current = state.userId === userId ? state.density : readDensity(userId);
  if (state.userId !== userId) setState({ userId, density: current });
  const change = useCallback(
    (density: Density) => {
      writeDensity(userId, density);
      setState({ userId, density });
    },
    [userId],
  );
  return [current, change];
}
