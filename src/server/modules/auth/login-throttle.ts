import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { tooManyRequests } from '../../lib/rate-limit.ts';

/**
 * Guessing a password is slowed rather than blocked (decision 063):
 * - each account (and each recognised device of it) gets `freeFailures` failed attempts at full speed; after
 *   that every attempt must wait `baseDelayMs` × 2^(failures − freeFailures) since the last one, up to
 *   `maxDelayMs`; a success clears it, a day without attempts forgets it;
 * - the attempt is counted before the password is checked, in the same synchronous step that decides whether
 *   it may run, so a burst of concurrent guesses runs no more checks than a patient guesser would; with several
 *   instances that step is one script in Redis, so guesses spread over instances are counted together.
 */
export const loginThrottleRule = {
  freeFailures: 5,
  baseDelayMs: 1000,
  maxDelayMs: 15 * 60_000,
  forgetAfterMs: 24 * 60 * 60_000,
};
/** Bounds memory whatever the number of addresses tried; the oldest entries go first. */
const MAX_TRACKED_KEYS = 100_000;

type Entry = { failures: number; lastAttemptAt: number };

/**
 * The same count and wait in one atomic step in Redis, for several instances: a hash of failures and the last
 * attempt's time, forgotten `forgetAfterMs` after the last attempt. Answers how long to wait, 0 when counted.
 */
const BEGIN_SCRIPT = `
local now, free, base, max, forget = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
local failures = tonumber(redis.call('hget', KEYS[1], 'failures') or '0')
local last = tonumber(redis.call('hget', KEYS[1], 'last') or '0')
local delay = 0
if failures >= free then delay = math.min(max, base * 2 ^ (failures - free)) end
if now < last + delay then return last + delay - now end
redis.call('hset', KEYS[1], 'failures', failures + 1, 'last', now)
redis.call('pexpire', KEYS[1], forget)
return 0`;

export function createLoginThrottle(
  clock: () => number,
  rule = loginThrottleRule,
  shared?: { redis: Redis; prefix: string },
) {
  const entries = new LRUCache<string, Entry>({ max: MAX_TRACKED_KEYS, ttl: rule.forgetAfterMs });

  const delayAfter = (failures: number) =>
    failures < rule.freeFailures
      ? 0
      : Math.min(rule.maxDelayMs, rule.baseDelayMs * 2 ** (failures - rule.freeFailures));

  function beginInMemory(key: string, now: number): number {
    const entry = entries.get(key) ?? { failures: 0, lastAttemptAt: 0 };
    const waitUntil = entry.lastAttemptAt + delayAfter(entry.failures);
    if (now < waitUntil) return waitUntil - now;
    entries.set(key, { failures: entry.failures + 1, lastAttemptAt: now });
    return 0;
  }

  const redisKey = (key: string) => `${shared?.prefix}login-throttle:${key}`;

  return {
    /**
     * Counts an attempt for `key` as a failure until `forget` says it succeeded, or throws 429 with Retry-After
     * when the key must still wait.
     */
    async begin(key: string): Promise<void> {
      const now = clock();
      const waitMs = shared
        ? Number(
            await shared.redis.eval(
              BEGIN_SCRIPT,
              1,
              redisKey(key),
              now,
              rule.freeFailures,
              rule.baseDelayMs,
              rule.maxDelayMs,
              rule.forgetAfterMs,
            ),
          )
        : beginInMemory(key, now);
      if (waitMs > 0) throw tooManyRequests(waitMs);
    },

    /** Forgets a key's failures: its attempt succeeded, or a password reset proved the mailbox. */
    async forget(key: string): Promise<void> {
      if (shared) await shared.redis.unlink(redisKey(key));
      else entries.delete(key);
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
