import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS, authResponseSchema } from '../../../contract/auth.ts';
import { sessionsResponseSchema } from '../../../contract/sessions.ts';
import {
  bearer,
  cookieSet,
  csrfHeader,
  nextAddress,
  pastRefreshReuseGrace,
  registerUser,
} from '../../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Authentication answers from memory while a session is known live (docs/decisions/091); these hold that every
 * way of ending a session is still refused on the very next request of an access token that was just used.
 */
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

type Session = { accessToken: string; refreshToken: string };

async function signIn(email: string, password: string): Promise<Session> {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: nextAddress(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return {
    accessToken: authResponseSchema.parse(response.json()).tokens.accessToken,
    refreshToken: cookieSet(response, 'matome_refresh')!,
  };
}

function withRefreshCookie(url: string, refreshToken: string) {
  return testApp.app.inject({
    method: 'POST',
    url,
    headers: csrfHeader,
    cookies: { matome_refresh: refreshToken },
    remoteAddress: nextAddress(),
  });
}

const status = async (accessToken: string) =>
  (await testApp.app.inject({ method: 'GET', url: '/api/slack/messages', headers: bearer(accessToken) }))
    .statusCode;

/** A user with two sign-ins whose access tokens were each just used (so both are remembered as live). */
async function twoWarmSessions() {
  const { user, password, tokens } = await registerUser(testApp.app);
  const other = await signIn(user.email, password);
  for (let round = 0; round < 3; round += 1) {
    expect(await status(tokens.accessToken)).toBe(200);
    expect(await status(other.accessToken)).toBe(200);
  }
  return { user, password, first: tokens, second: other };
}

describe('a session ended on this instance is refused on the very next request', () => {
  it('after logout, and only that session', async () => {
    const { first, second } = await twoWarmSessions();
    expect((await withRefreshCookie('/api/auth/logout', first.refreshToken)).statusCode).toBe(204);
    expect(await status(first.accessToken)).toBe(401);
    expect(await status(second.accessToken)).toBe(200);
  });

  it('after the user ends one session from the list', async () => {
    const { first, second } = await twoWarmSessions();
    const sessions = sessionsResponseSchema.parse(
      (
        await testApp.app.inject({
          method: 'GET',
          url: '/api/auth/sessions',
          headers: bearer(first.accessToken),
        })
      ).json(),
    ).sessions;
    const other = sessions.find((session) => !session.current)!;
    const ended = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${other.id}`,
      headers: bearer(first.accessToken),
    });
    expect(ended.statusCode).toBe(204);
    expect(await status(second.accessToken)).toBe(401);
    expect(await status(first.accessToken)).toBe(200);
  });

  it('after signing out everywhere', async () => {
    const { first, second } = await twoWarmSessions();
    const stranger = await registerUser(testApp.app);
    expect(await status(stranger.tokens.accessToken)).toBe(200);
    const ended = await testApp.app.inject({
      method: 'DELETE',
      url: '/api/auth/sessions',
      headers: bearer(first.accessToken),
    });
    expect(ended.statusCode).toBe(204);
    expect(await status(first.accessToken)).toBe(401);
    expect(await status(second.accessToken)).toBe(401);
    expect(await status(stranger.tokens.accessToken)).toBe(200);
  });

  it('after a password change, for every session but the one that changed it', async () => {
    const { password, first, second } = await twoWarmSessions();
    const changed = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: bearer(first.accessToken),
      payload: { currentPassword: password, newPassword: 'another long passphrase' },
    });
    expect(changed.statusCode, changed.body).toBe(204);
    expect(await status(second.accessToken)).toBe(401);
    expect(await status(first.accessToken)).toBe(200);
  });

  it('after a refresh token is used twice, for the access tokens of both rotations', async () => {
    const { first, second } = await twoWarmSessions();
    const rotated = await withRefreshCookie('/api/auth/refresh', first.refreshToken);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const renewed = (rotated.json() as { tokens: { accessToken: string } }).tokens.accessToken;
    expect(await status(renewed)).toBe(200);

    pastRefreshReuseGrace();
    const reused = await withRefreshCookie('/api/auth/refresh', first.refreshToken);
    expect(reused.statusCode).toBe(401);
    expect(await status(renewed)).toBe(401);
    expect(await status(first.accessToken)).toBe(401);
    expect(await status(second.accessToken)).toBe(200);
  });
});

describe('an access token remembered as verified', () => {
  it('is refused from its expiry on', async () => {
    const { tokens } = await registerUser(testApp.app);
    expect(await status(tokens.accessToken)).toBe(200);
    const now = Date.now();
    try {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(now + (ACCESS_TOKEN_TTL_SECONDS - 30) * 1000);
      expect(await status(tokens.accessToken)).toBe(200);
      vi.setSystemTime(now + (ACCESS_TOKEN_TTL_SECONDS + 1) * 1000);
      expect(await status(tokens.accessToken)).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });
});
