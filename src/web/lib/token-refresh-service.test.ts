import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createTokenRefreshService,
  planRefresh,
  thresholdsFor,
  type TokenClaims,
} from './token-refresh-service.ts';

const MINUTE = 60_000;
const LIFETIME_S = 15 * 60;

describe('thresholdsFor', () => {
  it('keeps SPEC §4 figures for a 24-hour token', () => {
    expect(thresholdsFor(24 * 60 * MINUTE)).toEqual({
      expiringWithinMs: 12 * 60 * MINUTE,
      renewAheadMs: 12 * 60 * MINUTE,
      minimumDelayMs: 5 * MINUTE,
      checkEveryMs: 6 * 60 * MINUTE,
    });
  });

  it('scales them to a 15-minute token, with floors', () => {
    expect(thresholdsFor(15 * MINUTE)).toEqual({
      expiringWithinMs: 7.5 * MINUTE,
      renewAheadMs: 7.5 * MINUTE,
      minimumDelayMs: 5_000,
      checkEveryMs: 3.75 * MINUTE,
    });
  });
});

describe('planRefresh', () => {
  const spec = thresholdsFor(24 * 60 * MINUTE);
  const hours = (n: number) => n * 60 * MINUTE;
  it.each([
    [hours(13), true, { kind: 'renew-in', delayMs: hours(1) }],
    [hours(12), true, { kind: 'renew-now' }],
    [hours(11), false, { kind: 'renew-in', delayMs: 5 * MINUTE }],
    [5 * MINUTE, false, { kind: 'wait-for-check' }],
    [hours(20), false, { kind: 'renew-in', delayMs: hours(8) }],
  ] as const)('with %i ms left (start-up %s) plans %o', (remaining, startingUp, plan) => {
    expect(planRefresh(remaining, 0, spec, startingUp)).toEqual(plan);
  });
});

describe('token refresh service', () => {
  let claims: TokenClaims | null;
  let renew: ReturnType<typeof vi.fn<() => Promise<boolean>>>;
  let reloadUser: ReturnType<typeof vi.fn<() => Promise<void>>>;
  let onFailure: ReturnType<typeof vi.fn<() => void>>;

  const nowS = () => Math.floor(Date.now() / 1000);
  const freshToken = (): TokenClaims => ({ iat: nowS(), exp: nowS() + LIFETIME_S });

  function service() {
    return createTokenRefreshService({ readClaims: () => claims, renew, reloadUser, onFailure });
  }

  beforeEach(() => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 24, 9, 0, 0) });
    claims = freshToken();
    renew = vi.fn(async () => {
      claims = freshToken();
      return true;
    });
    reloadUser = vi.fn(async () => undefined);
    onFailure = vi.fn();
  });
  afterEach(() => vi.useRealTimers());

  it('plans the renewal half the lifetime ahead, reloads the user, and plans the next', async () => {
    const refresh = service();
    refresh.start();
    expect(renew).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(7.5 * MINUTE - 1);
    expect(renew).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(renew).toHaveBeenCalledTimes(1);
    expect(reloadUser).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(7.5 * MINUTE);
    expect(renew).toHaveBeenCalledTimes(2);
    refresh.stop();
  });

  it('renews at once on start-up when the token is expiring', async () => {
    claims = { iat: nowS() - 10 * 60, exp: nowS() + 5 * 60 };
    const refresh = service();
    refresh.start();
    await refresh.whenSettled();
    expect(renew).toHaveBeenCalledTimes(1);
    expect(reloadUser).toHaveBeenCalledTimes(1);
    refresh.stop();
  });

  it('lets the periodic check renew a token whose timer never fired', async () => {
    const refresh = service();
    refresh.start();
    // A token handed over from elsewhere (another tab's renewal) with little time left and no timer for it.
    claims = { iat: nowS() - 14 * 60, exp: nowS() + 60 };
    await vi.advanceTimersByTimeAsync(3.75 * MINUTE);
    expect(renew).toHaveBeenCalled();
    refresh.stop();
  });

  it('clears the session when a renewal is refused or the user cannot be loaded', async () => {
    renew.mockResolvedValueOnce(false);
    const refused = service();
    claims = { iat: nowS() - 14 * 60, exp: nowS() + 60 };
    refused.start();
    await refused.whenSettled();
    expect(onFailure).toHaveBeenCalledTimes(1);

    reloadUser.mockRejectedValueOnce(new Error('network'));
    const unloadable = service();
    claims = { iat: nowS() - 14 * 60, exp: nowS() + 60 };
    unloadable.start();
    await unloadable.whenSettled();
    expect(onFailure).toHaveBeenCalledTimes(2);
    // Stopped: nothing more happens.
    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    expect(renew).toHaveBeenCalledTimes(2);
  });

  it('clears the session when there is no token to keep fresh', () => {
    claims = null;
    service().start();
    expect(onFailure).toHaveBeenCalledTimes(1);
  });

  it('does nothing after stop', async () => {
    const refresh = service();
    refresh.start();
    refresh.stop();
    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    expect(renew).not.toHaveBeenCalled();
  });
});
