import { z } from 'zod/mini';
import { compareNewestFirst, messageIdOf, stripChatworkQuotes } from './classification.ts';
import { platformSchema, type Platform, type SourceMessage } from './messages.ts';
import { messageRefSchema } from './tags.ts';
import { inputText } from './text.ts';

/**
 * Triage beyond hiding (issue 23, docs/decisions/148): **snooze** a message until a time, and mark it **done until
 * its thread moves**. Only ids, times and thread keys are stored, never message content. What a message's state is
 * right now (snoozed, woken, done, returned) is not stored either: `triageStates` below works it out from the two
 * lists and the inbox, the same way on the server and in the web app.
 */

export const TRIAGE_BATCH_MAX_ITEMS = 500;
/** Snoozes still waiting that one user (one sign-in on a demo account) may keep; woken ones do not count (decision 153). */
export const SNOOZES_PER_USER_MAX = 10_000;
/** Done marks one user (one sign-in on a demo account) may keep (decision 073). */
export const DONE_MARKS_PER_USER_MAX = 50_000;
/** A snooze ends at most this many days ahead. */
export const SNOOZE_MAX_DAYS = 366;
/** A snooze time up to this many seconds in the past is taken as "now": the two clocks may differ a little. */
export const SNOOZE_CLOCK_SKEW_SECONDS = 5;
/** Thread keys a done mark holds: the message's own key and the keys of what it replies to. */
export const THREAD_KEYS_PER_MESSAGE_MAX = 8;
/** A woken snooze is deleted this many days after it woke: by then the message has had its time at the top. */
export const WOKEN_SNOOZE_KEEP_DAYS = 7;
/** Server-side cache lifetime of the two lists; every change drops it. */
export const TRIAGE_CACHE_SECONDS = 300;

export const triageErrorCodes = {
  notFound: 'NOT_FOUND',
  snoozeInPast: 'SNOOZE_IN_PAST',
  snoozeTooFar: 'SNOOZE_TOO_FAR',
  snoozeLimit: 'SNOOZE_LIMIT',
  doneLimit: 'DONE_LIMIT',
  timeInFuture: 'TIME_IN_FUTURE',
} as const;

/** What a triage change touched; the live event `triage_changed` names them so other devices refetch. */
export const triageKinds = ['snoozes', 'done'] as const;
export type TriageKind = (typeof triageKinds)[number];

const isoDateTime = z.iso.datetime({ offset: true });

// ---------------------------------------------------------------------------------------------------------------
// Thread keys

/**
 * `{platform}:{room or channel}:{message}`: `slack:C07AB12CD:1767225600.012345` (a Slack message's `ts`, unique in
 * its conversation), `chatwork:81551305:953938533519720448`.
 */
export const THREAD_KEY_PATTERN = /^(chatwork|slack):[A-Za-z0-9]{1,64}:\d{1,20}(?:\.\d{1,6})?$/;

export function threadKey(platform: Platform, container: string, messageId: string): string {
  return `${platform}:${container}:${messageId}`;
}

/** `[rp aid=… to={room}-{message}]`: the message a ChatWork reply answers. */
const CHATWORK_REPLY_TARGET = /\[rp\s+aid=\d+\s+to=(\d+)-(\d+)\s*\]/gi;

/** The key of the message itself. */
export function ownThreadKey(message: SourceMessage): string {
  return message.platform === 'slack'
    ? threadKey('slack', message.conversation_info.id, message.ts)
    : threadKey('chatwork', String(message.room_info.room_id), message.message_id);
}

/**
 * The keys of what the message answers: on Slack its thread's parent (`thread_ts`, when it differs from `ts`); on
 * ChatWork each message its `[rp]` markers reply to, outside quotes (a quoted reply is someone else's), in order.
 * Empty for a message that answers nothing.
 */
export function parentThreadKeys(message: SourceMessage): string[] {
  const own = ownThreadKey(message);
  const keys =
    message.platform === 'slack'
      ? message.thread_ts && message.thread_ts !== message.ts
        ? [threadKey('slack', message.conversation_info.id, message.thread_ts)]
        : []
      : [...stripChatworkQuotes(message.body).matchAll(CHATWORK_REPLY_TARGET)].map((match) =>
          threadKey('chatwork', match[1]!, match[2]!),
        );
  return [...new Set(keys)].filter((key) => key !== own).slice(0, THREAD_KEYS_PER_MESSAGE_MAX - 1);
}

/** What a done mark of the message stores: its own key first, then its parents'. */
export function messageThreadKeys(message: SourceMessage): string[] {
  return [ownThreadKey(message), ...parentThreadKeys(message)];
}

// ---------------------------------------------------------------------------------------------------------------
// Requests and answers

const threadKeySchema = inputText().check(
  z.regex(THREAD_KEY_PATTERN, 'must be a thread key like slack:C123:1767225600.000100'),
);

const threadKeysSchema = z
  .array(threadKeySchema)
  .check(
    z.minLength(1, 'must hold at least the message’s own key'),
    z.maxLength(THREAD_KEYS_PER_MESSAGE_MAX, `must hold at most ${THREAD_KEYS_PER_MESSAGE_MAX} keys`),
  );

const keysOfItsPlatform = (platform: Platform, keys: readonly string[]) =>
  keys.every((key) => key.startsWith(`${platform}:`));
const KEYS_OF_OTHER_PLATFORM = 'thread keys must be of the message’s platform';

const refsSchema = <T extends z.ZodMiniType>(item: T) =>
  z
    .array(item)
    .check(
      z.minLength(1, 'must hold at least one message'),
      z.maxLength(TRIAGE_BATCH_MAX_ITEMS, `must hold at most ${TRIAGE_BATCH_MAX_ITEMS} messages`),
    );

/** Snoozes the messages until `until` (ISO 8601 with an offset); a message already snoozed gets the new time. */
export const snoozeBatchSchema = z.strictObject({
  messages: refsSchema(messageRefSchema),
  until: isoDateTime,
});
export type SnoozeBatchInput = z.infer<typeof snoozeBatchSchema>;

/** One message to mark done, with its thread keys (`messageThreadKeys`), all of its own platform. */
export const doneItemSchema = z.extend(messageRefSchema, { thread_keys: threadKeysSchema }).check(
  z.refine((item) => keysOfItsPlatform(item.platform, item.thread_keys), {
    message: KEYS_OF_OTHER_PLATFORM,
    path: ['thread_keys'],
  }),
);
export type DoneItem = z.infer<typeof doneItemSchema>;
/** What `POST /api/done` takes for a message of the inbox. */
export function doneItemOf(message: SourceMessage): DoneItem {
  return {
    platform: message.platform,
    platform_message_id: message.platform_message_id,
    thread_keys: messageThreadKeys(message),
  };
}
export const doneBatchSchema = z.strictObject({ messages: refsSchema(doneItemSchema) });
export type DoneBatchInput = z.infer<typeof doneBatchSchema>;

/** Takes the snoozes or done marks of these messages away (unsnooze, undo); messages without one are skipped. */
export const triageRemoveBatchSchema = z.strictObject({ messages: refsSchema(messageRefSchema) });
export type TriageRemoveBatchInput = z.infer<typeof triageRemoveBatchSchema>;

/**
 * One message as it was before a change that is now undone: its snooze (the time it had, even one already past), its
 * done mark (its own time and thread keys), or neither.
 */
export const triageRestoreItemSchema = z
  .extend(messageRefSchema, {
    snooze: z.optional(
      z.strictObject({ until: isoDateTime, created_at: isoDateTime, updated_at: isoDateTime }),
    ),
    done: z.optional(
      z.strictObject({
        thread_keys: threadKeysSchema,
        done_at: isoDateTime,
        created_at: isoDateTime,
      }),
    ),
  })
  .check(
    z.refine((item) => !(item.snooze && item.done), {
      message: 'a message is either snoozed or done, not both',
      path: ['done'],
    }),
    z.refine((item) => !item.done || keysOfItsPlatform(item.platform, item.done.thread_keys), {
      message: KEYS_OF_OTHER_PLATFORM,
      path: ['done', 'thread_keys'],
    }),
  );
export type TriageRestoreItem = z.infer<typeof triageRestoreItemSchema>;
/** The undo of a snooze, a done or an unsnooze: each message gets back exactly what it had, in one transaction. */
export const triageRestoreSchema = z.strictObject({ messages: refsSchema(triageRestoreItemSchema) });
export type TriageRestoreInput = z.infer<typeof triageRestoreSchema>;
export const triageRestoreResponseSchema = z.object({
  success: z.literal(true),
  /** The distinct messages given. */
  restored: z.int(),
});

export const triageIdParamsSchema = z.object({ id: z.uuid() });

export const snoozeSchema = z.object({
  id: z.string(),
  platform: platformSchema,
  platform_message_id: z.string(),
  /** When the message comes back; a time already past means it has woken. */
  until: isoDateTime,
  created_at: isoDateTime,
  /** The latest snooze of the message (a snooze again replaces the time). */
  updated_at: isoDateTime,
});
export type Snooze = z.infer<typeof snoozeSchema>;

export const doneMarkSchema = z.object({
  id: z.string(),
  platform: platformSchema,
  platform_message_id: z.string(),
  thread_keys: z.array(z.string()),
  /** The latest time the message was marked done; only replies from then on bring it back. */
  done_at: isoDateTime,
  created_at: isoDateTime,
});
export type DoneMark = z.infer<typeof doneMarkSchema>;

/** Soonest first. */
export const snoozesResponseSchema = z.object({ snoozes: z.array(snoozeSchema) });
/** Newest first. */
export const doneMarksResponseSchema = z.object({ done_marks: z.array(doneMarkSchema) });
/** `snoozed` counts the distinct messages given; `snoozes` are their rows as now stored. */
export const snoozeBatchResponseSchema = z.object({
  success: z.literal(true),
  snoozed: z.int(),
  snoozes: z.array(snoozeSchema),
});
export const doneBatchResponseSchema = z.object({
  success: z.literal(true),
  marked: z.int(),
  done_marks: z.array(doneMarkSchema),
});
export const triageRemoveResponseSchema = z.object({ success: z.literal(true), removed: z.int() });

// ---------------------------------------------------------------------------------------------------------------
// Snooze times

export type SnoozeTimeCheck = 'ok' | 'past' | 'too_far';

/** Whether a snooze may end at `until` when it is `nowMs`: not in the past (beyond the skew), at most 366 days on. */
export function checkSnoozeUntil(until: Date | string, nowMs: number): SnoozeTimeCheck {
  const at = new Date(until).getTime();
  if (Number.isNaN(at) || at <= nowMs - SNOOZE_CLOCK_SKEW_SECONDS * 1000) return 'past';
  if (at > nowMs + SNOOZE_MAX_DAYS * 24 * 60 * 60 * 1000) return 'too_far';
  return 'ok';
}

// ---------------------------------------------------------------------------------------------------------------
// Which messages are snoozed, woken, done or returned

export type SnoozeEntry = Pick<Snooze, 'platform' | 'platform_message_id' | 'until' | 'updated_at'>;
export type DoneEntry = Pick<DoneMark, 'platform' | 'platform_message_id' | 'thread_keys' | 'done_at'>;

export type MessageTriage =
  /** Waiting: not in the timeline until `until`. */
  | { state: 'snoozed'; until: string }
  /** Woke at `until`: back in the timeline, at the top, marked "snoozed". */
  | { state: 'woken'; until: string }
  /** Done and nothing new in its thread: not in the timeline. */
  | { state: 'done'; done_at: string }
  /** Done, but its thread moved: back in the timeline marked "new reply"; `reply_time` is the newest reply's. */
  | { state: 'returned'; done_at: string; reply_time: number };

/** The platform's time of a message, in whole seconds as both platforms give it. */
const secondsOf = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);

/**
 * Whether `message` brings the done mark `done` back: it is another message, of the same thread (it replies to a
 * message whose key the mark holds, or it is such a message, as a thread's parent is), sent in the second the
 * mark was made or later (the platforms give whole seconds; a reply in that same second cannot have been read).
 */
export function returnsFromDone(done: DoneEntry, message: SourceMessage): boolean {
  if (message.platform !== done.platform || message.platform_message_id === done.platform_message_id)
    return false;
  if (message.send_time < secondsOf(done.done_at)) return false;
  return messageThreadKeys(message).some((key) => done.thread_keys.includes(key));
}

/** The latest entry of each message, by `at`; a list may hold a message twice (an optimistic copy beside the server's). */
function latestByMessage<T extends { platform: Platform; platform_message_id: string }>(
  entries: readonly T[],
  at: (entry: T) => number,
): Map<string, T> {
  const latest = new Map<string, T>();
  for (const entry of entries) {
    const id = messageIdOf(entry.platform, entry.platform_message_id);
    const kept = latest.get(id);
    if (!kept || at(entry) >= at(kept)) latest.set(id, entry);
  }
  return latest;
}

/**
 * The triage state of each message of the inbox that has one, by message id (`{platform}-{platform_message_id}`).
 * `messages` is the whole inbox as gathered, hidden ones included: any of them can move a thread. A message both
 * snoozed and done (the server keeps only one, but a client's optimistic copy may briefly hold both) follows the
 * later of the two. Snoozes and done marks of messages not in `messages` are left out.
 */
export function triageStates(
  messages: readonly SourceMessage[],
  triage: { snoozes: readonly SnoozeEntry[]; done: readonly DoneEntry[] },
  nowMs: number,
): Map<string, MessageTriage> {
  const snoozes = latestByMessage(triage.snoozes, (entry) => new Date(entry.updated_at).getTime());
  const done = latestByMessage(triage.done, (entry) => new Date(entry.done_at).getTime());
  // Every message under each key it has, so a done mark finds its thread without scanning the inbox.
  const byKey = new Map<string, SourceMessage[]>();
  for (const message of messages) {
    for (const key of messageThreadKeys(message)) {
      const list = byKey.get(key) ?? [];
      list.push(message);
      byKey.set(key, list);
    }
  }
  const states = new Map<string, MessageTriage>();
  for (const message of messages) {
    const id = messageIdOf(message.platform, message.platform_message_id);
    const snooze = snoozes.get(id);
    const mark = done.get(id);
    if (snooze && (!mark || new Date(snooze.updated_at).getTime() >= new Date(mark.done_at).getTime())) {
      const woken = new Date(snooze.until).getTime() <= nowMs;
      states.set(id, { state: woken ? 'woken' : 'snoozed', until: snooze.until });
    } else if (mark) {
      let replyTime = -1;
      for (const key of mark.thread_keys) {
        for (const other of byKey.get(key) ?? []) {
          if (other.send_time > replyTime && returnsFromDone(mark, other)) replyTime = other.send_time;
        }
      }
      states.set(
        id,
        replyTime >= 0
          ? { state: 'returned', done_at: mark.done_at, reply_time: replyTime }
          : { state: 'done', done_at: mark.done_at },
      );
    }
  }
  return states;
}

/** Whether the timeline leaves the message out: snoozed and still waiting, or done with nothing new. */
export function isTriagedAway(triage: MessageTriage | undefined): boolean {
  return triage?.state === 'snoozed' || triage?.state === 'done';
}

/**
 * The timeline's messages in order: woken snoozes at the top, the most recently woken first; then the rest newest
 * first. Snoozed and done messages are left out.
 */
export function triagedTimeline<
  M extends { platform: Platform; platform_message_id: string; send_time: number },
>(messages: readonly M[], states: ReadonlyMap<string, MessageTriage>): M[] {
  const wokenAt = (message: M) => {
    const triage = states.get(messageIdOf(message.platform, message.platform_message_id));
    return triage?.state === 'woken' ? new Date(triage.until).getTime() : undefined;
  };
  return messages
    .filter(
      (message) => !isTriagedAway(states.get(messageIdOf(message.platform, message.platform_message_id))),
    )
    .map((message) => ({ message, woke: wokenAt(message) }))
    .sort((a, b) => {
      if (a.woke !== undefined && b.woke !== undefined && a.woke !== b.woke) return b.woke - a.woke;
      if (a.woke !== undefined && b.woke === undefined) return -1;
      if (a.woke === undefined && b.woke !== undefined) return 1;
      return compareNewestFirst(a.message, b.message);
    })
    .map(({ message }) => message);
}

/** When the next waiting snooze wakes (milliseconds), for a timer that shows it at once; null when none waits. */
export function nextSnoozeWake(snoozes: readonly Pick<Snooze, 'until'>[], nowMs: number): number | null {
  let next: number | null = null;
  for (const { until } of snoozes) {
    const at = new Date(until).getTime();
    if (at > nowMs && (next === null || at < next)) next = at;
  }
  return next;
}
