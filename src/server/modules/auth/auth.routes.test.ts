import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  meResponseSchema,
  refreshResponseSchema,
  REFRESH_TOKEN_TTL_SECONDS,
} from '../../../contract/auth.ts';
import { demoAccountsResponseSchema } from '../../../contract/demo.ts';
import { expectApiError } from '../../test/api-error.ts';
import { bearer, nextAddress, registerUser } from '../../test/auth-helpers.ts';
import { createTestApp, testSecrets, type TestApp } from '../../test/test-app.ts';
import { createAuthRepo } from './auth.repo.ts';
import { authRateLimits } from './auth.routes.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

function post(
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
  remoteAddress = nextAddress(),
) {
  return testApp.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress });
}

describe('POST /api/auth/register', () => {
  it('creates a free user with a trimmed, lower-cased email and returns tokens', async () => {
    const response = await post('/api/auth/register', {
      email: '  Alice.Smith@Example.COM ',
      password: 'secret1',
      name: ' Alice ',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.user).toMatchObject({
      email: 'alice.smith@example.com',
      name: 'Alice',
      planType: 'free',
      onboardingCompleted: false,
      onboardingStep: 0,
      isFirstLogin: true,
      isDemo: false,
    });
    expect(body.user).not.toHaveProperty('passwordHash');
    expect(response.body).not.toContain('argon2');
    expect(body.tokens.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(body.tokens.refreshToken.length).toBeGreaterThanOrEqual(40);
  });

  it('stores the password as an argon2id hash', async () => {
    const { user } = await registerUser(testApp.app);
    const row = await createAuthRepo(testApp.database.db).findUserById(user.id);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$/);
  });

  it('answers 409 for an email already registered, whatever its case', async () => {
    const { user } = await registerUser(testApp.app);
    const response = await post('/api/auth/register', {
      email: user.email.toUpperCase(),
      password: 'another-pass',
      name: 'Someone else',
    });
    expect(expectApiError(response, 409).code).toBe('EMAIL_TAKEN');
  });

  it('rejects a password shorter than 6 characters, naming the field', async () => {
    const response = await post('/api/auth/register', {
      email: 'short@example.com',
      password: '12345',
      name: 'S',
    });
    expect(expectApiError(response, 400).message).toMatch(/^body\.password: /);
  });

  it('rejects an invalid email and a blank name, naming the field', async () => {
    const badEmail = await post('/api/auth/register', { email: 'nope', password: 'secret1', name: 'N' });
    expect(expectApiError(badEmail, 400).message).toMatch(/^body\.email: /);
    const blankName = await post('/api/auth/register', {
      email: 'blank@example.com',
      password: 'secret1',
      name: '  ',
    });
    expect(expectApiError(blankName, 400).message).toMatch(/^body\.name: /);
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with the right password, whatever the case of the email', async () => {
    const { user, password } = await registerUser(testApp.app);
    const response = await post('/api/auth/login', { email: ` ${user.email.toUpperCase()}`, password });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.id).toBe(user.id);
  });

  it('gives the same 401 for a wrong password and an unknown email', async () => {
    const { user } = await registerUser(testApp.app);
    const wrongPassword = expectApiError(
      await post('/api/auth/login', { email: user.email, password: 'wrong!' }),
      401,
    );
    const unknownEmail = expectApiError(
      await post('/api/auth/login', { email: 'nobody@example.com', password: 'wrong!' }),
      401,
    );
    expect(wrongPassword).toEqual(unknownEmail);
  });

  it('signs in both demo accounts with the demo password', async () => {
    for (const email of ['demo-en@example.com', 'demo-ja@example.com']) {
      const response = await post('/api/auth/login', { email, password: 'demo1234' });
      expect(response.statusCode).toBe(200);
      expect(response.json().user).toMatchObject({ email, isDemo: true });
    }
  });
});

describe('GET /api/auth/me', () => {
  it('returns the signed-in user', async () => {
    const { user, tokens } = await registerUser(testApp.app);
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(tokens.accessToken),
    });
    expect(response.statusCode).toBe(200);
    expect(meResponseSchema.parse(response.json()).user).toEqual(user);
  });

  it('answers 401 for a missing, malformed, forged or expired token', async () => {
    const { user, tokens } = await registerUser(testApp.app);
    const [, payload] = tokens.accessToken.split('.');
    const key = new TextEncoder().encode(testSecrets.jwtSecret);
    const expired = await new SignJWT({ userId: user.id, sid: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(key);
    const forged = await new SignJWT({ userId: user.id })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('some-other-secret-that-is-long-enough!!'));
    const cases: Record<string, string>[] = [
      {},
      { authorization: 'Bearer' },
      { authorization: 'Basic abc' },
      { authorization: `Bearer eyJhbGciOiJub25lIn0.${payload}.` },
      bearer(expired),
      bearer(forged),
    ];
    for (const headers of cases) {
      const response = await testApp.app.inject({ method: 'GET', url: '/api/auth/me', headers });
      expect(expectApiError(response, 401).code).toBe('UNAUTHENTICATED');
    }
  });
});

describe('POST /api/auth/refresh', () => {
  it('rotates the refresh token on every use', async () => {
    const { tokens } = await registerUser(testApp.app);
    const first = await post('/api/auth/refresh', { refreshToken: tokens.refreshToken });
    expect(first.statusCode).toBe(200);
    const rotated = refreshResponseSchema.parse(first.json()).tokens;
    expect(rotated.refreshToken).not.toBe(tokens.refreshToken);

    const me = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(rotated.accessToken),
    });
    expect(me.statusCode).toBe(200);
    const second = await post('/api/auth/refresh', { refreshToken: rotated.refreshToken });
    expect(second.statusCode).toBe(200);
  });

  it('revokes the whole family when an already-rotated token is presented again', async () => {
    const { tokens } = await registerUser(testApp.app);
    const rotated = refreshResponseSchema.parse(
      (await post('/api/auth/refresh', { refreshToken: tokens.refreshToken })).json(),
    ).tokens;

    const reuse = await post('/api/auth/refresh', { refreshToken: tokens.refreshToken });
    expect(expectApiError(reuse, 401).code).toBe('REFRESH_TOKEN_REUSED');

    expectApiError(await post('/api/auth/refresh', { refreshToken: rotated.refreshToken }), 401);
    const me = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(rotated.accessToken),
    });
    expectApiError(me, 401);
  });

  it('keeps other sessions of the same user alive when one family is revoked', async () => {
    const { user, password, tokens } = await registerUser(testApp.app);
    const other = (await post('/api/auth/login', { email: user.email, password })).json().tokens;
    await post('/api/auth/refresh', { refreshToken: tokens.refreshToken });
    await post('/api/auth/refresh', { refreshToken: tokens.refreshToken });
    const me = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(other.accessToken),
    });
    expect(me.statusCode).toBe(200);
  });

  it('answers 401 for an unknown or expired refresh token', async () => {
    expect(expectApiError(await post('/api/auth/refresh', { refreshToken: 'not-a-token' }), 401).code).toBe(
      'INVALID_REFRESH_TOKEN',
    );
    const { tokens } = await registerUser(testApp.app);
    const later = Date.now() + (REFRESH_TOKEN_TTL_SECONDS + 60) * 1000;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    expect(
      expectApiError(await post('/api/auth/refresh', { refreshToken: tokens.refreshToken }), 401).code,
    ).toBe('INVALID_REFRESH_TOKEN');
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the session: its access and refresh tokens stop working', async () => {
    const { tokens } = await registerUser(testApp.app);
    const response = await post(
      '/api/auth/logout',
      { refreshToken: tokens.refreshToken },
      bearer(tokens.accessToken),
    );
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expectApiError(
      await testApp.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(tokens.accessToken) }),
      401,
    );
    expectApiError(await post('/api/auth/refresh', { refreshToken: tokens.refreshToken }), 401);
  });

  it('works without a body and requires a bearer token', async () => {
    const { tokens } = await registerUser(testApp.app);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(tokens.accessToken),
    });
    expect(response.statusCode).toBe(204);
    expectApiError(await testApp.app.inject({ method: 'POST', url: '/api/auth/logout' }), 401);
  });

  it("never revokes another user's session through a refresh token in the body", async () => {
    const alice = await registerUser(testApp.app);
    const bob = await registerUser(testApp.app);
    await post(
      '/api/auth/logout',
      { refreshToken: bob.tokens.refreshToken },
      bearer(alice.tokens.accessToken),
    );
    const me = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(bob.tokens.accessToken),
    });
    expect(me.statusCode).toBe(200);
  });
});

describe('rate limits', () => {
  it('locks an email after repeated failed logins, with Retry-After, without blocking other emails', async () => {
    const { user, password } = await registerUser(testApp.app);
    for (let attempt = 0; attempt < authRateLimits.loginFailuresPerEmail.points; attempt += 1) {
      expectApiError(await post('/api/auth/login', { email: user.email, password: 'wrong-password' }), 401);
    }
    const locked = await post('/api/auth/login', { email: user.email, password });
    expect(expectApiError(locked, 429).code).toBe('RATE_LIMITED');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);

    const other = await registerUser(testApp.app);
    expect(
      (await post('/api/auth/login', { email: other.user.email, password: other.password })).statusCode,
    ).toBe(200);
  });

  it('does not let failures lock out the public demo accounts', async () => {
    for (let attempt = 0; attempt <= authRateLimits.loginFailuresPerEmail.points; attempt += 1) {
      await post('/api/auth/login', { email: 'demo-en@example.com', password: 'wrong-password' });
    }
    expect(
      (await post('/api/auth/login', { email: 'demo-en@example.com', password: 'demo1234' })).statusCode,
    ).toBe(200);
  });

  it('limits login, register and refresh attempts per client address', async () => {
    const address = nextAddress();
    for (let attempt = 0; attempt < authRateLimits.loginPerIp.points; attempt += 1) {
      await post('/api/auth/login', { email: `n${attempt}@example.com`, password: 'x' }, {}, address);
    }
    const login = await post('/api/auth/login', { email: 'last@example.com', password: 'x' }, {}, address);
    expect(Number(expectApiError(login, 429) && login.headers['retry-after'])).toBeGreaterThan(0);

    for (let attempt = 0; attempt < 10; attempt += 1) {
      await post('/api/auth/register', { email: 'bad' }, {}, address);
    }
    // Invalid bodies are rejected before they reach the budget, so only valid attempts count.
    const afterInvalid = await post(
      '/api/auth/register',
      { email: 'fresh@example.com', password: 'secret1', name: 'F' },
      {},
      address,
    );
    expect(afterInvalid.statusCode).toBe(201);

    for (let attempt = 0; attempt < authRateLimits.refreshPerIp.points; attempt += 1) {
      await post('/api/auth/refresh', { refreshToken: 'unknown' }, {}, address);
    }
    expectApiError(await post('/api/auth/refresh', { refreshToken: 'unknown' }, {}, address), 429);
  });
});

describe('registration limit', () => {
  const register = (app: TestApp, index: number, address: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: `limit-${index}-${Date.now()}@example.com`, password: 'secret1', name: 'L' },
      remoteAddress: address,
    });

  it('allows 10 sign-ups per address per hour by default, and REGISTRATIONS_PER_HOUR raises it', async () => {
    const address = nextAddress();
    for (let index = 0; index < 10; index += 1)
      expect((await register(testApp, index, address)).statusCode).toBe(201);
    expectApiError(await register(testApp, 10, address), 429);

    const raised = await createTestApp({ REGISTRATIONS_PER_HOUR: '11' });
    try {
      for (let index = 0; index < 11; index += 1) {
        expect((await register(raised, index, address)).statusCode).toBe(201);
      }
    } finally {
      await raised.close();
    }
  });
});

describe('demo accounts', () => {
  it('lists the configured demo accounts and password for the login page', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/auth/demo-accounts' });
    expect(demoAccountsResponseSchema.parse(response.json())).toEqual({
      accounts: [
        { email: 'demo-en@example.com', language: 'en' },
        { email: 'demo-ja@example.com', language: 'jp' },
      ],
      password: 'demo1234',
    });
  });
});
