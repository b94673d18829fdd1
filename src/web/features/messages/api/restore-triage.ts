import { refOf, snoozesByTime, type PriorTriage } from '../lib/triage-lists.ts';
import { markDone } from './mark-done.ts';
import { snoozeMessages } from './snooze-messages.ts';
import { unmarkDone } from './unmark-done.ts';
import { unsnoozeMessages } from './unsnooze-messages.ts';

/**
 * The undo of a snooze, a done or an unsnooze: takes away what it wrote (`written`) and writes back what each
 * message had before. A snooze that had already woken is written back as waking now: the server takes no time in the
 * past, and the message stays in the timeline at the top as it was. A done mark written back is done from now on.
 */
export async function restoreTriage(
  written: 'snoozes' | 'done' | null,
  priors: readonly PriorTriage[],
): Promise<void> {
  const refs = priors.map((prior) => prior.ref);
  if (written === 'done') await unmarkDone(refs);
  if (written === 'snoozes') await unsnoozeMessages(refs);
  const done = priors.flatMap((prior) =>
    prior.done ? [{ ...refOf(prior.done), thread_keys: prior.done.thread_keys }] : [],
  );
  if (done.length > 0) await markDone(done);
  for (const [until, group] of snoozesByTime(priors)) {
    await snoozeMessages(group, Date.parse(until) > Date.now() ? until : new Date().toISOString());
  }
}
