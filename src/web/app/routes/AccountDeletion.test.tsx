import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../features/auth/components/AuthProvider.tsx';
import { changeLanguage } from '../../lib/i18n.ts';
import { redirectTo } from '../../lib/redirect.ts';
import { apiError, demoUser, json, signedInHandlers, stubApi } from '../../test/fake-api.ts';
import { renderRouter } from '../../test/render-router.ts';
import { AccountPage } from './AccountPage.tsx';
import { AuthCallbackPage } from './AuthCallbackPage.tsx';

vi.mock('../../lib/redirect.ts', () => ({ redirectTo: vi.fn() }));

/** An account made by signing in with GitHub: it has no password to confirm a deletion with. */
const githubUser = { ...demoUser, isDemo: false, oauthProvider: 'github' as const };
const code = 'reauthenticationCode0123456789abcdefghijklmn';
const authUrl = 'https://github.example/login/oauth/authorize?state=s';
const routes = [
  { path: '/account', element: <AccountPage /> },
  { path: '/auth/callback', element: <AuthCallbackPage /> },
  { path: '/login', element: <h1>Login</h1> },
];

function stubAccount(deleteAnswer: () => Response) {
  return stubApi({
    ...signedInHandlers,
    'GET /api/auth/me': () => json(200, { user: githubUser }),
    'GET /api/account/me': () =>
      json(200, {
        success: true,
        message: 'ok',
        data: {
          user: githubUser,
          connectionCount: 0,
          connectionLimit: 2,
          connections: { slack: [], chatwork: [], googleCalendar: { connected: false } },
        },
      }),
    'GET /api/account/stats': () => apiError(503, 'Service Unavailable', 'down'),
    'GET /api/stripe/subscription': () => apiError(503, 'Service Unavailable', 'down'),
    'GET /api/auth/sessions': () => json(200, { sessions: [] }),
    'POST /api/auth/github/connect': () => json(200, { authUrl }),
    'DELETE /api/account/delete': deleteAnswer,
    'POST /api/auth/logout': () => json(204),
  });
}

const requestBody = (fetchMock: ReturnType<typeof stubApi>, route: string) => {
  const call = fetchMock.mock.calls.find(
    ([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === route,
  );
  return call ? (JSON.parse(String(call[1]?.body)) as unknown) : undefined;
};

beforeEach(() => {
  window.sessionStorage.clear();
  vi.mocked(redirectTo).mockClear();
});
afterEach(() => window.sessionStorage.clear());

describe('deleting an account that signs in with GitHub', () => {
  it('asks for a fresh GitHub sign-in, then deletes with its code when the person comes back', async () => {
    const fetchMock = stubAccount(() =>
      json(200, { success: true, message: 'Your account has been deleted.', data: null }),
    );
    renderRouter(routes, '/account', { layout: AuthProvider });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(within(dialog).queryByLabelText('Password')).toBeNull();
    expect(dialog).toHaveTextContent('please sign in with GitHub again to confirm that it is you');
    expect(within(dialog).queryByRole('button', { name: 'Delete my account' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue with GitHub' }));
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith(authUrl));
    expect(requestBody(fetchMock, 'DELETE /api/account/delete')).toBeUndefined();
    cleanup();

    // GitHub sends the browser back to /auth/callback with the code of that sign-in.
    const back = renderRouter(routes, `/auth/callback#provider=github&code=${code}`, {
      layout: AuthProvider,
    });
    const confirm = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(back.location.pathname).toBe('/account');
    expect(confirm).toHaveTextContent('You signed in with GitHub again.');
    expect(requestBody(fetchMock, 'POST /api/auth/oauth/exchange')).toBeUndefined();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Your account has been deleted')).toBeInTheDocument();
    expect(requestBody(fetchMock, 'DELETE /api/account/delete')).toEqual({ reauthenticationCode: code });
  });

  it('says in Japanese when the confirmation expired, and offers the GitHub sign-in again', async () => {
    await changeLanguage('jp');
    stubAccount(() =>
      json(403, {
        statusCode: 403,
        error: 'Forbidden',
        message: 'Please sign in again',
        code: 'REAUTHENTICATION_REQUIRED',
      }),
    );
    window.sessionStorage.setItem('matome.reauthentication', String(Date.now()));
    renderRouter(routes, `/auth/callback#provider=github&code=${code}`, { layout: AuthProvider });
    const dialog = await screen.findByRole('dialog', { name: 'アカウントを削除しますか？' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'アカウントを削除する' }));
    expect(
      await screen.findByText(
        'GitHub での確認の有効期限が切れたか、別のアカウントでの確認でした。もう一度 GitHub でログインしてください。',
      ),
    ).toBeInTheDocument();
    expect(await within(dialog).findByRole('button', { name: 'GitHub でログインして続ける' })).toBeEnabled();
  });
});

describe('deleting an account that has a password', () => {
  it('says the password attempts are slowed down when the server asks to wait', async () => {
    const passwordUser = { ...demoUser, isDemo: false };
    stubApi({
      ...signedInHandlers,
      'GET /api/auth/me': () => json(200, { user: passwordUser }),
      'GET /api/account/me': () => apiError(503, 'Service Unavailable', 'down'),
      'GET /api/account/stats': () => apiError(503, 'Service Unavailable', 'down'),
      'GET /api/stripe/subscription': () => apiError(503, 'Service Unavailable', 'down'),
      'GET /api/auth/sessions': () => json(200, { sessions: [] }),
      'DELETE /api/account/delete': () =>
        json(429, {
          statusCode: 429,
          error: 'Too Many Requests',
          message: 'Too many requests',
          code: 'RATE_LIMITED',
        }),
    });
    renderRouter(routes, '/account', { layout: AuthProvider });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await userEvent.type(within(dialog).getByLabelText('Password'), 'a guess');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(
      await screen.findByText('Too many wrong passwords. Please wait a while and try again.'),
    ).toBeInTheDocument();
  });
});
