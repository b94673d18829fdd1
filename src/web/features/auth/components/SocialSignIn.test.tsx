import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n.ts';
import { demoAccounts, json, stubApi } from '../../../test/fake-api.ts';
import { renderRouter } from '../../../test/render-router.ts';
import { AuthProvider } from './AuthProvider.tsx';
import { LoginPage } from './LoginPage.tsx';

const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/dashboard', element: <h1>Dashboard</h1> },
];
const enabled = {
  'GET /api/auth/demo-accounts': () => json(200, demoAccounts),
  'GET /api/auth/google/status': () => json(200, { enabled: true }),
  'GET /api/auth/github/status': () => json(200, { enabled: true }),
};

describe('signing in with Google or GitHub', () => {
  it('offers both buttons when the server is configured for them', async () => {
    stubApi(enabled);
    renderRouter(routes, '/login', { layout: AuthProvider });
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Sign in with GitHub' })).toBeEnabled();
  });

  it('shows the error banner of ?google=error in Japanese, worded from the reason', async () => {
    await changeLanguage('jp');
    stubApi(enabled);
    renderRouter(routes, '/login?google=error&reason=emailInUse&message=An%20account%20exists', {
      layout: AuthProvider,
    });
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('OAuth 認証でエラーが発生しました（Google）。');
    expect(banner).toHaveTextContent('このメールアドレスのアカウントはすでに登録されています。');
  });

  it('tells a person whose GitHub address is unverified how to go on, in Japanese', async () => {
    await changeLanguage('jp');
    stubApi(enabled);
    renderRouter(routes, '/login?github=error&reason=emailUnverified&message=unverified', {
      layout: AuthProvider,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'ご利用のアカウントのメールアドレスは、まだ確認されていません。',
    );
  });

  it('shows the server’s message for ?github=error without a known reason', async () => {
    stubApi(enabled);
    renderRouter(routes, '/login?github=error&message=Something%20odd', { layout: AuthProvider });
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('OAuth authentication error occurred (GitHub).');
    expect(banner).toHaveTextContent('Something odd');
  });
});
