import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { demoAccounts, json, stubApi, signedInHandlers } from '../test/fake-api.ts';
import { renderRouter } from '../test/render-router.ts';
import { routes } from './router.tsx';

const publicPages = [
  ['/', 'Every Slack and ChatWork mention, gathered in one inbox'],
  ['/register', 'Create your Matome account'],
  ['/forgot-password', 'Reset your password'],
  ['/reset-password', 'Choose a new password'],
  ['/verify-email', 'Confirming your email address'],
  ['/auth/callback', 'Signing in'],
  ['/contact', 'Contact us'],
  ['/about', 'About Matome'],
  ['/data-guide', 'Data guide'],
  ['/privacy-policy', 'Privacy policy'],
  ['/commercial-transactions', 'Legal notice (Act on Specified Commercial Transactions)'],
  ['/terms', 'Terms of service'],
  ['/pricing', 'Pricing'],
  ['/subscription/success', 'Thank you for subscribing'],
  ['/subscription/cancel', 'Payment cancelled'],
] as const;

describe('routes', () => {
  it.each(publicPages)(
    '%s renders its heading inside the shared header and footer',
    async (path, heading) => {
      stubApi({});
      renderRouter(routes, path);

      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeVisible();
      expect(screen.getByRole('banner')).toBeVisible();
      expect(screen.getByRole('contentinfo')).toHaveTextContent('Matome. All rights reserved.');
      for (const link of [
        'About',
        'Contact',
        'Privacy policy',
        'Commercial transactions',
        'Terms of service',
      ]) {
        expect(screen.getByRole('link', { name: link })).toBeVisible();
      }
    },
  );

  it('offers beta signup and the demo from the landing page', () => {
    stubApi({});
    renderRouter(routes, '/');

    expect(screen.getByRole('link', { name: 'Join the beta' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'View demo' })).toHaveAttribute('href', '/login?demo=1');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it('redirects /auth to /login', async () => {
    stubApi({ 'GET /api/auth/demo-accounts': () => json(200, demoAccounts) });
    const router = renderRouter(routes, '/auth');

    expect(await screen.findByRole('heading', { name: 'Log in to Matome' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('redirects /subscription-success to /subscription/success keeping the query string', async () => {
    stubApi({});
    const router = renderRouter(routes, '/subscription-success?plan_change=true');

    expect(await screen.findByRole('heading', { name: 'Thank you for subscribing' })).toBeVisible();
    expect(router.state.location).toMatchObject({
      pathname: '/subscription/success',
      search: '?plan_change=true',
    });
  });

  it.each(['/dashboard', '/tags', '/account'])('redirects %s to /login without a token', async (path) => {
    stubApi({ 'GET /api/auth/demo-accounts': () => json(200, demoAccounts) });
    const router = renderRouter(routes, path);

    expect(await screen.findByRole('heading', { name: 'Log in to Matome' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows a spinner while verifying the stored token, then the dashboard', async () => {
    stubApi(signedInHandlers);
    renderRouter(routes, '/dashboard');

    expect(screen.getByRole('status')).toHaveTextContent('Verifying authentication…');
    expect(await screen.findByRole('heading', { level: 2, name: 'Messages' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Matome' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('button', { name: 'Account menu for Demo User' })).toBeVisible();
    expect(document.title).toBe('Inbox | Matome');
  });

  it('sends signed-in users from /login and /register to the dashboard', async () => {
    stubApi({
      ...signedInHandlers,
      'GET /api/auth/demo-accounts': () => json(200, demoAccounts),
    });
    const router = renderRouter(routes, '/register');

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('switches the language, stores it and updates <html lang> and the title', async () => {
    stubApi({});
    renderRouter(routes, '/about');

    await userEvent.click(screen.getByRole('button', { name: 'Switch language to 日本語' }));

    expect(screen.getByRole('heading', { level: 1, name: 'まとめについて' })).toBeVisible();
    expect(document.documentElement.lang).toBe('ja');
    expect(window.localStorage.getItem('matome.language')).toBe('jp');
    expect(document.title).toBe('まとめについて | まとめ');
    expect(screen.getByRole('button', { name: '表示言語を English に切り替え' })).toBeVisible();
  });

  it("shows React Router's default error page for an unknown route", () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubApi({});
    renderRouter(routes, '/no-such-page');

    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
  });
});
