import { randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
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
  type SourceMessageByPlatform,
  type Tag,
} from '../../../contract/messages.ts';
import type { Cache } from '../../lib/cache.ts';
import { encodeAnswer, type EncodedAnswer } from '../../lib/encoded-answer.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { DataMode } from '../test-mode/test-mode.service.ts';
import { withOutcome } from '../../../contract/rules.ts';
import { createFoldedTexts, foldedTextOf, overlayAnswer, type MessageRules } from './answer-overlay.ts';
import {
  createGatheredCache,
  isGathered,
  STAMPED_WRITE_ATTEMPTS,
  type CachedResult,
  type GatheredResult,
} from './gathered-cache.ts';
import { applyLiveChanges, type LiveChanges, type LiveOutcome } from './live-merge.ts';
import type { ConnectionMessages, MessageSource } from './message-source.ts';

export type MessagesServiceDeps = {
  dataModeFor: (userId: string) => Promise<DataMode>;
  sources: { sample: (language: Language) => MessageSource; live: MessageSource };
  cache: Cache;
  /**
   * The user's own tags of their tagged messages on a platform, by `platform_message_id`. Tags change more often
   * than messages are gathered, so they are kept out of the gathered result and laid over it when an answer is
   * encoded; `tagsChanged` makes the next answer take them in again. Sample messages carry their (read-only)
   * sample tags already.
   */
  tagsByMessage: (userId: string, platform: Platform) => Promise<ReadonlyMap<string, Tag[]>>;
  /**
   * The user's rules that apply now (decision 156), or null when they have none. Like tags, their outcome is laid
   * over cached and live messages alike, never kept with them; `rulesChanged` makes the next answer take them in.
   */
  rulesFor: (userId: string) => Promise<MessageRules | null>;
  /** Milliseconds since the epoch. */
  clock: () => number;
  /** Told of every request for a platform's messages, e.g. to keep gathering them in the background. */
  onAsked?: (userId: string, platform: Platform) => void;
  /** Told of every fresh gathering, for the account's counts (decision 124); never given anything to keep. */
  onGathered: <P extends Platform>(
    userId: string,
    platform: P,
    parts: ConnectionMessages<P>[],
  ) => Promise<void>;
};

export type FetchOptions = {
  /** Skip the cache, gather afresh and refill it. */
  refresh: boolean;
  /** The gathering runs ahead of the person (a background job), not at their asking. */
  background?: boolean;
};

/** Bump when the cached result shape changes, so a shared cache never hands an old shape to new code. */
const CACHE_VERSION = 'v4';
/**
 * How long an account's last good messages are kept to stand in for a failed gathering (docs/decisions/080). Like
 * every cached message, they live only in the cache and only for a time.
 */
export const LAST_GOOD_CACHE_SECONDS = 24 * 60 * 60;
/** How long a user's data mode (sample or live) is remembered; changing test mode forgets it at once. */
const DATA_MODE_CACHE_SECONDS = 60;

/**
 * Encoded answers, in this process only: bytes are not JSON for a shared cache, and each instance encodes its own
 * from the shared gathered result. Bounded by their bytes; an entry is used only while the gathered result and the
 * user's tags are those it was made from.
 */
const ANSWER_CACHE_BYTES = 256 * 1024 * 1024;
type StoredAnswer = { gatheredId: string; overlayVersion: string; answer: EncodedAnswer };
/** How long a user's compiled rules are reused in this process while their versions stay the same. */
const RULES_MEMO_SECONDS = 60;

function userPrefix(userId: string): string {
  return `messages:${CACHE_VERSION}:${userId}:`;
}

/** The part of live changes that concerns one connection, for that connection's own cached result. */
function changesOf<P extends Platform>(changes: LiveChanges<P>, connectionId: string): LiveChanges<P> {
  const upsert = changes.upsert.filter((message) => message.account_info.connection_id === connectionId);
  return changes.remove?.connectionId === connectionId ? { upsert, remove: changes.remove } : { upsert };
}

function modeKey(mode: DataMode): string {
  return mode.kind === 'sample' ? `sample-${mode.language}` : 'live';
}

/** Where a user's gathered result of a platform, and its encoded answer, are kept. */
function answerKey(userId: string, mode: DataMode, platform: Platform): string {
  return `${userPrefix(userId)}${modeKey(mode)}:${platform}`;
}

/** Where the version of a user's tags or rules is kept. */
function versionKey(userId: string, kind: 'tags' | 'rules'): string {
  return `${userPrefix(userId)}${kind}-version`;
}

/** The versions an answer's overlay is made from, as one text; sample users' tags are the sample's and never change. */
function overlayText(mode: DataMode, tagsVersion: string, rulesVersion: string): string {
  return `${mode.kind === 'sample' ? 'sample' : tagsVersion}|${rulesVersion}`;
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

/**
 * Gathered results are checked against the contract before they are cached; sample data is the app's own output,
 * held to the same schemas by its tests, and checking 10,000 sample messages on every miss would cost more than
 * building them.
 */
function encodeResult<P extends Platform>(
  platform: P,
  mode: DataMode,
  result: MessageResultByPlatform[P],
): GatheredResult {
  const checked = mode.kind === 'sample' ? result : messageResultSchemas[platform].parse(result);
  return { json: JSON.stringify(checked), id: randomUUID() };
}

export function createMessagesService(deps: MessagesServiceDeps) {
  const { cache } = deps;
  const gatheredCache = createGatheredCache(cache);
  const answers = new LRUCache<string, StoredAnswer>({
    maxSize: ANSWER_CACHE_BYTES,
    sizeCalculation: ({ answer }) => answer.identity.length + answer.br.length + answer.gzip.length,
    ttl: PLATFORM_MESSAGES_CACHE_SECONDS * 1000,
  });
  const newVersions = new Map<string, Promise<string>>();
  const foldedTexts = createFoldedTexts();
  const rulesMemo = new LRUCache<string, { rules: MessageRules | null }>({
    max: 10_000,
    ttl: RULES_MEMO_SECONDS * 1000,
  });
  /** Concurrent requests for an answer not yet encoded share one encoding. */
  const encoding = new Map<string, Promise<EncodedAnswer>>();

  async function resolve(userId: string): Promise<{ mode: DataMode; source: MessageSource }> {
    const modeCacheKey = `${userPrefix(userId)}mode`;
    let mode = await cache.get<DataMode>(modeCacheKey);
    if (!mode) {
      mode = await deps.dataModeFor(userId);
      await cache.set(modeCacheKey, mode, DATA_MODE_CACHE_SECONDS);
    }
    return { mode, source: mode.kind === 'sample' ? deps.sources.sample(mode.language) : deps.sources.live };
  }

  /** Lays live changes kept while a result was gathered over it (see `createGatheredCache`). */
  const layOverFor =
    <P extends Platform>(platform: P, mode: DataMode) =>
    (gathered: GatheredResult, pending: readonly LiveChanges<Platform>[]): GatheredResult => {
      let result = JSON.parse(gathered.json) as MessageResultByPlatform[P];
      for (const changes of pending)
        result = applyLiveChanges<P>(result, changes as LiveChanges<P>).result ?? result;
      return encodeResult(platform, mode, result);
    };

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
        const key = `${answerKey(userId, mode, platform)}:last-good:${part.stats.connection_id}`;
        if (part.stats.status === 'completed') {
          // A reused gathering was kept when it was made, and its copy would wrongly say it was reused.
          if (!part.stats.reused) await cache.set(key, part, LAST_GOOD_CACHE_SECONDS);
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

  /** Takes removed messages out of an account's last good copy, if it holds them. */
  async function forgetLastGood(key: string, ids: readonly string[]): Promise<void> {
    const gone = new Set(ids);
    const good = await cache.get<ConnectionMessages<Platform>>(key);
    if (!good?.messages.some((message) => gone.has(message.platform_message_id))) return;
    const messages = good.messages.filter((message) => !gone.has(message.platform_message_id));
    await cache.set(key, { ...good, messages }, LAST_GOOD_CACHE_SECONDS);
  }

  /**
   * The version of the user's tags or rules: a new one after every change, kept in the shared cache so every
   * instance sees a change at once.
   */
  async function versionOf(userId: string, kind: 'tags' | 'rules'): Promise<string> {
    const key = versionKey(userId, kind);
    const known = await cache.get<string>(key);
    if (known) return known;
    // Requests that find no version at once share the one that the first of them sets.
    let fresh = newVersions.get(key);
    if (!fresh) {
      fresh = (async () => {
        try {
          const version = randomUUID();
          await cache.set(key, version, LAST_GOOD_CACHE_SECONDS);
          return version;
        } finally {
          newVersions.delete(key);
        }
      })();
      newVersions.set(key, fresh);
    }
    return fresh;
  }

  /** The versions an answer's overlay is made from. */
  async function overlayVersion(userId: string, mode: DataMode): Promise<string> {
    return overlayText(
      mode,
      mode.kind === 'sample' ? '' : await versionOf(userId, 'tags'),
      await versionOf(userId, 'rules'),
    );
  }

  /** The user's rules, compiled once per version of their rules and tags (a tag's deletion skips its rules). */
  async function rulesOf(userId: string, version: string): Promise<MessageRules | null> {
    const key = `${userId}|${version}`;
    const memo = rulesMemo.get(key);
    if (memo) return memo.rules;
    const rules = await deps.rulesFor(userId);
    rulesMemo.set(key, { rules });
    return rules;
  }

  /** The encoded answer for a gathered result with the user's current tags and rules, encoded once per change. */
  async function answerFor<P extends Platform>(
    key: string,
    userId: string,
    mode: DataMode,
    platform: P,
    gathered: GatheredResult,
  ): Promise<EncodedAnswer> {
    const version = await overlayVersion(userId, mode);
    const stored = answers.get(key);
    if (stored?.gatheredId === gathered.id && stored.overlayVersion === version) return stored.answer;
    const encodingKey = `${key}|${gathered.id}|${version}`;
    const running = encoding.get(encodingKey);
    if (running) return running;
    const encoded = (async () => {
      try {
        const json = overlayAnswer<P>(gathered.json, {
          tags: mode.kind === 'sample' ? null : await deps.tagsByMessage(userId, platform),
          rules: await rulesOf(userId, version),
          folded: foldedTexts.forResult(key),
        });
        const answer = await encodeAnswer(json);
        answers.set(key, { gatheredId: gathered.id, overlayVersion: version, answer });
        return answer;
      } finally {
        encoding.delete(encodingKey);
      }
    })();
    encoding.set(encodingKey, encoded);
    return encoded;
  }

  /**
   * The answer already encoded for the user's platform, when everything it depends on is in this process: the
   * user's data mode, the gathered result and the versions of their tags and rules, read at once from a cache in
   * this process (`Cache.peek`) and checked exactly as `answerFor` checks them. Undefined sends the request the
   * whole way (a miss, a change since, or a shared cache): the same answer, a few promises later (decision 172).
   */
  function warmAnswer(userId: string, platform: Platform): EncodedAnswer | undefined {
    if (!cache.peek) return undefined;
    const mode = cache.peek<DataMode>(`${userPrefix(userId)}mode`);
    if (!mode) return undefined;
    const key = answerKey(userId, mode, platform);
    const stored = answers.get(key);
    const gathered = cache.peek<CachedResult>(key);
    if (!stored || !isGathered(gathered) || stored.gatheredId !== gathered.id) return undefined;
    const tags = mode.kind === 'sample' ? '' : cache.peek<string>(versionKey(userId, 'tags'));
    const rules = cache.peek<string>(versionKey(userId, 'rules'));
    return tags !== undefined &&
      rules !== undefined &&
      stored.overlayVersion === overlayText(mode, tags, rules)
      ? stored.answer
      : undefined;
  }

  /** The user's gathered messages of a platform, from the shared cache or gathered afresh into it. */
  async function gatherPlatform<P extends Platform>(userId: string, platform: P, options: FetchOptions) {
    const { mode, source } = await resolve(userId);
    const key = answerKey(userId, mode, platform);
    let accounts: ConnectionMessages<P>['stats'][] = [];
    const gathered = await gatheredCache.cached(
      key,
      PLATFORM_MESSAGES_CACHE_SECONDS,
      options,
      async () => {
        const connections = await source.listConnections(userId, platform);
        const forced = options.refresh && !options.background;
        const parts = connections.length
          ? await source.fetchMessages(userId, platform, connections, { forced })
          : [];
        await deps.onGathered(userId, platform, parts);
        accounts = parts.map((part) => part.stats);
        return encodeResult(
          platform,
          mode,
          mergeResult<P>(await withLastGood(userId, mode, platform, parts), deps.clock()),
        );
      },
      layOverFor(platform, mode),
    );
    return { mode, key, gathered, accounts };
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

  /**
   * Lays live changes over the cached result (see `applyLiveChanges` below), retrying while other changes replace
   * it; with nothing cached, every upserted message counts as added.
   */
  async function layLiveChanges<P extends Platform>(
    userId: string,
    mode: DataMode,
    platform: P,
    changes: LiveChanges<P>,
  ): Promise<LiveOutcome<P>> {
    const none: LiveOutcome<P> = { added: [], changed: [], removed: [] };
    const key = answerKey(userId, mode, platform);
    const connectionIds = new Set(changes.upsert.map((message) => message.account_info.connection_id));
    if (changes.remove) connectionIds.add(changes.remove.connectionId);
    for (const connectionId of connectionIds) {
      await gatheredCache.supersede(
        `${key}:connection:${connectionId}`,
        CONNECTION_MESSAGES_CACHE_SECONDS,
        changesOf(changes, connectionId),
      );
    }
    if (changes.remove)
      await forgetLastGood(`${key}:last-good:${changes.remove.connectionId}`, changes.remove.ids);
    // Read, change, store while unchanged: of two changes laid over one result at once, the second tries again
    // on the first's result instead of storing over it.
    for (let attempt = 0; attempt < STAMPED_WRITE_ATTEMPTS; attempt += 1) {
      const gathered = await gatheredCache.read(key);
      if (!isGathered(gathered)) break;
      const cachedResult = JSON.parse(gathered.json) as MessageResultByPlatform[P];
      const { result, outcome } = applyLiveChanges<P>(cachedResult, changes);
      if (!result) return outcome;
      const ageSeconds = (deps.clock() - Date.parse(cachedResult.fetched_at)) / 1000;
      const left = Math.max(1, Math.round(PLATFORM_MESSAGES_CACHE_SECONDS - ageSeconds));
      const next = encodeResult(platform, mode, result);
      if (await gatheredCache.replace(key, next, left, gathered.id)) return outcome;
    }
    await gatheredCache.supersede(key, PLATFORM_MESSAGES_CACHE_SECONDS, changes);
    return { ...none, added: [...changes.upsert] };
  }

  return {
    /** The user's connections on the platform (not cached: it is cheap, and the panel must see changes at once). */
    async listConnections(userId: string, platform: Platform): Promise<ConnectionStatusResponse> {
      const { source } = await resolve(userId);
      return { connections: await source.listConnections(userId, platform) };
    },

    /**
     * The answer `getMessages` would give without a refresh, when it is encoded already and current: sent at once,
     * without waiting (see `warmAnswer`); undefined otherwise.
     */
    warmMessages(userId: string, platform: Platform): EncodedAnswer | undefined {
      const answer = warmAnswer(userId, platform);
      if (answer) deps.onAsked?.(userId, platform);
      return answer;
    },

    /** Messages of all the user's connections on the platform; cached per user and platform for 300 s. */
    async getMessages<P extends Platform>(
      userId: string,
      platform: P,
      options: FetchOptions,
    ): Promise<EncodedAnswer> {
      const { mode, key, gathered } = await gatherPlatform(userId, platform, options);
      deps.onAsked?.(userId, platform);
      return answerFor(key, userId, mode, platform, gathered);
    },

    /**
     * The user's gathered messages of a platform as the list has them (gathered first when nothing is cached), with
     * the id of that gathering: a new id whenever the cached result is replaced, so what is built from it (the
     * search index) knows when to build again. `read` parses the result only when asked.
     */
    async gatheredMessages<P extends Platform>(
      userId: string,
      platform: P,
    ): Promise<{ id: string; read: () => MessageResultByPlatform[P] }> {
      const { gathered } = await gatherPlatform(userId, platform, { refresh: false });
      return { id: gathered.id, read: () => JSON.parse(gathered.json) as MessageResultByPlatform[P] };
    },

    /**
     * Gathers the platform's messages into the shared cache ahead of the user's next request (a background job,
     * issue 16): `idle` when there is nothing to gather (sample data, no connections), `faults` when an account
     * failed in a way worth retrying (its last good messages stand in meanwhile).
     */
    async gatherAhead(userId: string, platform: Platform): Promise<'gathered' | 'idle' | 'faults'> {
      const { mode } = await resolve(userId);
      if (mode.kind === 'sample') return 'idle';
      const { accounts } = await gatherPlatform(userId, platform, { refresh: true, background: true });
      if (accounts.length === 0) return 'idle';
      const retryable = accounts.some(
        (stats) => stats.status === 'error' && stats.error?.code !== 'REAUTH_REQUIRED',
      );
      return retryable ? 'faults' : 'gathered';
    },

    /** Messages of one of the user's connections; cached per connection for 60 s. Unknown or not theirs: 404. */
    async getConnectionMessages<P extends Platform>(
      userId: string,
      platform: P,
      connectionId: string,
      options: FetchOptions,
    ): Promise<EncodedAnswer> {
      const { mode, source } = await resolve(userId);
      const key = `${answerKey(userId, mode, platform)}:connection:${connectionId}`;
      const gathered = await gatheredCache.cached(
        key,
        CONNECTION_MESSAGES_CACHE_SECONDS,
        options,
        async () => {
          const connection = await findConnection(source, userId, platform, connectionId);
          const parts = await source.fetchMessages(userId, platform, [connection], {
            forced: options.refresh,
          });
          await deps.onGathered(userId, platform, parts);
          return encodeResult(
            platform,
            mode,
            mergeResult<P>(await withLastGood(userId, mode, platform, parts), deps.clock()),
          );
        },
        layOverFor(platform, mode),
      );
      return answerFor(key, userId, mode, platform, gathered);
    },

    /** Drops everything cached for the user, e.g. after their data source changed. */
    async forgetUser(userId: string): Promise<void> {
      await cache.deleteByPrefix(userPrefix(userId));
      for (const key of [...answers.keys()]) if (key.startsWith(userPrefix(userId))) answers.delete(key);
    },

    /**
     * Changes that arrived live (a Slack event, a ChatWork webhook), already classified for the user: laid over the
     * cached answer for the platform when there is one, with the time it had left; the per-connection answers of
     * their connections dropped; removed messages also taken out of the accounts' last good messages, so a failed
     * gathering never brings a deleted message back. With nothing cached, the next request gathers anyway, and
     * every upserted message counts as added.
     */
    async applyLiveChanges<P extends Platform>(
      userId: string,
      platform: P,
      changes: LiveChanges<P>,
    ): Promise<LiveOutcome<P>> {
      const { mode } = await resolve(userId);
      if (mode.kind === 'sample') return { added: [], changed: [], removed: [] };
      const outcome = await layLiveChanges(userId, mode, platform, changes);
      const rules = await rulesOf(userId, await overlayVersion(userId, mode));
      if (!rules) return outcome;
      // What goes out live carries the rules' outcome, as the next answer will.
      const decided = (message: SourceMessageByPlatform[P]) =>
        withOutcome(
          message,
          rules.decide(message, () => foldedTextOf(message)),
        );
      return { ...outcome, added: outcome.added.map(decided), changed: outcome.changed.map(decided) };
    },

    /** The user's tags or tagged messages changed: the next answer lays the new ones over the messages. */
    async tagsChanged(userId: string): Promise<void> {
      await cache.set(versionKey(userId, 'tags'), randomUUID(), LAST_GOOD_CACHE_SECONDS);
    },

    /** The user's rules or their mode changed: the next answer and live update apply the new ones. */
    async rulesChanged(userId: string): Promise<void> {
      await cache.set(versionKey(userId, 'rules'), randomUUID(), LAST_GOOD_CACHE_SECONDS);
    },
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
