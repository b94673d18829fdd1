import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { authResponseSchema } from '../../../contract/auth.ts';
import {
  SESSION_IDLE_LIMIT_SECONDS,
  SESSION_LIFETIME_SECONDS,
  sessionsResponseSchema,
} from '../../../contract/sessions.ts';
import { expectApiError } from '../../test/api-error.ts';
import { bearer, cookieSet, csrfHeader, nextAddress, registerUser } from '../../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());
afterEach(() => vi.restoreAllMocks());

const app = () => testApp.app;
const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

type Session = { accessToken: string; refreshToken: string };

async function login(email: string, password: string, userAgent: string, address: string): Promise<Session> {
  const response = await app().inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    headers: { 'user-agent': userAgent },
    remoteAddress: address,
  });
  expect(response.statusCode, response.body).toBe(200);
  return {
    accessToken: authResponseSchema.parse(response.json()).tokens.accessToken,
    refreshToken: cookieSet(response, 'matome_refresh')!,
  };
}

function refresh(refreshToken: string) {
  return app().inject({
    method: 'POST',
    url: '/api/auth/refresh',
    headers: csrfHeader,
    cookies: { matome_refresh: refreshToken },
    remoteAddress: nextAddress(),
  });
}

async function renew(session: Session): Promise<Session> {
  const response = await refresh(session.refreshToken);
  expect(response.statusCode, response.body).toBe(200);
  return {
    accessToken: response.json().tokens.accessToken,
    refreshToken: cookieSet(response, 'matome_refresh')!,
  };
}

async function list(accessToken: string) {
  const response = await app().inject({
    method: 'GET',
    url: '/api/auth/sessions',
    headers: bearer(accessToken),
  });
  expect(response.statusCode, response.body).toBe(200);
  return sessionsResponseSchema.parse(response.json()).sessions;
}

const me = (accessToken: string) =>
  app().inject({ method: 'GET', url: '/api/auth/me', headers: bearer(accessToken) });
const end = (accessToken: string, id: string) =>
  app().inject({ method: 'DELETE', url: `/api/auth/sessions/${id}`, headers: bearer(accessToken) });

/** Moves the clock to `bySeconds` after the real now (not after an earlier move). */
function moveClock(bySeconds: number) {
  vi.restoreAllMocks();
  const now = Date.now() + bySeconds * 1000;
  vi.spyOn(Date, 'now').mockReturnValue(now);
}

describe('GET /api/auth/sessions', () => {
  it('lists each sign-in with its device, address and times, marking the current one', async () => {
    const { user, password } = await registerUser(app());
    const laptop = await login(user.email, password, FIREFOX_ON_LINUX, '203.0.113.7');
    const phone = await login(user.email, password, SAFARI_ON_IPHONE, '198.51.100.20');

    const sessions = await list(phone.accessToken);
    const fromPhone = sessions.find((session) => session.ipAddress === '198.51.100.20');
    const fromLaptop = sessions.find((session) => session.ipAddress === '203.0.113.7');
    expect(sessions).toHaveLength(3); // the sign-up's session too
    expect(fromPhone).toMatchObject({
      device: 'Safari 17 on iOS',
      current: true,
      userAgent: SAFARI_ON_IPHONE,
    });
    expect(fromLaptop).toMatchObject({ device: 'Firefox 128 on Linux', current: false });
    expect(Date.parse(fromLaptop!.expiresAt) - Date.parse(fromLaptop!.createdAt)).toBe(
      SESSION_LIFETIME_SECONDS * 1000,
    );
    expect(JSON.stringify(sessions)).not.toContain(laptop.refreshToken);
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
  });

  it('shows only the user’s own sessions', async () => {
    const alice = await registerUser(app());
    const bob = await registerUser(app());
    const aliceIds = (await list(alice.tokens.accessToken)).map((session) => session.id);
    const bobIds = (await list(bob.tokens.accessToken)).map((session) => session.id);
    expect(aliceIds.some((id) => bobIds.includes(id))).toBe(false);
  });
});

describe('DELETE /api/auth/sessions/{id}', () => {
  it('ends that session at once: its access token and refresh token stop working', async () => {
    const { user, password, tokens } = await registerUser(app());
    const laptop = await login(user.email, password, FIREFOX_ON_LINUX, nextAddress());
    const laptopId = (await list(laptop.accessToken)).find((session) => session.current)!.id;

    const response = await end(tokens.accessToken, laptopId);
    expect(response.statusCode).toBe(204);
    expectApiError(await me(laptop.accessToken), 401);
    expectApiError(await refresh(laptop.refreshToken), 401);
    expect((await list(tokens.accessToken)).map((session) => session.id)).not.toContain(laptopId);
    expect((await me(tokens.accessToken)).statusCode).toBe(200);
  });

  it('answers 404 for another user’s session, an ended one and a malformed id, and ends nothing', async () => {
    const alice = await registerUser(app());
    const bob = await registerUser(app());
    const [bobSession] = await list(bob.tokens.accessToken);
    for (const id of [bobSession!.id, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      expect(expectApiError(await end(alice.tokens.accessToken, id), 404).code).toBe('NOT_FOUND');
    }
    expect((await me(bob.tokens.accessToken)).statusCode).toBe(200);
    const [own] = await list(alice.tokens.accessToken);
    expect((await end(alice.tokens.accessToken, own!.id)).statusCode).toBe(204);
    expect(cookieSet(await end(bob.tokens.accessToken, bobSession!.id), 'matome_refresh')).toBe('');
  });
});

describe('DELETE /api/auth/sessions (sign out everywhere)', () => {
  it('ends every session of the user, the current one included, and no one else’s', async () => {
    const { user, password, tokens } = await registerUser(app());
    const phone = await login(user.email, password, SAFARI_ON_IPHONE, nextAddress());
    const stranger = await registerUser(app());

    const response = await app().inject({
      method: 'DELETE',
      url: '/api/auth/sessions',
      headers: bearer(tokens.accessToken),
    });
    expect(response.statusCode).toBe(204);
    expect(cookieSet(response, 'matome_refresh')).toBe('');
    for (const session of [tokens, phone]) {
      expectApiError(await me(session.accessToken), 401);
      expectApiError(await refresh(session.refreshToken), 401);
    }
    expect((await me(stranger.tokens.accessToken)).statusCode).toBe(200);
  });
});

describe('session limits', () => {
  it(`ends a session unused for ${SESSION_IDLE_LIMIT_SECONDS / 86_400} days`, async () => {
    const { tokens } = await registerUser(app());
    moveClock(SESSION_IDLE_LIMIT_SECONDS - 60);
    const renewed = await renew(tokens);
    moveClock(SESSION_IDLE_LIMIT_SECONDS - 60 + SESSION_IDLE_LIMIT_SECONDS + 60);
    expect(expectApiError(await refresh(renewed.refreshToken), 401).code).toBe('INVALID_REFRESH_TOKEN');
  });

  it(`ends a session ${SESSION_LIFETIME_SECONDS / 86_400} days after sign-in however much it is used`, async () => {
    let session: Session = (await registerUser(app())).tokens;
    const day = 86_400;
    for (let elapsed = day; elapsed < SESSION_LIFETIME_SECONDS; elapsed += 5 * day) {
      moveClock(elapsed);
      session = await renew(session);
    }
    moveClock(SESSION_LIFETIME_SECONDS + 60);
    expectApiError(await refresh(session.refreshToken), 401);
  });
});

describe('POST /api/auth/password (change)', () => {
  it('ends the user’s other sessions and keeps this one', async () => {
    const { user, password, tokens } = await registerUser(app());
    const phone = await login(user.email, password, SAFARI_ON_IPHONE, nextAddress());
    const response = await app().inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: bearer(tokens.accessToken),
      payload: { currentPassword: password, newPassword: 'a brand new passphrase' },
    });
    expect(response.statusCode, response.body).toBe(204);
    expectApiError(await me(phone.accessToken), 401);
    expectApiError(await refresh(phone.refreshToken), 401);
    expect((await me(tokens.accessToken)).statusCode).toBe(200);
    expect((await refresh(tokens.refreshToken)).statusCode).toBe(200);

    const old = await app().inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password },
      remoteAddress: nextAddress(),
    });
    expectApiError(old, 401);
    await login(user.email, 'a brand new passphrase', FIREFOX_ON_LINUX, nextAddress());
  });

  it('refuses a wrong current password, a common new one, and the shared demo accounts', async () => {
    const { password, tokens } = await registerUser(app());
    const change = (accessToken: string, payload: object) =>
      app().inject({ method: 'POST', url: '/api/auth/password', headers: bearer(accessToken), payload });
    expect(
      expectApiError(
        await change(tokens.accessToken, { currentPassword: 'nope', newPassword: 'fine passphrase' }),
        403,
      ).code,
    ).toBe('WRONG_PASSWORD');
    expect(
      expectApiError(
        await change(tokens.accessToken, { currentPassword: password, newPassword: 'password1' }),
        400,
      ).code,
    ).toBe('PASSWORD_TOO_COMMON');
    const demo = await login('demo-en@example.com', 'demo1234', FIREFOX_ON_LINUX, nextAddress());
    expect(
      expectApiError(
        await change(demo.accessToken, { currentPassword: 'demo1234', newPassword: 'fine passphrase' }),
        403,
      ).code,
    ).toBe('DEMO_RESTRICTED');
  });
});

describe('the shared demo account', () => {
  // Many visitors sign in to one demo user at once (decision 030): each sees and ends only their own sign-in.
  const demoLogin = (userAgent: string, address: string) =>
    login('demo-ja@example.com', 'demo1234', userAgent, address);

  it('lists only the visitor’s own sign-in, without the other visitors’ addresses or browsers', async () => {
    const visitor = await demoLogin(FIREFOX_ON_LINUX, '203.0.113.41');
    await demoLogin(SAFARI_ON_IPHONE, '198.51.100.42');
    const sessions = await list(visitor.accessToken);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({
      current: true,
      ipAddress: '203.0.113.41',
      userAgent: FIREFOX_ON_LINUX,
    });
  });

  it('cannot end another visitor’s sign-in, which it cannot see', async () => {
    const visitor = await demoLogin(FIREFOX_ON_LINUX, nextAddress());
    const other = await demoLogin(SAFARI_ON_IPHONE, nextAddress());
    const [otherSession] = await list(other.accessToken);
    expect(expectApiError(await end(visitor.accessToken, otherSession!.id), 404).code).toBe('NOT_FOUND');
    expect((await me(other.accessToken)).statusCode).toBe(200);
    expect((await refresh(other.refreshToken)).statusCode).toBe(200);

    const [own] = await list(visitor.accessToken);
    expect((await end(visitor.accessToken, own!.id)).statusCode).toBe(204);
    expectApiError(await me(visitor.accessToken), 401);
  });

  it('signs out "everywhere" only the visitor’s own sign-in', async () => {
    const visitor = await demoLogin(FIREFOX_ON_LINUX, nextAddress());
    const other = await demoLogin(SAFARI_ON_IPHONE, nextAddress());
    const everywhere = await app().inject({
      method: 'DELETE',
      url: '/api/auth/sessions',
      headers: bearer(visitor.accessToken),
    });
    expect(everywhere.statusCode).toBe(204);
    expectApiError(await me(visitor.accessToken), 401);
    expectApiError(await refresh(visitor.refreshToken), 401);
    expect((await me(other.accessToken)).statusCode).toBe(200);
    expect((await refresh(other.refreshToken)).statusCode).toBe(200);
  });
});
