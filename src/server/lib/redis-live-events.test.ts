import type { SourceMessage } from '../../contract/messages.ts';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropRedisPrefix, redisReachable, testRedisPrefix, testRedisUrl } from '../test/redis-helpers.ts';
import type { LiveEvent, LiveEventData, LiveEvents } from './live-events.ts';
import { createRedisLiveEvents } from './redis-live-events.ts';

const reachable = await redisReachable();

const data = (text: string): LiveEventData => ({
  type: 'messages',
  platform: 'slack',
  messages: [{ text } as unknown as SourceMessage],
});
const texts = (events: LiveEvent[]) =>
  events.map((event) =>
    event.type === 'messages' ? (event.messages[0] as unknown as { text: string }).text : '',
  );

describe.skipIf(!reachable)('live events across two instances through Redis', () => {
  const prefix = testRedisPrefix();
  const connections: Redis[] = [];
  let a: LiveEvents;
  let b: LiveEvents;
  const instance = () => {
    const publisher = new Redis(testRedisUrl);
    const subscriber = new Redis(testRedisUrl);
    connections.push(publisher, subscriber);
    return createRedisLiveEvents({
      publisher,
      subscriber,
      prefix,
      onError: (error) => {
        throw error;
      },
    });
  };
  beforeAll(() => {
    a = instance();
    b = instance();
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await Promise.all(connections.map((connection) => connection.quit()));
    await dropRedisPrefix(prefix);
  });

  it('delivers an event published on one instance to the user’s subscriber on the other, and only theirs', async () => {
    const seen: LiveEvent[] = [];
    const strangers: LiveEvent[] = [];
    const end = await b.subscribe('user-1', (event) => seen.push(event));
    await b.subscribe('user-2', (event) => strangers.push(event));
    const published = await a.publish('user-1', data('first'));
    await expect.poll(() => seen.length).toBe(1);
    expect(seen[0]).toEqual(published);
    end();
    await a.publish('user-1', data('after the end'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toHaveLength(1);
    expect(strangers).toHaveLength(0);
  });

  it('replays what came after Last-Event-ID on reconnect, in order, then goes on live without duplicates', async () => {
    const first = await a.publish('user-3', data('one'));
    await a.publish('user-3', data('two'));
    await b.publish('user-3', data('three'));
    const seen: LiveEvent[] = [];
    await b.subscribe('user-3', (event) => seen.push(event), first.id);
    expect(texts(seen)).toEqual(['two', 'three']);
    await a.publish('user-3', data('four'));
    await expect.poll(() => texts(seen)).toEqual(['two', 'three', 'four']);

    const unknown: LiveEvent[] = [];
    await b.subscribe('user-3', (event) => unknown.push(event), 'not-an-id');
    expect(unknown).toHaveLength(0);
  });
});
