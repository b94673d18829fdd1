import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSlackEmulator } from '../../../../emulators/slack/slack-emulator.ts';
import { control, emulatorRequests } from '../../test/emulator-helpers.ts';
import { dropRedisPrefix, redisReachable, testRedisPrefix, testRedisUrl } from '../../test/redis-helpers.ts';
import { slackUserInfoSchema } from './slack-oauth.ts';
import { createSlackClient, SLACK_ESSENTIAL_SEARCHES, SLACK_SEARCHES_PER_MINUTE } from './slack-client.ts';
import {
  createRedisSearchBudget,
  createSearchBudget,
  type SearchBudget,
  type SearchBudgetOptions,
} from './slack-search-budget.ts';
import { at, steppedClock } from '../../test/stepped-clock.ts';

/**
 * Slack counts each method per app and workspace per minute (decision 146): no sliding 60 s may hold more of a
 * method's calls than its tier, for searches (with their fairness rules, decision 050) and every other method.
 */

const MINUTE = 60_000;

const reachable = await redisReachable();
const connections: Redis[] = [];
const prefixes: string[] = [];
afterAll(async () => {
  await Promise.all(connections.map((redis) => redis.quit()));
  for (const prefix of prefixes) await dropRedisPrefix(prefix);
});
function sharedRedis(prefix: string) {
  const client = new Redis(testRedisUrl);
  connections.push(client);
  prefixes.push(prefix);
  return { client, prefix };
}

const rules = (clock: () => number): SearchBudgetOptions => ({
  perMinute: SLACK_SEARCHES_PER_MINUTE,
  reserve: SLACK_ESSENTIAL_SEARCHES,
  clock,
  // Slack's bare minute, so the times below read as minutes; the app counts a margin more (SLACK_LIMIT_WINDOW_MS).
  windowMs: MINUTE,
});
const budgets = [
  { name: 'in memory', make: (clock: () => number) => createSearchBudget(rules(clock)), skip: false },
  {
    name: 'in Redis',
    make: (clock: () => number) => {
      const redis = sharedRedis(testRedisPrefix());
      return createRedisSearchBudget(redis.client, redis.prefix, rules(clock));
    },
    skip: !reachable,
  },
];

describe.each(budgets)('the Slack search budget $name', ({ make, skip }) => {
  it.skipIf(skip)(
    'refuses searches at 01:01 after 20 at 00:59, until those leave the sliding minute',
    async () => {
      const { clock, set } = steppedClock();
      const budget = make(clock);
      set(at(0, 59));
      expect(await budget.take('T1', 'erin', 3, 17)).toEqual({ ok: true, optional: 14 });
      expect(await budget.take('T1', 'frank', 3, 0)).toEqual({ ok: true, optional: 0 });
      set(at(1, 1));
      // A fixed minute would have started afresh at 01:00 and allowed 20 more.
      expect(await budget.left('T1')).toBe(0);
      expect(await budget.take('T1', 'gwen', 3, 0)).toEqual({ ok: false, retryAfterSeconds: 58 });
      expect(await budget.take('T1', 'gwen', 0, 3)).toEqual({ ok: true, optional: 0 });
      set(at(1, 59) - 1);
      expect(await budget.take('T1', 'hana', 3, 0)).toEqual({ ok: false, retryAfterSeconds: 1 });
      set(at(1, 59));
      expect(await budget.left('T1')).toBe(20);
      expect(await budget.take('T1', 'hana', 3, 20)).toEqual({ ok: true, optional: 14 });
      expect(await budget.left('T2')).toBe(20);
    },
  );

  it.skipIf(skip)(
    'keeps the fairness rules: essentials all or none, a reserve optional ones never take',
    async () => {
      const { clock, set } = steppedClock(at(5));
      const budget = make(clock);
      // Erin's first gathering: 3 essential, 3 all-mention, then 5 group searches.
      expect(await budget.take('T1', 'erin', 3, 3)).toEqual({ ok: true, optional: 3 });
      expect(await budget.take('T1', 'erin', 0, 5)).toEqual({ ok: true, optional: 5 });
      // Her repeat 30 s later may not use the reserve: essentials and all-mentions run, groups wait.
      set(at(5, 30));
      expect(await budget.take('T1', 'erin', 3, 3)).toEqual({ ok: true, optional: 3 });
      expect(await budget.take('T1', 'erin', 0, 5)).toEqual({ ok: true, optional: 0 });
      expect(await budget.take('T1', 'erin', 3, 0)).toEqual({ ok: false, retryAfterSeconds: 30 });
      // The three she left are Frank's essential ones, his first take this minute.
      expect(await budget.take('T1', 'frank', 3, 3)).toEqual({ ok: true, optional: 0 });
      expect(await budget.left('T1')).toBe(0);
      // Gwen waits until 3 searches have left: Erin's first ones, at 05:00.
      expect(await budget.take('T1', 'gwen', 3, 0)).toEqual({ ok: false, retryAfterSeconds: 30 });
    },
  );

  it.skipIf(skip)('counts a take as a repeat while the spender took within the last 60 s', async () => {
    const { clock, set } = steppedClock(at(7));
    const budget = make(clock);
    // Erin's take that spent nothing still makes her next one a repeat.
    expect(await budget.take('T1', 'erin', 0, 0)).toEqual({ ok: true, optional: 0 });
    set(at(7, 10));
    expect(await budget.take('T1', 'frank', 17, 0)).toEqual({ ok: true, optional: 0 });
    set(at(7, 20));
    // As a repeat she needs 6 of the 3 left. Frank's searches leave at 08:10, but her own take leaves at 08:00,
    // and then her 3 essentials fit: 40 s.
    expect(await budget.take('T1', 'erin', 3, 0)).toEqual({ ok: false, retryAfterSeconds: 40 });
    expect(await budget.take('T1', 'gwen', 3, 0)).toEqual({ ok: true, optional: 0 });
    // Taking again just before 08:00 keeps her a repeat for another minute.
    set(at(8, 0) - 1);
    expect(await budget.take('T1', 'erin', 0, 0)).toEqual({ ok: true, optional: 0 });
    set(at(8, 30));
    expect(await budget.take('T1', 'frank', 17, 0)).toEqual({ ok: true, optional: 0 });
    set(at(8, 40));
    expect(await budget.take('T1', 'erin', 3, 0)).toEqual({ ok: false, retryAfterSeconds: 20 });
    set(at(9, 0) - 1);
    expect(await budget.take('T1', 'erin', 3, 0)).toEqual({ ok: true, optional: 0 });
  });

  it.skipIf(skip)(
    'never lets a sliding minute hold more than 20 searches, nor optional ones the reserve',
    async () => {
      let seed = 7;
      const random = () => ((seed = (seed * 48271) % 2147483647) - 1) / 2147483646;
      const { clock, set } = steppedClock(at(10));
      const budget = make(clock);
      const spent: number[] = [];
      const inWindowAt = (time: number) => spent.filter((t) => t <= time && time - t < MINUTE).length;
      const spenders = ['erin', 'frank', 'gwen', 'hana'];
      let now = at(10);
      while (now < at(20)) {
        now += Math.floor(random() * 6000);
        set(now);
        const spender = spenders[Math.floor(random() * spenders.length)]!;
        const essential = random() < 0.3 ? 0 : 3;
        const optional = Math.floor(random() * 9);
        const grant = await budget.take('T1', spender, essential, optional);
        if (!grant.ok) {
          expect(inWindowAt(now) + essential).toBeGreaterThan(
            SLACK_SEARCHES_PER_MINUTE - SLACK_ESSENTIAL_SEARCHES,
          );
          continue;
        }
        for (let n = 0; n < essential + grant.optional; n += 1) spent.push(now);
        expect(inWindowAt(now)).toBeLessThanOrEqual(SLACK_SEARCHES_PER_MINUTE);
        if (grant.optional > 0) {
          expect(inWindowAt(now)).toBeLessThanOrEqual(SLACK_SEARCHES_PER_MINUTE - SLACK_ESSENTIAL_SEARCHES);
        }
        expect(await budget.left('T1')).toBe(SLACK_SEARCHES_PER_MINUTE - inWindowAt(now));
      }
      expect(spent.length).toBeGreaterThan(150);
      for (const start of spent) {
        expect(spent.filter((t) => t >= start && t < start + MINUTE).length).toBeLessThanOrEqual(
          SLACK_SEARCHES_PER_MINUTE,
        );
      }
    },
  );
});

describe.skipIf(!reachable)('search budgets of two instances on one Redis', () => {
  it('share one count, even when both take at once', async () => {
    const { clock } = steppedClock(at(30));
    const redis = sharedRedis(testRedisPrefix());
    const other = new Redis(testRedisUrl);
    connections.push(other);
    const first: SearchBudget = createRedisSearchBudget(redis.client, redis.prefix, rules(clock));
    const second: SearchBudget = createRedisSearchBudget(other, redis.prefix, rules(clock));
    const grants = await Promise.all(
      Array.from({ length: 10 }, (_, n) => (n % 2 === 0 ? first : second).take('T1', `spender-${n}`, 3, 0)),
    );
    expect(grants.filter((grant) => grant.ok)).toHaveLength(6);
    expect(await second.left('T1')).toBe(2);
    expect(await first.left('T1')).toBe(2);
  });
});

describe('Slack methods through the client', () => {
  let emulator: { url: string; close(): Promise<void> };
  beforeAll(async () => {
    emulator = await startSlackEmulator();
  });
  afterAll(async () => emulator?.close());
  beforeEach(async () => control(emulator.url, 'reset'));

  const userInfo = (client: ReturnType<typeof createSlackClient>) =>
    client.call('T0ACME001', 'xoxp-test-alice', 'users.info', { user: 'U0ALICE00' }, slackUserInfoSchema);
  const sentToSlack = async () =>
    (await emulatorRequests(emulator.url)).filter((call) => call.path === '/api/users.info');

  const stores = [
    { name: 'in memory', redis: () => undefined, skip: false },
    { name: 'in Redis', redis: () => sharedRedis(testRedisPrefix()), skip: !reachable },
  ];
  it.each(stores)(
    'count users.info (Tier 4, 100) per workspace over a sliding minute, $name',
    async ({ redis, skip }) => {
      if (skip) return;
      const { clock, set } = steppedClock(at(0, 59));
      const shared = redis();
      const client = createSlackClient({
        apiUrl: `${emulator.url}/api`,
        timeoutMs: 5000,
        clock,
        limitWindowMs: MINUTE,
        ...(shared ? { redis: shared } : {}),
      });
      for (let call = 0; call < 100; call += 1) await userInfo(client);
      set(at(1, 1));
      expect(await client.callsLeft('T0ACME001', 'users.info')).toBe(0);
      await expect(userInfo(client)).rejects.toMatchObject({
        failure: 'rate_limited',
        message: 'Slack call budget used up',
        retryAfterSeconds: 58,
      });
      // Our budget stopped the call before Slack could refuse it.
      expect(await sentToSlack()).toHaveLength(100);
      expect((await sentToSlack()).filter((call) => call.status === 429)).toEqual([]);
      // Another method, and the same method in another workspace, have budgets of their own.
      expect(await client.callsLeft('T0ACME001', 'usergroups.list')).toBe(20);
      expect(await client.callsLeft('T0OTHER01', 'users.info')).toBe(100);

      set(at(1, 59));
      await control(emulator.url, 'clock', { advanceMs: MINUTE });
      expect(await client.callsLeft('T0ACME001', 'users.info')).toBe(100);
      await userInfo(client);
      expect(await client.callsLeft('T0ACME001', 'users.info')).toBe(99);
    },
  );
});
