import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { PAGE_PATHS } from '../../contract/pages.ts';
import { changeLanguage } from '../lib/i18n.ts';
import { demoAccounts, json, signedInHandlers, stubApi } from '../test/fake-api.ts';
import { renderRouter } from '../test/render-router.ts';
import { routes } from './router.tsx';

const publicPages = [
  ['/register', 'Create your Matome account'],
  ['/forgot-password', 'Reset your password'],
  ['/reset-password', 'Choose a new password'],
  ['/verify-email', 'Confirming your email address'],
  ['/auth/callback', 'Signing in'],
  ['/contact', 'Contact us'],
  ['/about', 'Every mention that matters, gathered in one place'],
  ['/data-guide', 'The chat services Matome connects to'],
  ['/privacy-policy', 'Privacy policy'],
  ['/commercial-transactions', 'Legal notice (Act on Specified Commercial Transactions)'],
  ['/terms', 'Terms of service'],
  ['/pricing', 'Pricing'],
  ['/subscription/success', 'Thank you!'],
  ['/subscription/cancel', 'Payment cancelled'],
] as const;

/** Every path the router matches, '*' aside. */
function routePaths(children: readonly RouteObject[], parent = ''): string[] {
  return children.flatMap((route) => {
    const own = route.index
      ? parent || '/'
      : route.path
        ? `${parent}/${route.path}`.replace(/\/+/g, '/')
        : null;
    const nested = routePaths(route.children ?? [], own ?? parent);
    return own && !own.endsWith('*') ? [own, ...nested] : nested;
  });
}

describe('routes', () => {
  it('has a page for exactly the paths the server knows (every other path answers 404)', () => {
    expect(new Set(routePaths(routes))).toEqual(new Set(PAGE_PATHS));
  });

  it.each(publicPages)(
    '%s renders its heading inside the shared header and footer',
    async (path, heading) => {
      stubApi({});
      renderRouter(routes, path);

      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeVisible();
      const header = screen.getByRole('banner');
      expect(within(header).getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
      expect(within(header).getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
      const footer = screen.getByRole('contentinfo');
      expect(footer).toHaveTextContent('Matome. All rights reserved.');
      for (const link of [
        'About',
        'Contact',
        'Privacy policy',
        'Commercial transactions',
        'Terms of service',
      ]) {
        expect(within(footer).getByRole('link', { name: link })).toBeVisible();
      }
    },
  );

  it('shows an error rather than reloading for ever when the server sent the app itself for / (no landing page built)', () => {
    stubApi({});
    vi.spyOn(window.performance, 'getEntriesByType').mockReturnValue([
      { name: `${window.location.origin}/` } as PerformanceEntry,
    ]);
    renderRouter(routes, '/');

    expect(screen.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeVisible();
  });

  it('redirects /auth to /login', async () => {
    stubApi({ 'GET /api/auth/demo-accounts': () => json(200, demoAccounts) });
    const router = renderRouter(routes, '/auth');

    expect(await screen.findByRole('heading', { name: 'Log in to Matome' })).toBeVisible();
    expect(router.location.pathname).toBe('/login');
  });

  it('redirects /subscription-success to /subscription/success keeping the query string', async () => {
    stubApi({});
    const router = renderRouter(routes, '/subscription-success?plan_change=true');

    expect(await screen.findByRole('heading', { name: 'Your plan has been updated' })).toBeVisible();
    expect(router.location).toMatchObject({
      pathname: '/subscription/success',
      search: '?plan_change=true',
    });
  });

  it.each(['/dashboard', '/tags', '/account'])('redirects %s to /login without a token', async (path) => {
    stubApi({ 'GET /api/auth/demo-accounts': () => json(200, demoAccounts) });
    const router = renderRouter(routes, path);

    expect(await screen.findByRole('heading', { name: 'Log in to Matome' })).toBeVisible();
    expect(router.location.pathname).toBe('/login');
  });

  it('shows a spinner while verifying the stored token, then the dashboard', async () => {
    // The session's check answers once the spinner has been seen.
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    stubApi({
      ...signedInHandlers,
      'GET /api/auth/me': () => answered.then(signedInHandlers['GET /api/auth/me']),
    });
    renderRouter(routes, '/dashboard');

    expect(await screen.findByText('Verifying authentication…')).toBeVisible();
    answer();
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

    await waitFor(() => expect(router.location.pathname).toBe('/dashboard'));
  });

  it('switches the language, stores it and updates <html lang> and the title', async () => {
    stubApi({});
    renderRouter(routes, '/about');

    await userEvent.click(await screen.findByRole('button', { name: 'Switch language to 日本語' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: '大切なメンションを、ひとつの場所に' }),
    ).toBeVisible();
    expect(document.documentElement.lang).toBe('ja');
    expect(window.localStorage.getItem('matome.language')).toBe('jp');
    await waitFor(() => expect(document.title).toBe('まとめについて | まとめ'));
    expect(screen.getByRole('button', { name: '表示言語を English に切り替え' })).toBeVisible();
  });

  it.each([
    ['en', 'There is no page at this address', 'Back to the home page'],
    ['jp', 'このアドレスのページは見つかりませんでした', 'ホームに戻る'],
  ] as const)(
    'shows the styled error page with a way home for an unknown route (%s)',
    async (language, body, home) => {
      await changeLanguage(language);
      stubApi({});
      renderRouter(routes, '/no-such-page');

      expect(screen.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeVisible();
      expect(screen.getByText(new RegExp(`^${body}`))).toBeVisible();
      expect(screen.getByRole('link', { name: home })).toHaveAttribute('href', '/');
      expect(screen.getByRole('banner')).toBeVisible();
    },
  );
});
