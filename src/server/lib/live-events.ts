import type { Platform, SourceMessage } from '../../contract/messages.ts';
import type { TriageKind } from '../../contract/triage.ts';

/**
 * Live events: "these messages just arrived for user X", published by whatever learned of them (a Slack event, a
 * ChatWork webhook) and delivered to that user's open streams. The in-process hub below serves one instance; with
 * REDIS_URL a Redis implementation takes its place behind the same interface, so an event received by one instance
 * reaches a browser connected to another.
 *
 * Each user has a short replay buffer, so a stream that reconnects with `Last-Event-ID` misses nothing that happened
 * in between. Ids are opaque strings, increasing per user; only the implementation compares them.
 */
export type LiveEventData =
  | {
      /** New messages, or changed ones (an edit) that replace the shown message of the same id. */
      type: 'messages';
      platform: Platform;
      /** Already classified for this user, as the message routes would answer them. */
      messages: SourceMessage[];
    }
  | {
      /** Messages gone from the user's inbox: deleted on the platform, or an edit took the mention out. */
      type: 'messages_removed';
      platform: Platform;
      /** `platform_message_id`s. */
      ids: string[];
    }
  | {
      /** Snoozes or done marks changed: the user's devices refetch the lists named. */
      type: 'triage_changed';
      kinds: TriageKind[];
      /** Only the streams of this sign-in receive it (a demo account's visitor); empty: all the user's streams. */
      scope: string;
    }
  | {
      /** Handled marks or conversations awaiting a reply changed: the user's devices refetch them (decision 154). */
      type: 'replies_changed';
    }
  | {
      /** The user's rules or their settings changed: their devices ask for their messages again (decision 156). */
      type: 'rules_changed';
    };

export type LiveEvent = LiveEventData & { id: string };

/** Whether a stream of the sign-in `sessionFamilyId` receives the event. */
export function isForStream(event: LiveEventData, sessionFamilyId: string): boolean {
  return event.type !== 'triage_changed' || event.scope === '' || event.scope === sessionFamilyId;
}

/** What the browser is sent of an event: its fields but the id and type (the SSE frame carries those), and scope. */
export function streamData(event: LiveEvent): object {
  if (event.type === 'triage_changed') return { kinds: event.kinds };
  const { id: _id, type: _type, ...data } = event;
  return data;
}

export type LiveListener = (event: LiveEvent) => void;

export interface LiveEvents {
  /** Records the event in the user's replay buffer and delivers it to the user's subscribers. */
  publish(userId: string, data: LiveEventData): Promise<LiveEvent>;
  /**
   * Delivers the user's events to `listener` from now on. With `afterId`, first replays the buffered events that came
   * after it, in order, and no event twice. Resolves with the function that ends the subscription.
   */
  subscribe(userId: string, listener: LiveListener, afterId?: string): Promise<() => void>;
  close(): Promise<void>;
}

/** How many events, and for how long, a user's replay buffer keeps (message content lives only for a time). */
export const REPLAY_EVENTS = 200;
export const REPLAY_SECONDS = 300;

type Buffered = { event: LiveEvent; at: number; sequence: number };

function sequenceOf(id: string): number | undefined {
  const match = /^(\d+)-(\d+)$/.exec(id);
  return match ? Number(match[2]) : undefined;
}

/** The single-instance hub: listeners and replay buffers in this process's memory. */
export function createInProcessLiveEvents(options: { clock?: () => number } = {}): LiveEvents {
  const clock = options.clock ?? Date.now;
  const listeners = new Map<string, Set<LiveListener>>();
  const buffers = new Map<string, Buffered[]>();
  let sequence = 0;

  function freshBuffer(userId: string): Buffered[] {
    const oldest = clock() - REPLAY_SECONDS * 1000;
    const kept = (buffers.get(userId) ?? []).filter((entry) => entry.at >= oldest).slice(-REPLAY_EVENTS);
    if (kept.length > 0) buffers.set(userId, kept);
    else buffers.delete(userId);
    return kept;
  }

  return {
    async publish(userId, data) {
      sequence += 1;
      const at = clock();
      const event: LiveEvent = { ...data, id: `${at}-${sequence}` };
      const buffer = freshBuffer(userId);
      buffer.push({ event, at, sequence });
      buffers.set(userId, buffer);
      for (const listener of listeners.get(userId) ?? []) listener(event);
      return event;
    },

    async subscribe(userId, listener, afterId) {
      const after = afterId === undefined ? undefined : sequenceOf(afterId);
      if (after !== undefined) {
        for (const entry of freshBuffer(userId)) if (entry.sequence > after) listener(entry.event);
      }
      const set = listeners.get(userId) ?? new Set<LiveListener>();
      set.add(listener);
      listeners.set(userId, set);
      return () => {
        set.delete(listener);
        if (set.size === 0 && listeners.get(userId) === set) listeners.delete(userId);
      };
    },

    async close() {
      listeners.clear();
      buffers.clear();
    },
  };
}
