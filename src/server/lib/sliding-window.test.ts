import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { dropRedisPrefix, redisReachable, testRedisPrefix, testRedisUrl } from '../test/redis-helpers.ts';
import {
  createMemorySlidingWindow,
  createRedisSlidingWindow,
  type Clock,
  type SlidingWindow,
} from './sliding-window.ts';
import { at, steppedClock, TEST_DAY } from '../test/stepped-clock.ts';

const MINUTE = 60_000;

/** A small seeded random source (mulberry32), so a failing run can be repeated. */
function seededRandom(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const reachable = await redisReachable();
const connections: Redis[] = [];
const prefixes: string[] = [];
afterAll(async () => {
  await Promise.all(connections.map((redis) => redis.quit()));
  for (const prefix of prefixes) await dropRedisPrefix(prefix);
});

function redisWindow(clock: Clock, prefix = testRedisPrefix()): SlidingWindow {
  const redis = new Redis(testRedisUrl);
  connections.push(redis);
  prefixes.push(prefix);
  return createRedisSlidingWindow(redis, prefix, clock);
}

const stores = [
  { name: 'in memory', make: (clock: Clock) => createMemorySlidingWindow(clock), skip: false },
  { name: 'in Redis', make: (clock: Clock) => redisWindow(clock), skip: !reachable },
];

describe.each(stores)('a sliding window $name', ({ make, skip }) => {
  it.skipIf(skip)(
    'refuses 20 more at 01:01 after 20 at 00:59, which fixed minutes would allow, until the first leave',
    async () => {
      const { clock, set } = steppedClock();
      const window = make(clock);
      set(at(0, 59));
      for (let call = 0; call < 20; call += 1)
        expect(await window.take('k', 1, 20, MINUTE)).toEqual({ ok: true });
      set(at(1, 1));
      expect(await window.take('k', 1, 20, MINUTE)).toEqual({ ok: false, retryAfterMs: 58_000 });
      expect(await window.used('k', MINUTE)).toBe(20);
      set(at(1, 59) - 1);
      expect(await window.take('k', 1, 20, MINUTE)).toEqual({ ok: false, retryAfterMs: 1 });
      set(at(1, 59));
      expect(await window.used('k', MINUTE)).toBe(0);
      expect(await window.take('k', 20, 20, MINUTE)).toEqual({ ok: true });
      expect(await window.take('other', 20, 20, MINUTE)).toEqual({ ok: true });
    },
  );

  it.skipIf(skip)('takes all of a count or none, and says when the oldest in excess leave', async () => {
    const { clock, set } = steppedClock();
    const window = make(clock);
    for (const second of [0, 10, 20, 30]) {
      set(at(0, second));
      expect(await window.take('k', 4, 20, MINUTE)).toEqual({ ok: true });
    }
    set(at(0, 40));
    // 16 in the window, 4 left: 9 more need the 5 oldest gone, the last of which came at 00:10.
    expect(await window.take('k', 9, 20, MINUTE)).toEqual({ ok: false, retryAfterMs: 30_000 });
    expect(await window.used('k', MINUTE)).toBe(16);
    expect(await window.take('k', 4, 20, MINUTE)).toEqual({ ok: true });
    await expect(window.take('k', 21, 20, MINUTE)).rejects.toThrow(RangeError);
  });

  it.skipIf(skip)(
    'never lets a sliding minute hold more than the limit, and refuses only when full',
    async () => {
      const limit = 20;
      for (const seed of [1, 2, 3]) {
        const random = seededRandom(seed);
        const { clock, set } = steppedClock();
        const window = make(clock);
        const granted: number[] = [];
        const inWindowAt = (time: number) => granted.filter((t) => t <= time && time - t < MINUTE).length;
        let now = TEST_DAY;
        while (now < at(10)) {
          now += Math.floor(random() * 4000);
          set(now);
          const count = 1 + Math.floor(random() * 4);
          const answer = await window.take('k', count, limit, MINUTE);
          if (answer.ok) {
            for (let n = 0; n < count; n += 1) granted.push(now);
            expect(inWindowAt(now)).toBeLessThanOrEqual(limit);
          } else {
            // Refused only when it did not fit, and told exactly when it would.
            expect(inWindowAt(now) + count).toBeGreaterThan(limit);
            expect(inWindowAt(now + answer.retryAfterMs) + count).toBeLessThanOrEqual(limit);
            expect(inWindowAt(now + answer.retryAfterMs - 1) + count).toBeGreaterThan(limit);
          }
        }
        expect(granted.length).toBeGreaterThan(10 * limit * 0.9);
        for (const start of granted) {
          expect(granted.filter((t) => t >= start && t < start + MINUTE).length).toBeLessThanOrEqual(limit);
        }
      }
    },
  );
});

describe.skipIf(!reachable)('sliding windows of two instances on one Redis', () => {
  it('share one count, even when both take at once', async () => {
    const { clock } = steppedClock(at(3));
    const prefix = testRedisPrefix();
    const first = redisWindow(clock, prefix);
    const second = redisWindow(clock, prefix);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, n) => (n % 2 === 0 ? first : second).take('k', 1, 20, MINUTE)),
    );
    expect(answers.filter((answer) => answer.ok)).toHaveLength(20);
    expect(await first.used('k', MINUTE)).toBe(20);
    expect(await second.take('k', 1, 20, MINUTE)).toEqual({ ok: false, retryAfterMs: MINUTE });
  });

  it('keeps a key no longer than its window', async () => {
    const prefix = testRedisPrefix();
    const window = redisWindow(() => Date.now(), prefix);
    await window.take('k', 1, 20, MINUTE);
    const ttl = await connections.at(-1)!.pttl(`${prefix}k`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(MINUTE);
  });
});
