import { LRUCache } from 'lru-cache';

/**
 * A time-limited key-value cache. Values must be JSON-serialisable: a shared implementation (Redis) stores them
 * as JSON, so nothing may depend on identity, class instances, `undefined` members or Dates surviving.
 * Callers treat returned values as read-only.
 */
export interface Cache {
  get<T>(key: string): Promise<T | undefined>;
  /**
   * What `get` would answer, at once: only a cache in this process has it (a shared one must be asked over the
   * network). A warm answer that finds everything it needs here is sent without waiting for a promise (decision 172).
   */
  peek?<T>(key: string): T | undefined;
  set(key: string, value: unknown, ttlSeconds: number): Promise<void>;
  delete(key: string): Promise<void>;
  /** Removes every key that starts with `prefix`, e.g. all entries of one user. */
  deleteByPrefix(prefix: string): Promise<void>;
  /**
   * Stores `value` with `stamp`, in one step for every instance; when `expected` is given, only while the entry's
   * stamp is still that one (null: while there is no entry). Answers whether it stored. Two writers that each read
   * an entry, change it and put it back cannot both succeed, so neither change is lost. A key written this way is
   * written only this way (`set` knows no stamps), and callers keep the stamp in the value, as `get` gives values
   * only.
   */
  setStamped(
    key: string,
    value: unknown,
    ttlSeconds: number,
    stamps: { stamp: string; expected?: string | null },
  ): Promise<boolean>;
}

export function assertPositiveTtl(ttlSeconds: number): void {
  if (!(ttlSeconds > 0)) throw new RangeError(`ttlSeconds must be positive, got ${ttlSeconds}`);
}

export type MemoryCacheOptions = {
  /** Entries kept at most; the least recently used go first. */
  maxEntries?: number;
  /** Approximate bound on the JSON size of all values together. */
  maxBytes?: number;
  /** Milliseconds on a monotonic clock; lru-cache uses performance.now() when not given. */
  now?: () => number;
};

const DEFAULT_MAX_ENTRIES = 5_000;
const DEFAULT_MAX_BYTES = 128 * 1024 * 1024;

function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const member of Object.values(value)) deepFreeze(member);
}

/**
 * The single-node cache, bounded by entries and by size. Values are frozen when stored, so code that would
 * mutate a cached value (and behave differently on a shared cache, where every read is a fresh copy) fails loudly.
 */
export function createMemoryCache(options: MemoryCacheOptions = {}): Cache {
  const store = new LRUCache<string, { value: unknown; stamp?: string }>({
    max: options.maxEntries ?? DEFAULT_MAX_ENTRIES,
    maxSize: options.maxBytes ?? DEFAULT_MAX_BYTES,
    sizeCalculation: (entry) => Math.max(1, JSON.stringify(entry.value)?.length ?? 1),
    // Read the clock on every check rather than caching it for a millisecond: expiry stays exact and cheap.
    ttlResolution: 0,
    ...(options.now ? { perf: { now: options.now } } : {}),
  });

  const peek = <T>(key: string) => store.get(key)?.value as T | undefined;
  return {
    async get<T>(key: string): Promise<T | undefined> {
      return peek<T>(key);
    },

    peek,

    async set(key: string, value: unknown, ttlSeconds: number): Promise<void> {
      assertPositiveTtl(ttlSeconds);
      deepFreeze(value);
      store.set(key, { value }, { ttl: ttlSeconds * 1000 });
    },

    async setStamped(key, value, ttlSeconds, { stamp, expected }): Promise<boolean> {
      assertPositiveTtl(ttlSeconds);
      // No await between the check and the write: nothing else in this process runs in between.
      if (expected !== undefined && (store.get(key)?.stamp ?? null) !== expected) return false;
      deepFreeze(value);
      store.set(key, { value, stamp }, { ttl: ttlSeconds * 1000 });
      return true;
    },

    async delete(key: string): Promise<void> {
      store.delete(key);
    },

    async deleteByPrefix(prefix: string): Promise<void> {
      for (const key of [...store.keys()]) {
        if (key.startsWith(prefix)) store.delete(key);
      }
    },
  };
}
