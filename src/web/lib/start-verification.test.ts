import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isOAuthReturn, verifyAtStart } from './start-verification.ts';

describe('verifyAtStart', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function failing(times: number) {
    const calls: number[] = [];
    const attempt = vi.fn(async () => {
      calls.push(Date.now());
      if (calls.length <= times) throw new Error('network');
      return 'user';
    });
    return { attempt, calls };
  }

  it('tries 3 times 500 ms apart, starting at once', async () => {
    const { attempt, calls } = failing(5);
    const start = Date.now();
    const outcome = verifyAtStart(attempt, { afterOAuth: false });
    await vi.runAllTimersAsync();
    expect(await outcome).toEqual({ kind: 'unreachable' });
    expect(calls.map((at) => at - start)).toEqual([0, 500, 1000]);
  });

  it('after OAuth tries at once, then 4 more times, 2 s later and 1 s apart', async () => {
    const { attempt, calls } = failing(10);
    const start = Date.now();
    const outcome = verifyAtStart(attempt, { afterOAuth: true });
    await vi.runAllTimersAsync();
    expect(await outcome).toEqual({ kind: 'unreachable' });
    expect(calls.map((at) => at - start)).toEqual([0, 2000, 3000, 4000, 5000]);
  });

  it('after OAuth an answering server settles the check without any wait', async () => {
    const sleep = vi.fn(async () => {});
    const outcome = await verifyAtStart(async () => 'user', { afterOAuth: true, sleep });
    expect(outcome).toEqual({ kind: 'verified', value: 'user' });
    expect(sleep).not.toHaveBeenCalled();
  });

  it('stops at the first answer: verified, or signed out without retrying', async () => {
    const { attempt } = failing(1);
    const verified = verifyAtStart(attempt, { afterOAuth: false });
    await vi.runAllTimersAsync();
    expect(await verified).toEqual({ kind: 'verified', value: 'user' });
    expect(attempt).toHaveBeenCalledTimes(2);

    const gone = vi.fn(async () => null);
    expect(await verifyAtStart(gone, { afterOAuth: false })).toEqual({ kind: 'signed-out' });
    expect(gone).toHaveBeenCalledTimes(1);
  });
});

describe('isOAuthReturn', () => {
  it.each([
    ['/dashboard', '?slack=connected', true],
    ['/dashboard', '?chatwork=error&message=x', true],
    ['/login', '?google=error', true],
    ['/dashboard', '', false],
    ['/dashboard', '?t=1', false],
  ])('%s%s: %s', (_pathname, search, expected) => {
    expect(isOAuthReturn({ search })).toBe(expected);
  });
});
