import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n.ts';
import { accessTokenStore } from '../../../lib/token-storage.ts';
import { apiError, demoAccounts, demoUser, fakeAccessToken, json, stubApi } from '../../../test/fake-api.ts';
import { renderRouter } from '../../../test/render-router.ts';
import { LoginPage } from './LoginPage.tsx';
import { AuthProvider } from './AuthProvider.tsx';

const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/dashboard', element: <h1>Dashboard</h1> },
];

const fillAndSubmit = async (email: string, password: string) => {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email address'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
};

describe('LoginPage', () => {
  it('shows the login failure message in an alert when the server answers 401', async () => {
    stubApi({
      'GET /api/auth/demo-accounts': () => json(200, demoAccounts),
      'POST /api/auth/login': () => apiError(401, 'Unauthorized', 'Invalid email or password'),
    });
    renderRouter(routes, '/login', { layout: AuthProvider });

    await fillAndSubmit('someone@example.com', 'wrong-password');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Login failed. Please check your email and password.',
    );
  });

  it('shows the login failure message in Japanese', async () => {
    await changeLanguage('jp');
    stubApi({
      'GET /api/auth/demo-accounts': () => json(200, demoAccounts),
      'POST /api/auth/login': () => apiError(401, 'Unauthorized', 'Invalid email or password'),
    });
    renderRouter(routes, '/login', { layout: AuthProvider });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('メールアドレス'), 'someone@example.com');
    await user.type(screen.getByLabelText('パスワード'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'ログイン' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'ログインに失敗しました。メールアドレスとパスワードをご確認ください。',
    );
  });

  it('tells the user to wait when login attempts are rate limited', async () => {
    stubApi({
      'GET /api/auth/demo-accounts': () => json(200, { accounts: [], password: 'x' }),
      'POST /api/auth/login': () => apiError(429, 'Too Many Requests', 'Rate limit exceeded'),
    });
    renderRouter(routes, '/login', { layout: AuthProvider });

    await fillAndSubmit('someone@example.com', 'password');

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many login attempts.');
  });

  it('pre-fills the English demo account when opened with ?demo=1', async () => {
    stubApi({ 'GET /api/auth/demo-accounts': () => json(200, demoAccounts) });
    renderRouter(routes, '/login?demo=1', { layout: AuthProvider });

    await waitFor(() => expect(screen.getByLabelText('Email address')).toHaveValue('demo-en@example.com'));
    expect(screen.getByLabelText('Password')).toHaveValue('demo1234');
    expect(screen.getByText('The demo account has been filled in. Press Login to continue.')).toBeVisible();
  });

  it('pre-fills the English demo account when navigated to with demo state', async () => {
    stubApi({ 'GET /api/auth/demo-accounts': () => json(200, demoAccounts) });
    renderRouter(routes, { pathname: '/login', state: { demo: true } }, { layout: AuthProvider });

    await waitFor(() => expect(screen.getByLabelText('Email address')).toHaveValue('demo-en@example.com'));
  });

  it('lists the demo accounts and fills the form from one of them', async () => {
    stubApi({ 'GET /api/auth/demo-accounts': () => json(200, demoAccounts) });
    renderRouter(routes, '/login', { layout: AuthProvider });

    await userEvent.click(
      await screen.findByRole('button', { name: 'Use this account: demo-ja@example.com' }),
    );

    expect(screen.getByLabelText('Email address')).toHaveValue('demo-ja@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('demo1234');
    expect(screen.getByText('demo1234')).toBeVisible();
  });

  it('hides the demo box when there are no demo accounts', async () => {
    const fetchMock = stubApi({
      'GET /api/auth/demo-accounts': () => json(200, { accounts: [], password: '' }),
    });
    renderRouter(routes, '/login', { layout: AuthProvider });

    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('heading', { name: 'Try a demo account' })).not.toBeInTheDocument();
  });

  it('keeps the access token in memory and opens the dashboard after a successful login', async () => {
    const tokens = { accessToken: fakeAccessToken(15 * 60) };
    stubApi({
      'GET /api/auth/demo-accounts': () => json(200, demoAccounts),
      'POST /api/auth/login': () => json(200, { user: demoUser, tokens }),
    });
    const router = renderRouter(routes, '/login', { layout: AuthProvider });

    await fillAndSubmit('demo-en@example.com', 'demo1234');

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeVisible();
    expect(router.location.pathname).toBe('/dashboard');
    expect(accessTokenStore.get()).toBe(tokens.accessToken);
    expect(JSON.stringify({ ...window.localStorage })).not.toContain(tokens.accessToken);
  });
});
