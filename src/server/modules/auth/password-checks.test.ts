import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../test/api-error.ts';
import { bearer, nextAddress, registerUser } from '../../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { loginThrottleRule } from './login-throttle.ts';

/**
 * Every route that checks a password spends the account's sign-in budget (decision 063): a stolen access token
 * gives a guesser no faster way to the password than the login page.
 */
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const WRONG = 'not the password at all';

function call(method: 'POST' | 'DELETE', url: string, token: string | null, payload: object) {
  return testApp.app.inject({
    method,
    url,
    payload,
    headers: token ? bearer(token) : {},
    remoteAddress: nextAddress(),
  });
}

const guesses = {
  deletion: (token: string, password: string) => call('DELETE', '/api/account/delete', token, { password }),
  'password change': (token: string, password: string) =>
    call('POST', '/api/auth/password', token, {
      currentPassword: password,
      newPassword: 'a brand new passphrase',
    }),
  'address change': (token: string, password: string) =>
    call('POST', '/api/auth/email', token, { newEmail: `moved-${Date.now()}@example.com`, password }),
};

function expectSlowedDown(response: Awaited<ReturnType<typeof call>>) {
  const error = expectApiError(response, 429);
  expect(error.code).toBe('RATE_LIMITED');
  expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
}

describe('password checks outside the login page', () => {
  it.each(Object.keys(guesses) as (keyof typeof guesses)[])(
    'slow down guesses through %s like sign-in, and the owner’s sign-in after them',
    async (route) => {
      const { tokens, user, password } = await registerUser(testApp.app);
      const answers: number[] = [];
      for (let attempt = 0; attempt < 30; attempt += 1) {
        answers.push((await guesses[route](tokens.accessToken, WRONG)).statusCode);
      }
      const free = loginThrottleRule.freeFailures;
      expect(answers.slice(0, free)).toEqual(Array(free).fill(403));
      expect(answers.slice(free)).toEqual(Array(30 - free).fill(429));
      // The right password must wait too, here and on the login page of a browser the account does not know.
      expectSlowedDown(await guesses[route](tokens.accessToken, password));
      expectSlowedDown(await call('POST', '/api/auth/login', null, { email: user.email, password }));
      const me = await testApp.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: bearer(tokens.accessToken),
      });
      expect(me.statusCode, 'the account is still there').toBe(200);
    },
  );

  it('counts failed sign-ins against deletion, password change and address change', async () => {
    const { tokens, user, password } = await registerUser(testApp.app);
    for (let attempt = 0; attempt < loginThrottleRule.freeFailures; attempt += 1) {
      const response = await call('POST', '/api/auth/login', null, { email: user.email, password: WRONG });
      expect(response.statusCode).toBe(401);
    }
    for (const guess of Object.values(guesses)) {
      expectSlowedDown(await guess(tokens.accessToken, password));
    }
  });

  it('lets the owner through at full speed, and a right password clears the count', async () => {
    const { tokens, password } = await registerUser(testApp.app);
    let current = password;
    for (let round = 0; round < 3; round += 1) {
      for (let attempt = 0; attempt < loginThrottleRule.freeFailures - 1; attempt += 1) {
        expect((await guesses['password change'](tokens.accessToken, WRONG)).statusCode).toBe(403);
      }
      const next = `another fine passphrase ${round}`;
      const changed = await call('POST', '/api/auth/password', tokens.accessToken, {
        currentPassword: current,
        newPassword: next,
      });
      expect(changed.statusCode, changed.body).toBe(204);
      current = next;
    }
  });
});
