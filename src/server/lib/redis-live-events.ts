import type { Redis } from 'ioredis';
import {
  REPLAY_EVENTS,
  REPLAY_SECONDS,
  type LiveEvent,
  type LiveEventData,
  type LiveEvents,
  type LiveListener,
} from './live-events.ts';

type Published = { userId: string; event: LiveEvent };

const STREAM_ID = /^(\d+)-(\d+)$/;

/** Orders two stream ids (`milliseconds-sequence`); Redis hands them out increasing per stream. */
function compareIds(left: string, right: string): number {
  const [, leftMs = '0', leftSeq = '0'] = STREAM_ID.exec(left) ?? [];
  const [, rightMs = '0', rightSeq = '0'] = STREAM_ID.exec(right) ?? [];
  return Number(leftMs) - Number(rightMs) || Number(leftSeq) - Number(rightSeq);
}

/**
 * Live events across instances (issue 16). Each user's replay buffer is a Redis stream (capped near REPLAY_EVENTS
 * entries, gone REPLAY_SECONDS after its last event), whose entry ids are the event ids; every event is also sent
 * on one pub/sub channel, and each instance hands it to the streams of that user it holds open.
 */
export function createRedisLiveEvents(options: {
  publisher: Redis;
  subscriber: Redis;
  prefix: string;
  onError: (error: unknown) => void;
}): LiveEvents {
  const channel = `${options.prefix}live-events`;
  const streamKey = (userId: string) => `${options.prefix}live:${userId}`;
  const listeners = new Map<string, Set<LiveListener>>();

  const subscribed = options.subscriber.subscribe(channel);
  subscribed.catch(options.onError);
  const onMessage = (from: string, message: string) => {
    if (from !== channel) return;
    try {
      const { userId, event } = JSON.parse(message) as Published;
      for (const listener of listeners.get(userId) ?? []) listener(event);
    } catch (error) {
      options.onError(error);
    }
  };
  options.subscriber.on('message', onMessage);

  async function replay(userId: string, afterId: string): Promise<LiveEvent[]> {
    if (!STREAM_ID.test(afterId)) return [];
    const oldest = `${Date.now() - REPLAY_SECONDS * 1000}-0`;
    const start = compareIds(afterId, oldest) >= 0 ? `(${afterId}` : oldest;
    const entries = await options.publisher.xrange(streamKey(userId), start, '+');
    return entries.map(([id, fields]) => ({ ...(JSON.parse(fields[1] ?? '{}') as LiveEventData), id }));
  }

  return {
    async publish(userId, data) {
      const key = streamKey(userId);
      const id = await options.publisher.xadd(
        key,
        'MAXLEN',
        '~',
        REPLAY_EVENTS,
        '*',
        'data',
        JSON.stringify(data),
      );
      if (!id) throw new Error('Redis did not add the live event');
      const event: LiveEvent = { ...data, id };
      await Promise.all([
        options.publisher.expire(key, REPLAY_SECONDS),
        options.publisher.publish(channel, JSON.stringify({ userId, event } satisfies Published)),
      ]);
      return event;
    },

    async subscribe(userId, listener, afterId) {
      await subscribed;
      // Listen first and hold what arrives while the replay is read, so nothing falls between the two and
      // nothing is delivered twice.
      let held: LiveEvent[] | null = [];
      // A replayed event's pub/sub message can arrive after the replay has been read: skip what was replayed, and
      // what came before `afterId`, on the live path too, not only among the held events.
      const replayed = new Set<string>();
      const deliverLive = (event: LiveEvent) => {
        if (replayed.has(event.id)) return;
        if (afterId !== undefined && STREAM_ID.test(afterId) && compareIds(event.id, afterId) <= 0) return;
        listener(event);
      };
      const receive: LiveListener = (event) => (held ? held.push(event) : deliverLive(event));
      const set = listeners.get(userId) ?? new Set<LiveListener>();
      set.add(receive);
      listeners.set(userId, set);
      try {
        for (const event of afterId === undefined ? [] : await replay(userId, afterId)) {
          replayed.add(event.id);
          listener(event);
        }
      } finally {
        const pending = held ?? [];
        held = null;
        for (const event of pending) deliverLive(event);
      }
      return () => {
        set.delete(receive);
        if (set.size === 0 && listeners.get(userId) === set) listeners.delete(userId);
      };
    },

    async close() {
      listeners.clear();
      options.subscriber.off('message', onMessage);
      await options.subscriber.unsubscribe(channel).catch(options.onError);
    },
  };
}
