import { LRUCache } from 'lru-cache';
import { tooManyRequests } from '../../lib/rate-limit.ts';

/**
 * Guessing a password is slowed rather than blocked (decision 063):
 * - each account (and each recognised device of it) gets `freeFailures` failed attempts at full speed; after
 *   that every attempt must wait `baseDelayMs` × 2^(failures − freeFailures) since the last one, up to
 *   `maxDelayMs`; a success clears it, a day without attempts forgets it;
 * - the attempt is counted before the password is checked, in the same synchronous step that decides whether
 *   it may run, so a burst of concurrent guesses runs no more checks than a patient guesser would.
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

export function createLoginThrottle(clock: () => number, rule = loginThrottleRule) {
  const entries = new LRUCache<string, Entry>({ max: MAX_TRACKED_KEYS, ttl: rule.forgetAfterMs });

  const delayAfter = (failures: number) =>
    failures < rule.freeFailures
      ? 0
      : Math.min(rule.maxDelayMs, rule.baseDelayMs * 2 ** (failures - rule.freeFailures));

  return {
    /**
     * Counts an attempt for `key` as a failure until `forget` says it succeeded, or throws 429 with Retry-After
     * when the key must still wait.
     */
    begin(key: string): void {
      const now = clock();
      const entry = entries.get(key) ?? { failures: 0, lastAttemptAt: 0 };
      const waitUntil = entry.lastAttemptAt + delayAfter(entry.failures);
      if (now < waitUntil) throw tooManyRequests(waitUntil - now);
      entries.set(key, { failures: entry.failures + 1, lastAttemptAt: now });
    },

    /** Forgets a key's failures: its attempt succeeded, or a password reset proved the mailbox. */
    forget(key: string): void {
      entries.delete(key);
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
