import type { Redis } from 'ioredis';
import type { Cache } from './cache.ts';

const BUFFER_TAG = '$buffer';
const SCAN_BATCH = 500;

/** Buffers travel as base64 under a tag: `JSON.stringify` alone would write them as arrays of numbers. */
function replaceBuffers(this: Record<string, unknown>, key: string, value: unknown): unknown {
  const original = this[key];
  return Buffer.isBuffer(original) ? { [BUFFER_TAG]: original.toString('base64') } : value;
}

function reviveBuffers(_key: string, value: unknown): unknown {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const encoded = (value as Record<string, unknown>)[BUFFER_TAG];
    if (typeof encoded === 'string' && Object.keys(value).length === 1) return Buffer.from(encoded, 'base64');
  }
  return value;
}

function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, '\\$&');
}

/**
 * The cache shared by every instance (issue 16). Values are stored as JSON with Redis's own expiry; Buffers (the
 * encoded message answers) survive the trip. Every read is a fresh copy, as the Cache interface promises.
 */
export function createRedisCache(redis: Redis, prefix: string): Cache {
  const keyOf = (key: string) => `${prefix}cache:${key}`;
  return {
    async get<T>(key: string): Promise<T | undefined> {
      const stored = await redis.get(keyOf(key));
      return stored === null ? undefined : (JSON.parse(stored, reviveBuffers) as T);
    },

    async set(key: string, value: unknown, ttlSeconds: number): Promise<void> {
      if (!(ttlSeconds > 0)) throw new RangeError(`ttlSeconds must be positive, got ${ttlSeconds}`);
      await redis.set(keyOf(key), JSON.stringify(value, replaceBuffers), 'PX', Math.ceil(ttlSeconds * 1000));
    },

    async delete(key: string): Promise<void> {
      await redis.unlink(keyOf(key));
    },

    async deleteByPrefix(keyPrefix: string): Promise<void> {
      const stream = redis.scanStream({ match: `${escapeGlob(keyOf(keyPrefix))}*`, count: SCAN_BATCH });
      for await (const keys of stream as AsyncIterable<string[]>) {
        if (keys.length > 0) await redis.unlink(...keys);
      }
    },
  };
}
