import type { Redis } from 'ioredis';
import { assertPositiveTtl, type Cache } from './cache.ts';

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

/**
 * KEYS: the value, its stamp. ARGV: the value, the stamp, the lifetime in ms, and the stamp expected ('' for any,
 * '-' for no entry). Stamps are UUIDs, so neither marker can be one.
 */
const SET_STAMPED = `
local current = redis.call('GET', KEYS[2])
if ARGV[4] == '-' then
  if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
elseif ARGV[4] ~= '' and current ~= ARGV[4] then
  return 0
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[3])
redis.call('SET', KEYS[2], ARGV[2], 'PX', ARGV[3])
return 1`;

function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, '\\$&');
}

/**
 * The cache shared by every instance (issue 16). Values are stored as JSON with Redis's own expiry; Buffers (the
 * encoded message answers) survive the trip. Every read is a fresh copy, as the Cache interface promises.
 */
export function createRedisCache(redis: Redis, prefix: string): Cache {
  const keyOf = (key: string) => `${prefix}cache:${key}`;
  // Beside its value and under the same prefix, so deleting by prefix takes both.
  const stampKeyOf = (key: string) => `${prefix}cache:${key}#stamp`;
  return {
    async get<T>(key: string): Promise<T | undefined> {
      const stored = await redis.get(keyOf(key));
      return stored === null ? undefined : (JSON.parse(stored, reviveBuffers) as T);
    },

    async set(key: string, value: unknown, ttlSeconds: number): Promise<void> {
      assertPositiveTtl(ttlSeconds);
      await redis.set(keyOf(key), JSON.stringify(value, replaceBuffers), 'PX', Math.ceil(ttlSeconds * 1000));
    },

    async setStamped(key, value, ttlSeconds, { stamp, expected }): Promise<boolean> {
      assertPositiveTtl(ttlSeconds);
      const stored = await redis.eval(
        SET_STAMPED,
        2,
        keyOf(key),
        stampKeyOf(key),
        JSON.stringify(value, replaceBuffers),
        stamp,
        Math.ceil(ttlSeconds * 1000),
        expected === undefined ? '' : (expected ?? '-'),
      );
      return stored === 1;
    },

    async delete(key: string): Promise<void> {
      await redis.unlink(keyOf(key), stampKeyOf(key));
    },

    async deleteByPrefix(keyPrefix: string): Promise<void> {
      const stream = redis.scanStream({ match: `${escapeGlob(keyOf(keyPrefix))}*`, count: SCAN_BATCH });
      for await (const keys of stream as AsyncIterable<string[]>) {
        if (keys.length > 0) await redis.unlink(...keys);
      }
    },
  };
}
