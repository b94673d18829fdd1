import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthProvider } from '../../features/auth/components/AuthProvider.tsx';
import { demoUser, fakeAccessToken, json, stubApi } from '../../test/fake-api.ts';
import { renderRouter } from '../../test/render-router.ts';
import { AuthCallbackPage } from './AuthCallbackPage.tsx';

const routes = [
  { path: '/auth/callback', element: <AuthCallbackPage /> },
  { path: '/dashboard', element: <h1>Dashboard</h1> },
];

describe('AuthCallbackPage', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('trades the code of the fragment for the session and opens the dashboard', async () => {
    const fetchMock = stubApi({
      'POST /api/auth/oauth/exchange': () =>
        json(200, { user: demoUser, tokens: { accessToken: fakeAccessToken(900) } }),
    });
    renderRouter(routes, '/auth/callback#provider=google&code=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG', {
      layout: AuthProvider,
    });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    const exchange = fetchMock.mock.calls.find(([url]) => String(url) === '/api/auth/oauth/exchange');
    expect(JSON.parse(String(exchange?.[1]?.body))).toEqual({
      code: 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
    });
  });

  it('says the sign-in expired, with the way back to the login page', async () => {
    stubApi({
      'POST /api/auth/oauth/exchange': () =>
        json(401, { statusCode: 401, error: 'Unauthorized', message: 'expired', code: 'SIGN_IN_EXPIRED' }),
    });
    renderRouter(routes, '/auth/callback#code=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG', {
      layout: AuthProvider,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your sign-in has expired. Please log in again.',
    );
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
  });

  it('shows the outcome without waiting for any check of an earlier session', async () => {
    window.history.replaceState(null, '', '/auth/callback');
    const fetchMock = stubApi({
      // An earlier session's renewal that never answers would hold the page if it waited for it.
      'POST /api/auth/refresh': () => new Promise<Response>(() => {}),
      'POST /api/auth/oauth/exchange': () =>
        json(401, { statusCode: 401, error: 'Unauthorized', message: 'expired', code: 'SIGN_IN_EXPIRED' }),
    });
    renderRouter(routes, '/auth/callback#code=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG', {
      layout: AuthProvider,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your sign-in has expired. Please log in again.',
    );
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain('/api/auth/refresh');
  });

  it('says a code the server cannot read has expired too, not that an error occurred', async () => {
    stubApi({
      'POST /api/auth/oauth/exchange': () =>
        json(400, {
          statusCode: 400,
          error: 'Bad Request',
          message: 'body/code: Too small',
          code: 'VALIDATION_ERROR',
        }),
    });
    renderRouter(routes, '/auth/callback#code=stale', { layout: AuthProvider });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your sign-in has expired. Please log in again.',
    );
  });

  it('says the link is incomplete when the fragment carries no code', async () => {
    stubApi({});
    renderRouter(routes, '/auth/callback', { layout: AuthProvider });
    expect(await screen.findByRole('alert')).toHaveTextContent('This sign-in link is incomplete.');
  });
});
