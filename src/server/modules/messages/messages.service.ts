import type { Language } from '../../../contract/auth.ts';
import { compareNewestFirst, summarizeMessages } from '../../../contract/classification.ts';
import {
  CONNECTION_MESSAGES_CACHE_SECONDS,
  messageResultSchemas,
  PLATFORM_MESSAGES_CACHE_SECONDS,
  type ConnectionStatusResponse,
  type MessageResultByPlatform,
  type Platform,
  type PlatformConnection,
  type Tag,
} from '../../../contract/messages.ts';
import type { Cache } from '../../lib/cache.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { DataMode } from '../test-mode/test-mode.service.ts';
import type { ConnectionMessages, MessageSource } from './message-source.ts';

export type MessagesServiceDeps = {
  dataModeFor: (userId: string) => Promise<DataMode>;
  sources: { sample: (language: Language) => MessageSource; live: MessageSource };
  cache: Cache;
  /**
   * The user's own tags of their tagged messages on a platform, by `platform_message_id`. Tags change far more
   * often than messages are gathered, so they are laid over the cached result on every answer rather than cached
   * with it. Sample messages carry their (read-only) sample tags already.
   */
  tagsByMessage: (userId: string, platform: Platform) => Promise<ReadonlyMap<string, Tag[]>>;
  /** Milliseconds since the epoch. */
  clock: () => number;
};

export type FetchOptions = {
  /** Skip the cache, gather afresh and refill it. */
  refresh: boolean;
};

/** Bump when the cached result shape changes, so a shared cache never hands an old shape to new code. */
const CACHE_VERSION = 'v2';
/**
 * How long an account's last good messages are kept to stand in for a failed gathering (docs/decisions/080). Like
 * every cached message, they live only in the cache and only for a time.
 */
export const LAST_GOOD_CACHE_SECONDS = 24 * 60 * 60;
/** How long a user's data mode (sample or live) is remembered; changing test mode forgets it at once. */
const DATA_MODE_CACHE_SECONDS = 60;

/**
 * A message result already checked against its contract schema and encoded as JSON. Results are cached and sent
 * in this form, so a cache hit costs neither validation nor encoding again.
 */
export type MessageResultJson<P extends Platform> = string & { readonly __result?: P };

function userPrefix(userId: string): string {
  return `messages:${CACHE_VERSION}:${userId}:`;
}

function modeKey(mode: DataMode): string {
  return mode.kind === 'sample' ? `sample-${mode.language}` : 'live';
}

/**
 * One result from the messages of several connections: newest first, each message once (two connected accounts
 * can see the same message, e.g. in a shared channel; the first connection's copy is kept).
 */
function mergeResult<P extends Platform>(
  parts: readonly ConnectionMessages<P>[],
  fetchedAt: number,
): MessageResultByPlatform[P] {
  const seen = new Set<string>();
  const messages = parts
    .flatMap((part) => part.messages)
    .filter((message) => {
      if (seen.has(message.platform_message_id)) return false;
      seen.add(message.platform_message_id);
      return true;
    })
    .sort(compareNewestFirst);
  return {
    messages,
    accounts: parts.map((part) => part.stats),
    summary: summarizeMessages(messages, parts.length),
    fetched_at: new Date(fetchedAt).toISOString(),
  } as MessageResultByPlatform[P];
}

function encodeResult<P extends Platform>(
  platform: P,
  result: MessageResultByPlatform[P],
): MessageResultJson<P> {
  return JSON.stringify(messageResultSchemas[platform].parse(result));
}

/** Puts the user's current tags on the messages of an encoded result. */
function withTags<P extends Platform>(
  json: MessageResultJson<P>,
  tagsByMessage: ReadonlyMap<string, Tag[]>,
): MessageResultJson<P> {
  // Gathered messages carry no tags, so an untagging user's result goes out as it was cached.
  if (tagsByMessage.size === 0) return json;
  const result = JSON.parse(json) as MessageResultByPlatform[P];
  for (const message of result.messages) message.tags = tagsByMessage.get(message.platform_message_id) ?? [];
  return JSON.stringify(result);
}

export function createMessagesService(deps: MessagesServiceDeps) {
  const { cache } = deps;
  /** Concurrent misses for one key share a single gathering instead of each asking the platforms. */
  const inFlight = new Map<string, Promise<unknown>>();

  async function resolve(userId: string): Promise<{ mode: DataMode; source: MessageSource }> {
    const modeCacheKey = `${userPrefix(userId)}mode`;
    let mode = await cache.get<DataMode>(modeCacheKey);
    if (!mode) {
      mode = await deps.dataModeFor(userId);
      await cache.set(modeCacheKey, mode, DATA_MODE_CACHE_SECONDS);
    }
    return { mode, source: mode.kind === 'sample' ? deps.sources.sample(mode.language) : deps.sources.live };
  }

  async function cached<T>(
    key: string,
    ttlSeconds: number,
    options: FetchOptions,
    gather: () => Promise<T>,
  ): Promise<T> {
    if (!options.refresh) {
      const hit = await cache.get<T>(key);
      if (hit !== undefined) return hit;
    }
    const running = inFlight.get(key) as Promise<T> | undefined;
    if (running && !options.refresh) return running;
    const gathering = (async () => {
      const value = await gather();
      await cache.set(key, value, ttlSeconds);
      return value;
    })();
    inFlight.set(key, gathering);
    try {
      return await gathering;
    } finally {
      if (inFlight.get(key) === gathering) inFlight.delete(key);
    }
  }

  /**
   * Keeps each account's successful gathering, and puts the last one in place of a failed gathering: its messages
   * and counts, marked stale, with this failure's error. One failed refresh never empties an account.
   */
  async function withLastGood<P extends Platform>(
    userId: string,
    mode: DataMode,
    platform: P,
    parts: readonly ConnectionMessages<P>[],
  ): Promise<ConnectionMessages<P>[]> {
    // Sample data never fails, and keeping a copy of it would only take room.
    if (mode.kind === 'sample') return [...parts];
    return Promise.all(
      parts.map(async (part) => {
        const key = `${userPrefix(userId)}${modeKey(mode)}:${platform}:last-good:${part.stats.connection_id}`;
        if (part.stats.status === 'completed') {
          await cache.set(key, part, LAST_GOOD_CACHE_SECONDS);
          return part;
        }
        const good = await cache.get<ConnectionMessages<P>>(key);
        if (!good) return part;
        const { status, error, fetched_at } = part.stats;
        return {
          messages: good.messages,
          stats: { ...good.stats, status, ...(error ? { error } : {}), fetched_at, stale: true },
        };
      }),
    );
  }

  async function tagged<P extends Platform>(
    userId: string,
    mode: DataMode,
    platform: P,
    json: MessageResultJson<P>,
  ): Promise<MessageResultJson<P>> {
    if (mode.kind === 'sample') return json;
    return withTags(json, await deps.tagsByMessage(userId, platform));
  }

  async function findConnection(
    source: MessageSource,
    userId: string,
    platform: Platform,
    connectionId: string,
  ): Promise<PlatformConnection> {
    const connection = (await source.listConnections(userId, platform)).find(
      (candidate) => candidate.id === connectionId,
    );
    if (!connection) throw new HttpError(404, 'Connection not found', 'NOT_FOUND');
    return connection;
  }

  return {
    /** The user's connections on the platform (not cached: it is cheap, and the panel must see changes at once). */
    async listConnections(userId: string, platform: Platform): Promise<ConnectionStatusResponse> {
      const { source } = await resolve(userId);
      return { connections: await source.listConnections(userId, platform) };
    },

    /** Messages of all the user's connections on the platform; cached per user and platform for 300 s. */
    async getMessages<P extends Platform>(
      userId: string,
      platform: P,
      options: FetchOptions,
    ): Promise<MessageResultJson<P>> {
      const { mode, source } = await resolve(userId);
      const key = `${userPrefix(userId)}${modeKey(mode)}:${platform}`;
      const json = await cached(key, PLATFORM_MESSAGES_CACHE_SECONDS, options, async () => {
        const connections = await source.listConnections(userId, platform);
        const parts = connections.length ? await source.fetchMessages(userId, platform, connections) : [];
        return encodeResult(
          platform,
          mergeResult<P>(await withLastGood(userId, mode, platform, parts), deps.clock()),
        );
      });
      return tagged(userId, mode, platform, json);
    },

    /** Messages of one of the user's connections; cached per connection for 60 s. Unknown or not theirs: 404. */
    async getConnectionMessages<P extends Platform>(
      userId: string,
      platform: P,
      connectionId: string,
      options: FetchOptions,
    ): Promise<MessageResultJson<P>> {
      const { mode, source } = await resolve(userId);
      const key = `${userPrefix(userId)}${modeKey(mode)}:${platform}:connection:${connectionId}`;
      const json = await cached(key, CONNECTION_MESSAGES_CACHE_SECONDS, options, async () => {
        const connection = await findConnection(source, userId, platform, connectionId);
        const parts = await source.fetchMessages(userId, platform, [connection]);
        return encodeResult(
          platform,
          mergeResult<P>(await withLastGood(userId, mode, platform, parts), deps.clock()),
        );
      });
      return tagged(userId, mode, platform, json);
    },

    /** Drops everything cached for the user, e.g. after their data source changed. */
    async forgetUser(userId: string): Promise<void> {
      await cache.deleteByPrefix(userPrefix(userId));
    },
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
