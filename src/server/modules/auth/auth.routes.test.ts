import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS, meResponseSchema, refreshResponseSchema } from '../../../contract/auth.ts';
import { demoAccountsResponseSchema } from '../../../contract/demo.ts';
import { SESSION_LIFETIME_SECONDS } from '../../../contract/sessions.ts';
import { expectApiError } from '../../test/api-error.ts';
import {
  bearer,
  cookieSet,
  csrfHeader,
  nextAddress,
  pastRefreshReuseGrace,
  registerUser,
} from '../../test/auth-helpers.ts';
import { createTestApp, testSecrets, type TestApp } from '../../test/test-app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const app = () => testApp.app;

function post(url: string, payload: unknown, remoteAddress = nextAddress()) {
  return app().inject({ method: 'POST', url, payload: payload as object, remoteAddress });
}

/** The refresh call the web app makes: the cookie, and the CSRF header. */
function refresh(refreshToken: string | undefined, headers: Record<string, string> = csrfHeader) {
  return app().inject({
    method: 'POST',
    url: '/api/auth/refresh',
    headers,
    cookies: refreshToken ? { matome_refresh: refreshToken } : {},
    remoteAddress: nextAddress(),
  });
}

function me(accessToken: string) {
  return app().inject({ method: 'GET', url: '/api/auth/me', headers: bearer(accessToken) });
}

describe('POST /api/auth/login', () => {
  it('signs in with the right password, whatever the case of the email', async () => {
    const { user, password } = await registerUser(app());
    const response = await post('/api/auth/login', { email: ` ${user.email.toUpperCase()}`, password });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.id).toBe(user.id);
  });

  it('keeps the refresh token out of the body: only an HttpOnly, SameSite=Strict cookie for the auth routes', async () => {
    const { user, password } = await registerUser(app());
    const response = await post('/api/auth/login', { email: user.email, password });
    expect(Object.keys(response.json().tokens)).toEqual(['accessToken']);
    const cookie = response.cookies.find((candidate) => candidate.name === 'matome_refresh');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    expect(cookie?.value).toMatch(/^[\w-]{43}$/);
    expect(cookie?.maxAge).toBeGreaterThan(SESSION_LIFETIME_SECONDS - 60);
    expect(cookie?.maxAge).toBeLessThanOrEqual(SESSION_LIFETIME_SECONDS);
    // Served over plain HTTP on the loopback address in tests: Secure would make the browser drop it.
    expect(cookie?.secure).toBeFalsy();
  });

  it('sets a secret-free session hint the page can read beside the refresh cookie, and clears both on sign-out', async () => {
    const { user, password } = await registerUser(app());
    const signedIn = await post('/api/auth/login', { email: user.email, password });
    const hint = signedIn.cookies.find((candidate) => candidate.name === 'matome_session');
    expect(hint).toMatchObject({ value: '1', sameSite: 'Strict', path: '/' });
    expect(hint?.httpOnly).toBeFalsy();
    expect(hint?.maxAge).toBe(signedIn.cookies.find(({ name }) => name === 'matome_refresh')?.maxAge);

    const signedOut = await app().inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: csrfHeader,
      cookies: { matome_refresh: cookieSet(signedIn, 'matome_refresh')! },
    });
    expect(cookieSet(signedOut, 'matome_refresh')).toBe('');
    expect(cookieSet(signedOut, 'matome_session')).toBe('');
  });

  it('marks the cookies Secure when the app is served over HTTPS', async () => {
    const secureApp = await createTestApp({ PUBLIC_URL: 'https://matome.example' });
    try {
      const { user, password } = await registerUser(secureApp.app);
      const response = await secureApp.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password },
      });
      for (const name of ['matome_refresh', 'matome_device', 'matome_session']) {
        expect(response.cookies.find((cookie) => cookie.name === name)?.secure, name).toBe(true);
      }
    } finally {
      await secureApp.close();
    }
  });

  it('gives the same 401 for a wrong password and an unknown email', async () => {
    const { user } = await registerUser(app());
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
      expect(response.json().user).toMatchObject({ email, isDemo: true, emailVerified: true });
    }
  });
});

describe('GET /api/auth/me', () => {
  it('returns the signed-in user', async () => {
    const { user, tokens } = await registerUser(app());
    const response = await me(tokens.accessToken);
    expect(response.statusCode).toBe(200);
    expect(meResponseSchema.parse(response.json()).user).toEqual(user);
  });

  it('answers 401 for a missing, malformed, forged or expired token', async () => {
    const { user, tokens } = await registerUser(app());
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
      const response = await app().inject({ method: 'GET', url: '/api/auth/me', headers });
      expect(expectApiError(response, 401).code).toBe('UNAUTHENTICATED');
    }
  });
});

describe('access tokens', () => {
  it('live 15 minutes', async () => {
    const { tokens } = await registerUser(app());
    const claims = JSON.parse(Buffer.from(tokens.accessToken.split('.')[1]!, 'base64url').toString());
    expect(claims.exp - claims.iat).toBe(ACCESS_TOKEN_TTL_SECONDS);
    expect(ACCESS_TOKEN_TTL_SECONDS).toBe(15 * 60);
  });

  it('answers 401, not 500, for a well-signed token whose ids are not uuids', async () => {
    const { user } = await registerUser(app());
    const key = new TextEncoder().encode(testSecrets.jwtSecret);
    const sign = (claims: { userId: string; sid: string }) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.userId)
        .setExpirationTime('1h')
        .sign(key);
    for (const claims of [
      { userId: 'not-a-uuid', sid: user.id },
      { userId: user.id, sid: 'not-a-uuid' },
      { userId: "x' or 1=1 --", sid: '\u0000' },
    ]) {
      const response = await me(await sign(claims));
      expect(expectApiError(response, 401).code).toBe('UNAUTHENTICATED');
    }
  });
});

describe('POST /api/auth/refresh', () => {
  it('rotates the refresh cookie on every use and answers a new access token', async () => {
    const { tokens } = await registerUser(app());
    const first = await refresh(tokens.refreshToken);
    expect(first.statusCode, first.body).toBe(200);
    const rotated = cookieSet(first, 'matome_refresh')!;
    expect(rotated).toMatch(/^[\w-]{43}$/);
    expect(rotated).not.toBe(tokens.refreshToken);
    const { accessToken } = refreshResponseSchema.parse(first.json()).tokens;
    expect((await me(accessToken)).statusCode).toBe(200);
    expect((await refresh(rotated)).statusCode).toBe(200);
  });

  it('names the user as /auth/me would, so a page starting up need not ask it next', async () => {
    const { tokens } = await registerUser(app());
    const renewed = refreshResponseSchema.parse((await refresh(tokens.refreshToken)).json());
    const { user } = (await me(renewed.tokens.accessToken)).json<{ user: unknown }>();
    expect(renewed.user).toEqual(user);
  });

  it('refuses a request without the CSRF header, or one a browser says came from another site', async () => {
    const { tokens } = await registerUser(app());
    const refused: Record<string, string>[] = [
      {},
      { 'x-matome-csrf': '0' },
      { ...csrfHeader, 'sec-fetch-site': 'cross-site' },
      { ...csrfHeader, 'sec-fetch-site': 'same-site' },
    ];
    for (const headers of refused) {
      expect(expectApiError(await refresh(tokens.refreshToken, headers), 403).code).toBe('CSRF_REJECTED');
    }
    // The refused requests spent nothing: the token still works.
    expect(
      (await refresh(tokens.refreshToken, { ...csrfHeader, 'sec-fetch-site': 'same-origin' })).statusCode,
    ).toBe(200);
  });

  it('ends the session when an already-rotated token is presented again after the grace period', async () => {
    const { tokens } = await registerUser(app());
    const rotated = cookieSet(await refresh(tokens.refreshToken), 'matome_refresh')!;

    pastRefreshReuseGrace();
    const reuse = await refresh(tokens.refreshToken);
    expect(expectApiError(reuse, 401).code).toBe('REFRESH_TOKEN_REUSED');
    expect(cookieSet(reuse, 'matome_refresh')).toBe('');

    expectApiError(await refresh(rotated), 401);
    expectApiError(await me(tokens.accessToken), 401);
  });

  it('gives a browser whose answer was lost a new token within the grace period, without ending the session', async () => {
    const { tokens } = await registerUser(app());
    const lost = cookieSet(await refresh(tokens.refreshToken), 'matome_refresh')!;

    const retried = await refresh(tokens.refreshToken);
    expect(retried.statusCode, retried.body).toBe(200);
    const kept = cookieSet(retried, 'matome_refresh')!;
    expect(kept).toMatch(/^[\w-]{43}$/);
    expect(kept).not.toBe(lost);
    expect((await me(refreshResponseSchema.parse(retried.json()).tokens.accessToken)).statusCode).toBe(200);
    expect((await refresh(kept)).statusCode).toBe(200);
    expect((await me(tokens.accessToken)).statusCode).toBe(200);
  });

  it('keeps one live token per session when it forgives: the lost successor, used later, ends the session', async () => {
    const { tokens } = await registerUser(app());
    const lost = cookieSet(await refresh(tokens.refreshToken), 'matome_refresh')!;
    const kept = cookieSet(await refresh(tokens.refreshToken), 'matome_refresh')!;

    pastRefreshReuseGrace();
    expect(expectApiError(await refresh(lost), 401).code).toBe('REFRESH_TOKEN_REUSED');
    expectApiError(await refresh(kept), 401);
  });

  it('does not forgive a token whose successor was already used: that browser got its answer', async () => {
    const { tokens } = await registerUser(app());
    const received = cookieSet(await refresh(tokens.refreshToken), 'matome_refresh')!;
    expect((await refresh(received)).statusCode).toBe(200);

    expect(expectApiError(await refresh(tokens.refreshToken), 401).code).toBe('REFRESH_TOKEN_REUSED');
  });

  it('keeps other sessions of the same user alive when one ends by reuse', async () => {
    const { user, password, tokens } = await registerUser(app());
    const other = (await post('/api/auth/login', { email: user.email, password })).json().tokens;
    await refresh(tokens.refreshToken);
    pastRefreshReuseGrace();
    expectApiError(await refresh(tokens.refreshToken), 401);
    expect((await me(other.accessToken)).statusCode).toBe(200);
  });

  it('answers 401 without a cookie, for an unknown token and after the session lifetime', async () => {
    expect(expectApiError(await refresh(undefined), 401).code).toBe('INVALID_REFRESH_TOKEN');
    expect(expectApiError(await refresh('not-a-token'), 401).code).toBe('INVALID_REFRESH_TOKEN');
    const { tokens } = await registerUser(app());
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + (SESSION_LIFETIME_SECONDS + 60) * 1000);
    expect(expectApiError(await refresh(tokens.refreshToken), 401).code).toBe('INVALID_REFRESH_TOKEN');
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the session of the cookie: its access and refresh tokens stop working, the cookie is cleared', async () => {
    const { tokens } = await registerUser(app());
    const response = await app().inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: csrfHeader,
      cookies: { matome_refresh: tokens.refreshToken },
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(cookieSet(response, 'matome_refresh')).toBe('');
    expectApiError(await me(tokens.accessToken), 401);
    expectApiError(await refresh(tokens.refreshToken), 401);
  });

  it('requires the CSRF header, and works without a cookie', async () => {
    const { tokens } = await registerUser(app());
    const forged = await app().inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { matome_refresh: tokens.refreshToken },
    });
    expect(expectApiError(forged, 403).code).toBe('CSRF_REJECTED');
    expect((await me(tokens.accessToken)).statusCode).toBe(200);
    const bare = await app().inject({ method: 'POST', url: '/api/auth/logout', headers: csrfHeader });
    expect(bare.statusCode).toBe(204);
  });
});

describe('demo accounts', () => {
  it('lists the configured demo accounts and password for the login page', async () => {
    const response = await app().inject({ method: 'GET', url: '/api/auth/demo-accounts' });
    expect(demoAccountsResponseSchema.parse(response.json())).toEqual({
      accounts: [
        { email: 'demo-en@example.com', language: 'en' },
        { email: 'demo-ja@example.com', language: 'jp' },
      ],
      password: 'demo1234',
    });
  });
});
