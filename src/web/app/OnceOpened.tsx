import { Suspense, useState, type ReactNode } from 'react';

/**
 * Renders a lazily loaded dialog or sheet from the first time it opens, and keeps it mounted after so it can animate
 * closed: until then its code is not downloaded (docs/decisions/166). The dialog renders once its chunk is in.
 */
export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
