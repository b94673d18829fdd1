import { vi } from 'vitest';
import type { User } from '../../contract/auth.ts';

export const demoUser: User = {
  id: '6f1c2f8e-4b9a-4c3e-9a57-2b8f1d9e0c11',
  email: 'demo-en@example.com',
  emailVerified: true,
  name: 'Demo User',
  planType: 'free',
  onboardingCompleted: false,
  onboardingStep: 0,
  isFirstLogin: false,
  isDemo: true,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

export const demoAccounts = {
  accounts: [
    { email: 'demo-en@example.com', language: 'en' },
    { email: 'demo-ja@example.com', language: 'jp' },
  ],
  password: 'demo1234',
};

const base64Url = (value: string) => btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** An unsigned JWT-shaped token: the web only reads `exp`, the server is faked. */
export function fakeAccessToken(expiresInSeconds: number): string {
  const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
  return `${base64Url('{"alg":"HS256","typ":"JWT"}')}.${base64Url(JSON.stringify({ sub: demoUser.id, userId: demoUser.id, exp }))}.signature`;
}

export const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

export const apiError = (statusCode: number, error: string, message: string) =>
  json(statusCode, { statusCode, error, message });

/**
 * What a signed-in browser's start looks like: the refresh cookie gives an access token, then the user loads.
 * Spread into `stubApi` for screens behind sign-in.
 */
export const signedInHandlers = {
  'POST /api/auth/refresh': () => json(200, { tokens: { accessToken: fakeAccessToken(15 * 60) } }),
  'GET /api/auth/me': () => json(200, { user: demoUser }),
  'GET /api/auth/onboarding/status': () =>
    json(200, { onboardingCompleted: true, onboardingStep: 4, isFirstLogin: false }),
};

/** A browser without a session: the refresh cookie is missing. */
export const signedOutHandlers = {
  'POST /api/auth/refresh': () =>
    json(401, {
      statusCode: 401,
      error: 'Unauthorized',
      message: 'Refresh token is invalid or expired',
      code: 'INVALID_REFRESH_TOKEN',
    }),
};

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;

/**
 * Stubs global fetch with one handler per "METHOD /api/path"; any other request fails like a network error. The
 * browser has no session unless the handlers say otherwise (`signedInHandlers`).
 */
export function stubApi(handlers: Record<string, Handler>) {
  const routes: Record<string, Handler> = { ...signedOutHandlers, ...handlers };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const route = `${init?.method ?? 'GET'} ${String(input)}`;
    const handler = routes[route];
    if (!handler) throw new Error(`Unexpected request: ${route}`);
    return handler(init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
