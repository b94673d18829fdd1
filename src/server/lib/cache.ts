import { LRUCache } from 'lru-cache';

/**
 * A time-limited key-value cache. Values must be JSON-serialisable: a shared implementation (Redis) stores them
 * as JSON, so nothing may depend on identity, class instances, `undefined` members or Dates surviving.
 * Callers treat returned values as read-only.
 */
export interface Cache {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown, ttlSeconds: number): Promise<void>;
  delete(key: string): Promise<void>;
  /** Removes every key that starts with `prefix`, e.g. all entries of one user. */
  deleteByPrefix(prefix: string): Promise<void>;
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
  const store = new LRUCache<string, { value: unknown }>({
    max: options.maxEntries ?? DEFAULT_MAX_ENTRIES,
    maxSize: options.maxBytes ?? DEFAULT_MAX_BYTES,
    sizeCalculation: (entry) => Math.max(1, JSON.stringify(entry.value)?.length ?? 1),
    // Read the clock on every check rather than caching it for a millisecond: expiry stays exact and cheap.
    ttlResolution: 0,
    ...(options.now ? { perf: { now: options.now } } : {}),
  });

  return {
    async get<T>(key: string): Promise<T | undefined> {
      return store.get(key)?.value as T | undefined;
    },

    async set(key: string, value: unknown, ttlSeconds: number): Promise<void> {
      if (!(ttlSeconds > 0)) throw new RangeError(`ttlSeconds must be positive, got ${ttlSeconds}`);
      deepFreeze(value);
      store.set(key, { value }, { ttl: ttlSeconds * 1000 });
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
