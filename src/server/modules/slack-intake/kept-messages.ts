import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { SlackSourceMessage } from '../../../contract/messages.ts';
import type { Unavailable } from '../../connectors/connector-account.ts';

/**
 * Where a Slack connection's inbox comes from (issue 22): the messages that concern it, as its searches found them
 * and as events brought them since, and how far its history was searched. Content lives here only for a time
 * (DESIGN.md §4): a day after the last change, after which the connection's history is searched again.
 */
export const KEPT_SECONDS = 24 * 60 * 60;

export type KeptState = {
  /** When the connection was last searched (ms since the epoch); null while its history waits for the budget. */
  searchedAt: number | null;
  backfill: { done: number; total: number };
  /** Kinds the last search could not look for, and why (decision 050). */
  unavailable?: Unavailable[];
};

export type Kept = { messages: SlackSourceMessage[]; state: KeptState | undefined };

/**
 * One entry per message, so an event and a search writing at once never lose each other's messages: each write
 * touches only its own messages, atomically per message.
 */
export interface KeptMessages {
  read(connectionId: string): Promise<Kept>;
  /** Adds or replaces messages by `platform_message_id`. */
  put(connectionId: string, messages: readonly SlackSourceMessage[]): Promise<void>;
  /** Removes messages by `platform_message_id`; answers the ids that were there. */
  remove(connectionId: string, ids: readonly string[]): Promise<string[]>;
  has(connectionId: string, id: string): Promise<boolean>;
  state(connectionId: string): Promise<KeptState | undefined>;
  setState(connectionId: string, state: KeptState): Promise<void>;
}

const STATE_FIELD = 'state';
const messageField = (id: string) => `m:${id}`;

function parseEntries(fields: Record<string, string>): Kept {
  let state: KeptState | undefined;
  const messages: SlackSourceMessage[] = [];
  for (const [field, value] of Object.entries(fields)) {
    if (field === STATE_FIELD) state = JSON.parse(value) as KeptState;
    else messages.push(JSON.parse(value) as SlackSourceMessage);
  }
  return { messages, state };
}

/** One process: a bounded map of connections, each a map of fields, gone a day after its last change. */
export function createMemoryKeptMessages(options: { maxConnections?: number } = {}): KeptMessages {
  const store = new LRUCache<string, Map<string, string>>({
    max: options.maxConnections ?? 10_000,
    ttl: KEPT_SECONDS * 1000,
  });
  const entry = (connectionId: string) => {
    const fields = store.get(connectionId) ?? new Map<string, string>();
    store.set(connectionId, fields);
    return fields;
  };
  return {
    async read(connectionId) {
      return parseEntries(Object.fromEntries(store.get(connectionId) ?? []));
    },
    async put(connectionId, messages) {
      const fields = entry(connectionId);
      for (const message of messages)
        fields.set(messageField(message.platform_message_id), JSON.stringify(message));
    },
    async remove(connectionId, ids) {
      const fields = store.get(connectionId);
      if (!fields) return [];
      return ids.filter((id) => fields.delete(messageField(id)));
    },
    async has(connectionId, id) {
      return store.get(connectionId)?.has(messageField(id)) ?? false;
    },
    async state(connectionId) {
      const value = store.get(connectionId)?.get(STATE_FIELD);
      return value ? (JSON.parse(value) as KeptState) : undefined;
    },
    async setState(connectionId, state) {
      entry(connectionId).set(STATE_FIELD, JSON.stringify(state));
    },
  };
}

/** Every instance: a Redis hash per connection, expiring a day after its last change. */
export function createRedisKeptMessages(redis: Redis, prefix: string): KeptMessages {
  const keyOf = (connectionId: string) => `${prefix}slack-kept:${connectionId}`;
  return {
    async read(connectionId) {
      return parseEntries(await redis.hgetall(keyOf(connectionId)));
    },
    async put(connectionId, messages) {
      if (messages.length === 0) return;
      const key = keyOf(connectionId);
      const fields = messages.flatMap((message) => [
        messageField(message.platform_message_id),
        JSON.stringify(message),
      ]);
      await redis
        .multi()
        .hset(key, ...fields)
        .expire(key, KEPT_SECONDS)
        .exec();
    },
    async remove(connectionId, ids) {
      if (ids.length === 0) return [];
      const key = keyOf(connectionId);
      const present = await redis.hmget(key, ...ids.map(messageField));
      const removed = ids.filter((_, index) => present[index] !== null);
      if (removed.length > 0) await redis.hdel(key, ...removed.map(messageField));
      return removed;
    },
    async has(connectionId, id) {
      return (await redis.hexists(keyOf(connectionId), messageField(id))) === 1;
    },
    async state(connectionId) {
      const value = await redis.hget(keyOf(connectionId), STATE_FIELD);
      return value ? (JSON.parse(value) as KeptState) : undefined;
    },
    async setState(connectionId, state) {
      const key = keyOf(connectionId);
      await redis.multi().hset(key, STATE_FIELD, JSON.stringify(state)).expire(key, KEPT_SECONDS).exec();
    },
  };
}
