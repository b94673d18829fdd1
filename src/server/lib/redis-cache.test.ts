import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCallBudget } from '../connectors/call-budget.ts';
import { ProviderError } from '../connectors/provider-error.ts';
import { dropRedisPrefix, redisReachable, testRedisPrefix, testRedisUrl } from '../test/redis-helpers.ts';
import { encodeAnswer } from './encoded-answer.ts';
import { redisLimiters } from './limiters.ts';
import { createRedisCache } from './redis-cache.ts';

const reachable = await redisReachable();

describe.skipIf(!reachable)('Redis cache and limiters shared by two instances', () => {
  const prefix = testRedisPrefix();
  let first: Redis;
  let second: Redis;
  beforeAll(() => {
    first = new Redis(testRedisUrl);
    second = new Redis(testRedisUrl);
  });
  afterAll(async () => {
    await Promise.all([first.quit(), second.quit()]);
    await dropRedisPrefix(prefix);
  });

  it('hands one instance what the other stored, Buffers included, until its lifetime ends', async () => {
    const a = createRedisCache(first, prefix);
    const b = createRedisCache(second, prefix);
    const answer = await encodeAnswer(JSON.stringify({ messages: ['こんにちは'] }));
    await a.set('messages:u1:slack', { answer, nested: [{ bytes: Buffer.from([0, 255]) }] }, 60);
    const seen = await b.get<{ answer: typeof answer; nested: { bytes: Buffer }[] }>('messages:u1:slack');
    expect(Buffer.isBuffer(seen?.answer.br)).toBe(true);
    expect(seen?.answer.identity.equals(answer.identity)).toBe(true);
    expect(seen?.answer.gzip.equals(answer.gzip)).toBe(true);
    expect(seen?.answer.etag).toBe(answer.etag);
    expect(seen?.nested[0]?.bytes).toEqual(Buffer.from([0, 255]));

    await a.set('short', 'gone soon', 0.05);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await b.get('short')).toBeUndefined();
    await expect(a.set('never', 1, 0)).rejects.toThrow(RangeError);
  });

  it('deletes one key or a prefix for every instance, and only under its own prefix', async () => {
    const a = createRedisCache(first, prefix);
    const b = createRedisCache(second, prefix);
    const elsewhere = createRedisCache(second, testRedisPrefix());
    await a.set('user:u1:slack', 1, 60);
    await a.set('user:u1:chatwork', 2, 60);
    await a.set('user:u10:slack', 3, 60);
    await a.set('user:u1*:odd', 4, 60);
    await elsewhere.set('user:u1:slack', 5, 60);
    await b.deleteByPrefix('user:u1:');
    expect(await a.get('user:u1:slack')).toBeUndefined();
    expect(await a.get('user:u1:chatwork')).toBeUndefined();
    expect(await a.get('user:u10:slack')).toBe(3);
    expect(await a.get('user:u1*:odd')).toBe(4);
    expect(await elsewhere.get('user:u1:slack')).toBe(5);
    await b.delete('user:u10:slack');
    expect(await a.get('user:u10:slack')).toBeUndefined();
    await elsewhere.deleteByPrefix('');
  });

  it('stores a stamped value only while the stamp it expects is there, whichever instance wrote last', async () => {
    const a = createRedisCache(first, prefix);
    const b = createRedisCache(second, prefix);
    expect(await a.setStamped('stamped', 'one', 60, { stamp: 's1', expected: null })).toBe(true);
    expect(await b.setStamped('stamped', 'other', 60, { stamp: 's2', expected: null })).toBe(false);
    expect(await b.setStamped('stamped', 'two', 60, { stamp: 's2', expected: 's1' })).toBe(true);
    expect(await a.setStamped('stamped', 'lost', 60, { stamp: 's3', expected: 's1' })).toBe(false);
    expect(await a.get('stamped')).toBe('two');
    expect(await a.setStamped('stamped', 'any', 60, { stamp: 's4' })).toBe(true);

    await b.delete('stamped');
    expect(await first.exists(`${prefix}cache:stamped#stamp`)).toBe(0);
    expect(await a.setStamped('stamped', 'again', 60, { stamp: 's5', expected: null })).toBe(true);
    expect(await b.get('stamped')).toBe('again');
  });

  it('spends one provider budget from both instances together', async () => {
    const rule = { points: 20, durationSeconds: 60 };
    const a = createCallBudget(rule, { limiters: redisLimiters(first, prefix), name: 'slack-tier-20' });
    const b = createCallBudget(rule, { limiters: redisLimiters(second, prefix), name: 'slack-tier-20' });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 30 }, (_, index) =>
        (index % 2 ? a : b).spend('T1:conversations.history', 'Slack'),
      ),
    );
    const spent = outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
    expect(spent).toBe(20);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected');
    expect((refused as PromiseRejectedResult).reason).toBeInstanceOf(ProviderError);
    // Another workspace, and another tier of the same workspace, have budgets of their own.
    await expect(a.spend('T2:conversations.history', 'Slack')).resolves.toBeUndefined();
    const other = createCallBudget(rule, { limiters: redisLimiters(first, prefix), name: 'slack-tier-50' });
    await expect(other.spend('T1:users.info', 'Slack')).resolves.toBeUndefined();
  });
});
