import { describe, expect, it } from 'vitest';
import { createMemoryCache } from './cache.ts';

function clock() {
  let now = 1_000;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('memory cache', () => {
  it('returns what was set until its lifetime ends', async () => {
    const time = clock();
    const cache = createMemoryCache({ now: time.now });
    await cache.set('a', { messages: [1, 2] }, 60);
    expect(await cache.get('a')).toEqual({ messages: [1, 2] });
    time.advance(59_000);
    expect(await cache.get('a')).toEqual({ messages: [1, 2] });
    time.advance(1_001);
    expect(await cache.get('a')).toBeUndefined();
    expect(await cache.get('never-set')).toBeUndefined();
  });

  it('deletes one key or every key with a prefix', async () => {
    const cache = createMemoryCache();
    await cache.set('messages:u1:slack', 1, 300);
    await cache.set('messages:u1:chatwork', 2, 300);
    await cache.set('messages:u2:slack', 3, 300);
    await cache.delete('messages:u1:slack');
    expect(await cache.get('messages:u1:slack')).toBeUndefined();
    await cache.deleteByPrefix('messages:u1:');
    expect(await cache.get('messages:u1:chatwork')).toBeUndefined();
    expect(await cache.get('messages:u2:slack')).toBe(3);
  });

  it('stays within its bounds, dropping the least recently used', async () => {
    const cache = createMemoryCache({ maxEntries: 2 });
    await cache.set('a', 'A', 60);
    await cache.set('b', 'B', 60);
    await cache.get('a');
    await cache.set('c', 'C', 60);
    expect(await cache.get('b')).toBeUndefined();
    expect(await cache.get('a')).toBe('A');

    const small = createMemoryCache({ maxBytes: 100 });
    await small.set('big', 'x'.repeat(60), 60);
    await small.set('bigger', 'y'.repeat(60), 60);
    expect(await small.get('big')).toBeUndefined();
    expect(await small.get('bigger')).toBe('y'.repeat(60));
  });

  it('freezes stored values, as a shared cache would hand out copies', async () => {
    const cache = createMemoryCache();
    await cache.set('a', { list: [{ n: 1 }] }, 60);
    const value = (await cache.get<{ list: { n: number }[] }>('a'))!;
    expect(() => {
      value.list[0]!.n = 2;
    }).toThrow(TypeError);
  });

  it('stores a stamped value only while the stamp it expects is there', async () => {
    const cache = createMemoryCache();
    expect(await cache.setStamped('k', 'one', 60, { stamp: 's1', expected: null })).toBe(true);
    expect(await cache.setStamped('k', 'other', 60, { stamp: 's2', expected: null })).toBe(false);
    expect(await cache.setStamped('k', 'two', 60, { stamp: 's2', expected: 's1' })).toBe(true);
    expect(await cache.setStamped('k', 'lost', 60, { stamp: 's3', expected: 's1' })).toBe(false);
    expect(await cache.get('k')).toBe('two');
    expect(await cache.setStamped('k', 'any', 60, { stamp: 's4' })).toBe(true);
    expect(await cache.get('k')).toBe('any');
  });

  it('refuses lifetimes that are not positive', async () => {
    const cache = createMemoryCache();
    await expect(cache.set('a', 1, 0)).rejects.toThrow(RangeError);
  });
});
