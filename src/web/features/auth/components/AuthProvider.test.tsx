import { screen, waitFor } from '@testing-library/react';
import { Outlet } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { LANGUAGE_COOKIE, SESSION_HINT_COOKIE } from '../../../../contract/auth-constants.ts';
import { accessTokenStore } from '../../../lib/token-storage.ts';
import {
  apiError,
  demoUser,
  fakeAccessToken,
  json,
  signedInHandlers,
  stubApi,
} from '../../../test/fake-api.ts';
import { renderRouter } from '../../../test/render-router.ts';
import { useAuth } from '../hooks/use-auth.ts';
import { AuthProvider } from './AuthProvider.tsx';

function Status() {
  const { status, user } = useAuth();
  return (
    <p>
      {status} {user?.name}
      <Outlet />
    </p>
  );
}

const routes = [
  { path: '/', element: <Status /> },
  { path: '/login', element: <h1>Login</h1> },
];

const urls = (fetchMock: ReturnType<typeof stubApi>) => fetchMock.mock.calls.map(([url]) => url);

describe('AuthProvider', () => {
  it('sends nothing at start in a browser without the session hint, and is signed out', async () => {
    document.cookie = `${SESSION_HINT_COOKIE}=; path=/; max-age=0`;
    const fetchMock = stubApi({});
    renderRouter(routes, '/', { layout: AuthProvider });

    expect(await screen.findByText('unauthenticated')).toBeVisible();
    expect(urls(fetchMock)).toEqual([]);
  });

  it('asks the refresh cookie for a session at start, and is signed out when it is refused', async () => {
    const fetchMock = stubApi({});
    renderRouter(routes, '/', { layout: AuthProvider });

    expect(screen.getByText('verifying')).toBeVisible();
    expect(await screen.findByText('unauthenticated')).toBeVisible();
    expect(urls(fetchMock)).toEqual(['/api/auth/refresh']);
    const init = fetchMock.mock.calls[0]?.[1];
    expect(new Headers(init?.headers).get('x-matome-csrf')).toBe('1');
    expect(init?.credentials).toBe('same-origin');
    expect(init?.body).toBeUndefined();
  });

  it('restores the session after a reload: a new access token through the cookie, then the user', async () => {
    const fetchMock = stubApi(signedInHandlers);
    renderRouter(routes, '/', { layout: AuthProvider });

    expect(await screen.findByText('authenticated Demo User')).toBeVisible();
    expect(urls(fetchMock)).toEqual(['/api/auth/refresh', '/api/auth/me']);
    expect(accessTokenStore.get()).toBeTruthy();
  });

  it('takes the user from the renewal’s answer when the server names them there, without asking /auth/me', async () => {
    const fetchMock = stubApi({
      ...signedInHandlers,
      'POST /api/auth/refresh': () =>
        json(200, { tokens: { accessToken: fakeAccessToken(15 * 60) }, user: demoUser }),
    });
    renderRouter(routes, '/', { layout: AuthProvider });

    expect(await screen.findByText('authenticated Demo User')).toBeVisible();
    expect(urls(fetchMock)).toEqual(['/api/auth/refresh']);
  });

  it('keeps no token in localStorage or sessionStorage, and removes what an older version left there', async () => {
    window.localStorage.setItem('matome.refreshToken', 'old-refresh-token');
    window.sessionStorage.setItem('matome.accessToken', 'old-access-token');
    stubApi(signedInHandlers);
    renderRouter(routes, '/', { layout: AuthProvider });

    expect(await screen.findByText('authenticated Demo User')).toBeVisible();
    expect(JSON.stringify({ ...window.localStorage })).not.toMatch(/token/i);
    expect(JSON.stringify({ ...window.sessionStorage })).not.toMatch(/token/i);
    // Besides the language choice, the page sees only the hint that a session exists.
    const cookies = document.cookie.split('; ').filter((cookie) => !cookie.startsWith(`${LANGUAGE_COOKIE}=`));
    expect(cookies).toEqual([`${SESSION_HINT_COOKIE}=1`]);
  });

  it('renews the 15-minute access token halfway through its life and loads the user again (SPEC §4 scaled)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let fresh = '';
    const fetchMock = stubApi({
      ...signedInHandlers,
      'POST /api/auth/refresh': () => {
        fresh = fakeAccessToken(15 * 60);
        return json(200, { tokens: { accessToken: fresh } });
      },
    });
    renderRouter(routes, '/', { layout: AuthProvider });
    expect(await screen.findByText('authenticated Demo User')).toBeVisible();

    await vi.advanceTimersByTimeAsync(7.5 * 60 * 1000 + 1000);

    await waitFor(() =>
      expect(urls(fetchMock)).toEqual([
        '/api/auth/refresh',
        '/api/auth/me',
        '/api/auth/refresh',
        '/api/auth/me',
      ]),
    );
    expect(accessTokenStore.get()).toBe(fresh);
    vi.useRealTimers();
  });

  it('renews an expired token when a request meets it, and sends the request again', async () => {
    const renewed = fakeAccessToken(15 * 60);
    let meCalls = 0;
    const fetchMock = stubApi({
      'POST /api/auth/refresh': () => json(200, { tokens: { accessToken: renewed } }),
      'GET /api/auth/me': (init) => {
        meCalls += 1;
        const authorization = new Headers(init?.headers).get('Authorization');
        return meCalls === 1 || authorization !== `Bearer ${renewed}`
          ? json(401, {
              statusCode: 401,
              error: 'Unauthorized',
              message: 'Authentication required',
              code: 'UNAUTHENTICATED',
            })
          : json(200, { user: demoUser });
      },
    });
    renderRouter(routes, '/', { layout: AuthProvider });

    expect(await screen.findByText('authenticated Demo User')).toBeVisible();
    expect(urls(fetchMock)).toEqual([
      '/api/auth/refresh',
      '/api/auth/me',
      '/api/auth/refresh',
      '/api/auth/me',
    ]);
  });

  it('is signed out, holding no token, when the user cannot be loaded after three tries', async () => {
    const fetchMock = stubApi({
      ...signedInHandlers,
      'GET /api/auth/me': () => apiError(503, 'Service Unavailable', 'Starting'),
    });
    renderRouter(routes, '/', { layout: AuthProvider });
    await waitFor(() => expect(screen.getByText('unauthenticated')).toBeVisible(), { timeout: 3000 });
    expect(accessTokenStore.get()).toBeNull();
    expect(urls(fetchMock).filter((url) => url === '/api/auth/me').length).toBeGreaterThanOrEqual(3);
  });
});
