import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n.ts';
import { apiError, json, stubApi, signedInHandlers } from '../../../test/fake-api.ts';
import { accessTokenStore } from '../../../lib/token-storage.ts';
import { renderRouter } from '../../../test/render-router.ts';
import { UserMenu } from './UserMenu.tsx';
import { AuthProvider } from './AuthProvider.tsx';

const routes = [
  {
    path: '/dashboard',
    element: (
      <>
        <UserMenu />
        <button type="button">Elsewhere</button>
      </>
    ),
  },
  { path: '/login', element: <h1>Login</h1> },
  { path: '/account', element: <h1>Account</h1> },
];

const openMenuButton = () => screen.findByRole('button', { name: 'Account menu for Demo User' });

describe('UserMenu', () => {
  it('opens a menu with the greeting, moves focus into it and closes on Escape', async () => {
    stubApi(signedInHandlers);
    renderRouter(routes, '/dashboard', { layout: AuthProvider });
    const user = userEvent.setup();
    const button = await openMenuButton();
    expect(button).toHaveTextContent('D');
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);

    const menu = screen.getByRole('menu', { name: 'Hello, Demo User' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(within(menu).getByRole('menuitem', { name: 'Account settings' })).toHaveFocus();

    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Rules and quiet hours' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Logout' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Log out on all devices' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Account settings' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('greets the user with 様 in Japanese', async () => {
    await changeLanguage('jp');
    stubApi(signedInHandlers);
    renderRouter(routes, '/dashboard', { layout: AuthProvider });

    await userEvent.click(await screen.findByRole('button', { name: 'Demo User様のアカウントメニュー' }));

    expect(screen.getByText('こんにちは、Demo User様')).toBeVisible();
  });

  it('closes when clicking outside', async () => {
    stubApi(signedInHandlers);
    renderRouter(routes, '/dashboard', { layout: AuthProvider });
    const user = userEvent.setup();

    await user.click(await openMenuButton());
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));

    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('logs out on the server, clears the tokens and goes to /login', async () => {
    const fetchMock = stubApi({
      ...signedInHandlers,
      'POST /api/auth/logout': () => json(204),
    });
    const router = renderRouter(routes, '/dashboard', { layout: AuthProvider });
    const user = userEvent.setup();

    await user.click(await openMenuButton());
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { name: 'Login' })).toBeVisible();
    expect(router.location.pathname).toBe('/login');
    const logoutCall = fetchMock.mock.calls.find(([url]) => url === '/api/auth/logout');
    // The server reads the HttpOnly cookie; the page has no refresh token to send.
    expect(logoutCall?.[1]?.body).toBeUndefined();
    expect(new Headers(logoutCall?.[1]?.headers).get('x-matome-csrf')).toBe('1');
    expect(accessTokenStore.get()).toBeNull();
  });

  it('logs out on every device', async () => {
    const fetchMock = stubApi({ ...signedInHandlers, 'DELETE /api/auth/sessions': () => json(204) });
    const router = renderRouter(routes, '/dashboard', { layout: AuthProvider });
    const user = userEvent.setup();

    await user.click(await openMenuButton());
    await user.click(screen.getByRole('menuitem', { name: 'Log out on all devices' }));

    expect(await screen.findByRole('heading', { name: 'Login' })).toBeVisible();
    expect(router.location.pathname).toBe('/login');
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/auth/sessions')).toBe(true);
    expect(accessTokenStore.get()).toBeNull();
  });

  it('still signs out locally when the logout call fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    stubApi({
      ...signedInHandlers,
      'POST /api/auth/logout': () => apiError(500, 'Internal Server Error', 'Internal Server Error'),
    });
    renderRouter(routes, '/dashboard', { layout: AuthProvider });
    const user = userEvent.setup();

    await user.click(await openMenuButton());
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { name: 'Login' })).toBeVisible();
    expect(accessTokenStore.get()).toBeNull();
    expect(warn).toHaveBeenCalled();
  });
});
