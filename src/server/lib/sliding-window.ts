import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * Counts calls in a sliding window: a log of when each call was made, so that no `windowMs` span, wherever it
 * starts, ever holds more than `limit` calls. A fixed window lets up to twice its limit through across its edge
 * (the end of one window and the start of the next); a provider that counts "per minute" may refuse that.
 *
 * A call made at time t counts while `now - t < windowMs`: at exactly t + windowMs it has left.
 */

export type SlidingTake = { ok: true } | { ok: false; retryAfterMs: number };

export interface SlidingWindow {
  /**
   * Records `count` calls under `key` now if, with them, the last `windowMs` holds at most `limit`; otherwise
   * records none and answers how long until enough of the oldest calls have left for all `count` to fit.
   * Throws a RangeError when `count` is over `limit`, which could never fit.
   */
  take(key: string, count: number, limit: number, windowMs: number): Promise<SlidingTake>;
  /** Calls recorded under `key` in the last `windowMs`. */
  used(key: string, windowMs: number): Promise<number>;
}

/** Milliseconds since the epoch. */
export type Clock = () => number;

/**
 * How long until `count` more calls fit under `limit`, given the times (oldest first) of the calls still in the
 * window: until the oldest calls in excess have left. Infinity when `count` alone is over `limit`.
 */
export function waitForRoom(
  times: readonly number[],
  count: number,
  limit: number,
  windowMs: number,
  now: number,
): number {
  const mustLeave = times.length + count - limit;
  if (mustLeave <= 0) return 0;
  if (mustLeave > times.length) return Number.POSITIVE_INFINITY;
  return times[mustLeave - 1]! + windowMs - now;
}

/** A take larger than its limit could never succeed: that is a mistake in the caller, not a busy minute. */
function checkFits(count: number, limit: number): void {
  if (count > limit) throw new RangeError(`cannot take ${count} calls under a limit of ${limit}`);
}

/** Keeps an idle key's log this long at least before a sweep may drop it; longer than any window we count. */
const SWEEP_EVERY_MS = 5 * 60_000;

/**
 * Logs of call times per key in this process, oldest first. Each key's log is trimmed when it is read; keys no one
 * has used for a while are dropped by an occasional sweep, so the map does not grow with every key ever seen.
 */
export class TimestampLogs {
  private readonly logs = new Map<string, { times: number[]; windowMs: number }>();
  private lastSweepMs = Number.NEGATIVE_INFINITY;
  private readonly clock: Clock;

  constructor(clock: Clock) {
    this.clock = clock;
  }

  /** The times of calls under `key` in the last `windowMs`, oldest first (the array is the log itself). */
  inWindow(key: string, windowMs: number): readonly number[] {
    const now = this.clock();
    this.sweep(now);
    const log = this.logs.get(key);
    if (!log) return [];
    log.windowMs = Math.max(log.windowMs, windowMs);
    const firstInWindow = log.times.findIndex((time) => now - time < windowMs);
    if (firstInWindow === -1) log.times.length = 0;
    else if (firstInWindow > 0) log.times.splice(0, firstInWindow);
    return log.times;
  }

  add(key: string, count: number, windowMs: number): void {
    const now = this.clock();
    let log = this.logs.get(key);
    if (!log) {
      log = { times: [], windowMs };
      this.logs.set(key, log);
    }
    // A clock set back (by an operator, or a test) would leave the log out of order; keep it oldest first.
    const outOfOrder = (log.times.at(-1) ?? now) > now;
    for (let n = 0; n < count; n += 1) log.times.push(now);
    if (outOfOrder) log.times.sort((a, b) => a - b);
  }

  private sweep(now: number): void {
    if (now - this.lastSweepMs < SWEEP_EVERY_MS) return;
    this.lastSweepMs = now;
    for (const [key, log] of this.logs) {
      const newest = log.times.at(-1);
      if (newest === undefined || now - newest >= log.windowMs) this.logs.delete(key);
    }
  }
}

/** The sliding window of one process. */
export function createMemorySlidingWindow(clock: Clock): SlidingWindow {
  const logs = new TimestampLogs(clock);
  return {
    async take(key, count, limit, windowMs) {
      checkFits(count, limit);
      const wait = waitForRoom(logs.inWindow(key, windowMs), count, limit, windowMs, clock());
      if (wait > 0) return { ok: false, retryAfterMs: wait };
      logs.add(key, count, windowMs);
      return { ok: true };
    },
    async used(key, windowMs) {
      return logs.inWindow(key, windowMs).length;
    },
  };
}

/**
 * Trims, counts and adds in one step, so instances sharing Redis never both take the last room. One sorted set
 * per key: a member per call, scored by its time; members carry a random tag and a sequence number so that calls
 * made in the same millisecond stay apart. Answers {1}, or {0, ms to wait}. (The caller checks count <= limit.)
 */
const TAKE_SCRIPT = `
local now, count, limit, windowMs = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local member = ARGV[1] .. ':' .. ARGV[5] .. ':'
redis.call('zremrangebyscore', KEYS[1], '-inf', now - windowMs)
local mustLeave = redis.call('zcard', KEYS[1]) + count - limit
if mustLeave > 0 then
  local leaving = redis.call('zrange', KEYS[1], mustLeave - 1, mustLeave - 1, 'WITHSCORES')
  return {0, tonumber(leaving[2]) + windowMs - now}
end
for n = 1, count do redis.call('zadd', KEYS[1], now, member .. n) end
redis.call('pexpire', KEYS[1], windowMs)
return {1}`;

/** A tag no other call of any instance has: the members of one take are told apart by their sequence number. */
export function uniqueTag(): string {
  return randomBytes(8).toString('hex');
}

/** The sliding window in Redis, one count for every instance. Keys are `prefix` + the caller's key. */
export function createRedisSlidingWindow(redis: Redis, prefix: string, clock: Clock): SlidingWindow {
  return {
    async take(key, count, limit, windowMs) {
      checkFits(count, limit);
      const [ok, wait] = (await redis.eval(
        TAKE_SCRIPT,
        1,
        prefix + key,
        clock(),
        count,
        limit,
        windowMs,
        uniqueTag(),
      )) as [number, number?];
      return ok === 1 ? { ok: true } : { ok: false, retryAfterMs: wait ?? windowMs };
    },
    async used(key, windowMs) {
      // Counting needs no trim: calls older than the window are simply not counted.
      return redis.zcount(prefix + key, `(${clock() - windowMs}`, '+inf');
    },
  };
}
