import { lazy, Suspense, useState } from 'react';
import { localTimeZone } from '../lib/local-time-zone.ts';

/** The dialog and its phrase reader (chrono-node) load when first opened, so the dashboard's first load stays small. */
const SnoozeDialog = lazy(() =>
  import('./SnoozeDialog.tsx').then((module) => ({ default: module.SnoozeDialog })),
);

interface LazySnoozeDialogProps {
  /** How many messages are snoozed; null while closed. */
  count: number | null;
  onSnooze(until: Date): void;
  onCancel(): void;
}

function OpenSnoozeDialog({ count, onSnooze, onCancel }: LazySnoozeDialogProps & { count: number }) {
  // Read once when it opens, so the presets do not move while the person chooses.
  const [now] = useState(() => new Date());
  return (
    <Suspense fallback={null}>
      <SnoozeDialog
        open
        count={count}
        now={now}
        timeZone={localTimeZone()}
        onSnooze={onSnooze}
        onCancel={onCancel}
      />
    </Suspense>
  );
}

export function LazySnoozeDialog({ count, ...props }: LazySnoozeDialogProps) {
  return count === null ? null : <OpenSnoozeDialog count={count} {...props} />;
}
