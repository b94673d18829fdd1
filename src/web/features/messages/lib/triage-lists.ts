/**
 * The optimistic side of snoozing and marking done (docs/decisions/151): the two lists as they will be once the
 * server has the change, and what each message had before, for an undo that puts exactly that back.
 */
import { messageIdOf } from '../../../../contract/classification.ts';
import type { UnifiedMessage } from '../../../../contract/messages.ts';
import type { MessageRef } from '../../../../contract/tags.ts';
import { doneItemOf, type DoneMark, type Snooze } from '../../../../contract/triage.ts';

export interface TriageLists {
  snoozes: readonly Snooze[];
  done: readonly DoneMark[];
}

/** What a message had before a change: a snooze, a done mark, or neither (the server keeps one at most). */
export interface PriorTriage {
  ref: MessageRef;
  snooze?: Snooze;
  done?: DoneMark;
}

export const refOf = (entry: MessageRef): MessageRef => ({
  platform: entry.platform,
  platform_message_id: entry.platform_message_id,
});

const idOf = (entry: MessageRef) => messageIdOf(entry.platform, entry.platform_message_id);

/** Stands in for a server id until the lists are fetched again. */
const localId = (ref: MessageRef) => `local-${idOf(ref)}`;

export function priorsOf(lists: TriageLists, refs: readonly MessageRef[]): PriorTriage[] {
  return refs.map((ref) => {
    const id = idOf(ref);
    return {
      ref: refOf(ref),
      snooze: lists.snoozes.find((snooze) => idOf(snooze) === id),
      done: lists.done.find((mark) => idOf(mark) === id),
    };
  });
}

/** The lists without any snooze or done mark of these messages. */
export function withoutTriage(lists: TriageLists, refs: readonly MessageRef[]): TriageLists {
  const ids = new Set(refs.map(idOf));
  return {
    snoozes: lists.snoozes.filter((snooze) => !ids.has(idOf(snooze))),
    done: lists.done.filter((mark) => !ids.has(idOf(mark))),
  };
}

/** The lists once these messages are done (a snooze of theirs goes: a message is one or the other). */
export function withDone(
  lists: TriageLists,
  messages: readonly UnifiedMessage[],
  nowIso: string,
): TriageLists {
  const rest = withoutTriage(lists, messages);
  const marks = messages.map((message): DoneMark => ({
    ...doneItemOf(message.original_message),
    id: localId(message),
    done_at: nowIso,
    created_at: nowIso,
  }));
  return { snoozes: rest.snoozes, done: [...marks, ...rest.done] };
}

/** The lists once these messages are snoozed until `until` (a done mark of theirs goes). */
export function withSnoozed(
  lists: TriageLists,
  refs: readonly MessageRef[],
  until: string,
  nowIso: string,
): TriageLists {
  const rest = withoutTriage(lists, refs);
  const snoozes = refs.map((ref): Snooze => ({
    ...refOf(ref),
    id: localId(ref),
    until,
    created_at: nowIso,
    updated_at: nowIso,
  }));
  return {
    snoozes: [...rest.snoozes, ...snoozes].sort((a, b) => Date.parse(a.until) - Date.parse(b.until)),
    done: rest.done,
  };
}

/** The lists with the prior state of these messages back. */
export function withPriors(lists: TriageLists, priors: readonly PriorTriage[]): TriageLists {
  const rest = withoutTriage(
    lists,
    priors.map((prior) => prior.ref),
  );
  return {
    snoozes: [...rest.snoozes, ...priors.flatMap((prior) => (prior.snooze ? [prior.snooze] : []))].sort(
      (a, b) => Date.parse(a.until) - Date.parse(b.until),
    ),
    done: [...priors.flatMap((prior) => (prior.done ? [prior.done] : [])), ...rest.done],
  };
}
