import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { authRateLimits } from './modules/auth/auth.routes.ts';
import { bearer, csrfHeader, nextAddress, registerUser } from './test/auth-helpers.ts';
import { loginThrottleRule } from './modules/auth/login-throttle.ts';
import { dropRedisPrefix, redisReachable, testRedisPrefix, testRedisUrl } from './test/redis-helpers.ts';
import { createTestApp, openTestDatabase, type TestApp } from './test/test-app.ts';
import type { DatabaseHandle } from './db/client.ts';

const reachable = await redisReachable();

/** Two instances of the app on one database and one Redis, as behind a load balancer (issue 16). */
describe.skipIf(!reachable)('two instances sharing Redis', () => {
  const prefix = testRedisPrefix();
  let database: DatabaseHandle;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    database = await openTestDatabase();
    const settings = { REDIS_URL: testRedisUrl, REDIS_KEY_PREFIX: prefix };
    a = await createTestApp(settings, { database });
    b = await createTestApp(settings, { database });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.close();
    await dropRedisPrefix(prefix);
  });

  const status = async (instance: TestApp, accessToken: string) =>
    (await instance.app.inject({ method: 'GET', url: '/api/slack/messages', headers: bearer(accessToken) }))
      .statusCode;

  it('a sign-out on one instance is refused on the other at once, though it remembered the session live', async () => {
    const { tokens } = await registerUser(a.app);
    for (let round = 0; round < 3; round += 1) expect(await status(b, tokens.accessToken)).toBe(200);
    const ended = await a.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: csrfHeader,
      cookies: { matome_refresh: tokens.refreshToken },
    });
    expect(ended.statusCode).toBe(204);
    // Pub/sub delivers within milliseconds; the next request of the ended session must not outrun it by much.
    await expect.poll(() => status(b, tokens.accessToken), { timeout: 2_000, interval: 10 }).toBe(401);
    expect(await status(a, tokens.accessToken)).toBe(401);
  });

  it('counts failed sign-ins from one address on both instances together', async () => {
    const remoteAddress = '203.0.113.77';
    const { points } = authRateLimits.loginFailuresPerAddress;
    const attempt = (instance: TestApp, index: number) =>
      instance.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `nobody${index}@example.com`, password: 'wrong password here' },
        remoteAddress,
      });
    for (let index = 0; index < points; index += 1) {
      expect((await attempt(index % 2 ? a : b, index)).statusCode).toBe(401);
    }
    const refused = await attempt(a, points);
    expect(refused.statusCode).toBe(429);
    expect((await attempt(b, points + 1)).statusCode).toBe(429);
  });

  it('slows guesses at one account spread over both instances as if they came to one', async () => {
    const { user } = await registerUser(a.app);
    // The clock stands still, so a slow machine cannot let the wait after the free failures run out between guesses.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now());
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const guess = (instance: TestApp) =>
      instance.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: 'not the password at all' },
        remoteAddress: nextAddress(),
      });
    for (let attempt = 0; attempt < loginThrottleRule.freeFailures; attempt += 1) {
      expect((await guess(attempt % 2 ? a : b)).statusCode).toBe(401);
    }
    expect((await guess(a)).statusCode).toBe(429);
    expect((await guess(b)).statusCode).toBe(429);
  });
});
