import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/** A lock held for at most `ttlMs`; `release` frees it only for the holder whose token it was given. */
export interface Lock {
  /** The holder's token, or null while someone else holds it. */
  acquire(key: string, ttlMs: number): Promise<string | null>;
  release(key: string, token: string): Promise<void>;
}

/** Deletes the key only while it still holds the caller's token: a holder whose lock lapsed frees nobody else's. */
const RELEASE_IF_HELD = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/** A lock across instances: SET NX PX with a random token, released by compare-and-delete. */
export function createRedisLock(redis: Redis, prefix: string): Lock {
  const keyOf = (key: string) => `${prefix}lock:${key}`;
  return {
    async acquire(key, ttlMs) {
      const token = randomUUID();
      return (await redis.set(keyOf(key), token, 'PX', ttlMs, 'NX')) === 'OK' ? token : null;
    },
    async release(key, token) {
      await redis.eval(RELEASE_IF_HELD, 1, keyOf(key), token);
    },
  };
}
