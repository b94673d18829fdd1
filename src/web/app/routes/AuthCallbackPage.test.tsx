import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AuthProvider } from '../../features/auth/components/AuthProvider.tsx';
import { demoUser, fakeAccessToken, json, stubApi } from '../../test/fake-api.ts';
import { renderRouter } from '../../test/render-router.ts';
import { AuthCallbackPage } from './AuthCallbackPage.tsx';

const routes = [
  { path: '/auth/callback', element: <AuthCallbackPage /> },
  { path: '/dashboard', element: <h1>Dashboard</h1> },
];

describe('AuthCallbackPage', () => {
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

  it('says the link is incomplete when the fragment carries no code', async () => {
    stubApi({});
    renderRouter(routes, '/auth/callback', { layout: AuthProvider });
    expect(await screen.findByRole('alert')).toHaveTextContent('This sign-in link is incomplete.');
  });
});
