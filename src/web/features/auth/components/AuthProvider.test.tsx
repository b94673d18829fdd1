import { screen, waitFor } from '@testing-library/react';
import { Outlet } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../../lib/token-storage.ts';
import { apiError, demoUser, fakeAccessToken, json, stubApi } from '../../../test/fake-api.ts';
import { renderRouter } from '../../../test/render-router.ts';
import { useAuth } from '../hooks/use-auth.ts';
import { AuthProvider } from './AuthProvider.tsx';

const HOUR = 60 * 60;

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

describe('AuthProvider', () => {
  it('starts signed out without a stored token', () => {
    const fetchMock = stubApi({});
    renderRouter(routes, '/', { layout: AuthProvider });

    expect(screen.getByText('unauthenticated')).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('verifies a stored token with /auth/me', async () => {
    await tokenStorage.setTokens({ accessToken: fakeAccessToken(20 * HOUR), refreshToken: 'refresh-1' });
    const fetchMock = stubApi({ 'GET /api/auth/me': () => json(200, { user: demoUser }) });
    renderRouter(routes, '/', { layout: AuthProvider });

    expect(screen.getByText('verifying')).toBeVisible();
    expect(await screen.findByText('authenticated Demo User')).toBeVisible();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('refreshes a token expiring within 12 hours before loading the user', async () => {
    const fresh = { accessToken: fakeAccessToken(24 * HOUR), refreshToken: 'refresh-2' };
    await tokenStorage.setTokens({ accessToken: fakeAccessToken(2 * HOUR), refreshToken: 'refresh-1' });
    const fetchMock = stubApi({
      'POST /api/auth/refresh': () => json(200, { tokens: fresh }),
      'GET /api/auth/me': () => json(200, { user: demoUser }),
    });
    renderRouter(routes, '/', { layout: AuthProvider });

    expect(await screen.findByText('authenticated Demo User')).toBeVisible();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/auth/refresh', '/api/auth/me']);
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe('{"refreshToken":"refresh-1"}');
    expect(tokenStorage.getRefreshToken()).toBe('refresh-2');
  });

  it('schedules a refresh for 12 hours before expiry and reloads the user afterwards', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fresh = { accessToken: fakeAccessToken(24 * HOUR), refreshToken: 'refresh-2' };
    await tokenStorage.setTokens({ accessToken: fakeAccessToken(13 * HOUR), refreshToken: 'refresh-1' });
    const fetchMock = stubApi({
      'POST /api/auth/refresh': () => json(200, { tokens: fresh }),
      'GET /api/auth/me': () => json(200, { user: demoUser }),
    });
    renderRouter(routes, '/', { layout: AuthProvider });
    expect(await screen.findByText('authenticated Demo User')).toBeVisible();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(HOUR * 1000);

    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
        '/api/auth/me',
        '/api/auth/refresh',
        '/api/auth/me',
      ]),
    );
    expect(tokenStorage.getAccessToken()).toBe(fresh.accessToken);
    vi.useRealTimers();
  });

  it('clears the tokens and goes to /login when the refresh fails', async () => {
    await tokenStorage.setTokens({ accessToken: fakeAccessToken(-HOUR), refreshToken: 'revoked' });
    stubApi({ 'POST /api/auth/refresh': () => apiError(401, 'Unauthorized', 'Invalid refresh token') });
    const router = renderRouter(routes, '/', { layout: AuthProvider });

    expect(await screen.findByRole('heading', { name: 'Login' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(tokenStorage.getAccessToken()).toBeNull();
  });

  it('does not retry /auth/me when the token is rejected', async () => {
    await tokenStorage.setTokens({ accessToken: fakeAccessToken(20 * HOUR), refreshToken: 'refresh-1' });
    const fetchMock = stubApi({ 'GET /api/auth/me': () => apiError(401, 'Unauthorized', 'Invalid token') });
    renderRouter(routes, '/', { layout: AuthProvider });

    expect(await screen.findByText('unauthenticated')).toBeVisible();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(tokenStorage.getAccessToken()).toBeNull();
  });

  it('tries /auth/me three times before signing out', async () => {
    await tokenStorage.setTokens({ accessToken: fakeAccessToken(20 * HOUR), refreshToken: 'refresh-1' });
    const fetchMock = stubApi({ 'GET /api/auth/me': () => apiError(503, 'Service Unavailable', 'Starting') });
    renderRouter(routes, '/', { layout: AuthProvider });

    await waitFor(() => expect(screen.getByText('unauthenticated')).toBeVisible(), { timeout: 3000 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});
