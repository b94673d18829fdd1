import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectApiError } from '../../test/api-error.ts';
import { cookieSet, nextAddress, registerUser } from '../../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { authRateLimits } from './auth.routes.ts';
import { loginThrottleRule } from './login-throttle.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());
afterEach(() => vi.restoreAllMocks());

function login(
  email: string,
  password: string,
  options: { address?: string; cookies?: Record<string, string> } = {},
) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: options.address ?? nextAddress(),
    cookies: options.cookies ?? {},
  });
}

const statuses = (responses: { statusCode: number }[]) =>
  responses.reduce<Record<number, number>>((counts, { statusCode }) => {
    counts[statusCode] = (counts[statusCode] ?? 0) + 1;
    return counts;
  }, {});

/** Moves the clock to `byMs` after the real now (not after an earlier move). */
function moveClock(byMs: number) {
  vi.restoreAllMocks();
  const now = Date.now() + byMs;
  vi.spyOn(Date, 'now').mockReturnValue(now);
}

describe('guessing one account’s password', () => {
  it('checks at most the budget when 100 wrong passwords arrive at once, from one address or from many', async () => {
    for (const sameAddress of [true, false]) {
      const { user } = await registerUser(testApp.app);
      const address = nextAddress();
      const burst = await Promise.all(
        Array.from({ length: 100 }, (_, index) =>
          login(user.email, `wrong-${index}`, { address: sameAddress ? address : nextAddress() }),
        ),
      );
      const counts = statuses(burst);
      // A 401 means the password was checked; everything else was turned away before.
      expect(counts[401]).toBe(loginThrottleRule.freeFailures);
      expect(counts[429]).toBe(100 - loginThrottleRule.freeFailures);
      expect(Object.keys(counts).sort()).toEqual(['401', '429']);
    }
  });

  it('slows further guesses with a doubling wait instead of locking the account', async () => {
    const { user, password } = await registerUser(testApp.app);
    for (let attempt = 0; attempt < loginThrottleRule.freeFailures; attempt += 1) {
      expectApiError(await login(user.email, 'wrong-password'), 401);
    }
    let elapsed = 0;
    for (const waitSeconds of [1, 2, 4, 8]) {
      const early = await login(user.email, password);
      expect(expectApiError(early, 429).code).toBe('RATE_LIMITED');
      expect(Number(early.headers['retry-after'])).toBe(waitSeconds);
      elapsed += waitSeconds * 1000;
      moveClock(elapsed);
      expectApiError(await login(user.email, 'wrong-password'), 401);
    }
    // After the wait, the right password works again and clears the count.
    elapsed += 16_000;
    moveClock(elapsed);
    expect((await login(user.email, password)).statusCode).toBe(200);
    expectApiError(await login(user.email, 'wrong-password'), 401);
  });

  it('still lets the owner in from a browser that signed in before, while others are slowed', async () => {
    const { user, password } = await registerUser(testApp.app);
    const first = await login(user.email, password);
    const device = cookieSet(first, 'matome_device')!;
    expect(device).toMatch(/^[\w-]{22}\.[\w-]{43}$/);
    expect(first.cookies.find((cookie) => cookie.name === 'matome_device')).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/auth',
    });

    await Promise.all(Array.from({ length: 30 }, () => login(user.email, 'attacker-guess')));
    expectApiError(await login(user.email, password), 429);

    const owner = await login(user.email, password, { cookies: { matome_device: device } });
    expect(owner.statusCode, owner.body).toBe(200);
    // The device cookie is tied to its account: it does not help with another one.
    const other = await registerUser(testApp.app);
    await Promise.all(Array.from({ length: 30 }, () => login(other.user.email, 'attacker-guess')));
    expectApiError(
      await login(other.user.email, other.password, { cookies: { matome_device: device } }),
      429,
    );
  });

  it('slows guesses made with a known device too, on their own count', async () => {
    const { user, password } = await registerUser(testApp.app);
    const device = cookieSet(await login(user.email, password), 'matome_device')!;
    const withDevice = { cookies: { matome_device: device } };
    const burst = await Promise.all(Array.from({ length: 20 }, () => login(user.email, 'wrong', withDevice)));
    expect(statuses(burst)[401]).toBe(loginThrottleRule.freeFailures);
  });

  it('never slows the public demo accounts', async () => {
    await Promise.all(Array.from({ length: 20 }, () => login('demo-en@example.com', 'wrong-password')));
    expect((await login('demo-en@example.com', 'demo1234')).statusCode).toBe(200);
  });
});

describe('one address guessing many accounts', () => {
  it(`gets ${authRateLimits.loginFailuresPerAddress.points} failures per 15 minutes, counted before checking`, async () => {
    const address = nextAddress();
    const { points } = authRateLimits.loginFailuresPerAddress;
    const burst = await Promise.all(
      Array.from({ length: points + 20 }, (_, index) =>
        login(`nobody-${index}@example.com`, 'guess', { address }),
      ),
    );
    expect(statuses(burst)).toEqual({ 401: points, 429: 20 });
  });

  it('is not held back by its successful sign-ins (a shared office address)', async () => {
    const address = nextAddress();
    const { points } = authRateLimits.loginFailuresPerAddress;
    for (let attempt = 0; attempt < points + 5; attempt += 1) {
      expect((await login('demo-ja@example.com', 'demo1234', { address })).statusCode).toBe(200);
    }
  });
});
