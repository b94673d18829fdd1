import { triageRestoreResponseSchema, type TriageRestoreItem } from '../../../../contract/triage.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import type { PriorTriage } from '../lib/triage-lists.ts';

/** What the server takes to put a message back: its earlier snooze or done mark with their own times, or neither. */
export function restoreItemOf({ ref, snooze, done }: PriorTriage): TriageRestoreItem {
  return {
    ...ref,
    ...(snooze
      ? { snooze: { until: snooze.until, created_at: snooze.created_at, updated_at: snooze.updated_at } }
      : {}),
    ...(done
      ? { done: { thread_keys: done.thread_keys, done_at: done.done_at, created_at: done.created_at } }
      : {}),
  };
}

/**
 * The undo of a snooze, a done or an unsnooze (docs/decisions/153): one call, one transaction on the server, so
 * either every message has exactly what it had before (a woken snooze woken still, a done mark from its own time)
 * or nothing changed.
 */
export async function restoreTriage(priors: readonly PriorTriage[]): Promise<void> {
  await apiRequest('/triage/restore', {
    method: 'POST',
    body: { messages: priors.map(restoreItemOf) },
    schema: triageRestoreResponseSchema,
  });
}
