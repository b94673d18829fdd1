import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthProvider } from '../../features/auth/components/AuthProvider.tsx';
import { changeLanguage } from '../../lib/i18n.ts';
import { apiError, demoUser, json, signedInHandlers, stubApi } from '../../test/fake-api.ts';
import { renderRouter } from '../../test/render-router.ts';
import { AccountPage } from './AccountPage.tsx';

const user = { ...demoUser, isDemo: false };
const session = (id: string, current: boolean, device: string) => ({
  id,
  device,
  userAgent: null,
  ipAddress: '203.0.113.7',
  createdAt: '2026-11-20T09:00:00.000Z',
  lastUsedAt: '2026-11-24T09:00:00.000Z',
  expiresAt: '2026-12-20T09:00:00.000Z',
  current,
});
const emptyStats = {
  success: true,
  message: 'ok',
  data: { messageStats: { totalProcessed: 0, totalHidden: 0, totalTags: 0 }, mentionsByDay: [] },
};
const routes = [
  { path: '/account', element: <AccountPage /> },
  { path: '/', element: <h1>Home</h1> },
  { path: '/login', element: <h1>Sign in</h1> },
];

afterEach(() => changeLanguage('en'));

describe('AccountPage', () => {
  it('lists the sessions, signs out another one, and offers the way home when the account fails to load', async () => {
    let sessions = [
      session('0b6c8a52-3f5e-4d7a-9c1b-2e8f4a6d0c11', true, 'Chrome on macOS'),
      session('1c7d9b63-4a6f-4e8b-8d2c-3f9a5b7e1d22', false, 'Safari on iOS'),
    ];
    const fetchMock = stubApi({
      ...signedInHandlers,
      'GET /api/auth/me': () => json(200, { user }),
      'GET /api/account/me': () => apiError(503, 'Service Unavailable', 'down'),
      'GET /api/account/stats': () => json(200, emptyStats),
      'GET /api/stripe/subscription': () => apiError(503, 'Service Unavailable', 'down'),
      'GET /api/auth/sessions': () => json(200, { sessions }),
      [`DELETE /api/auth/sessions/${sessions[1]?.id}`]: () => {
        sessions = sessions.slice(0, 1);
        return json(204);
      },
    });
    renderRouter(routes, '/account', { layout: AuthProvider });

    const list = await screen.findByRole('region', { name: 'Signed-in sessions' });
    expect(await within(list).findByText('Safari on iOS')).toBeTruthy();
    expect(within(list).getAllByRole('button', { name: /^Sign out / })).toHaveLength(2);
    await userEvent.click(within(list).getByRole('button', { name: 'Sign out Safari on iOS' }));
    expect(await screen.findByText('The session has been signed out')).toBeTruthy();
    expect(within(list).queryByText('Safari on iOS')).toBeNull();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true);

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to fetch account information')).toBeTruthy();
    await userEvent.click(within(alert).getByRole('link', { name: 'Back to home' }));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
  });

  it('tells a demo visitor that only their own sign-in is theirs to see and end, in both languages', async () => {
    const fetchMock = stubApi({
      ...signedInHandlers,
      'GET /api/account/me': () => apiError(503, 'Service Unavailable', 'down'),
      'GET /api/account/stats': () => json(200, emptyStats),
      'GET /api/stripe/subscription': () => apiError(503, 'Service Unavailable', 'down'),
      'GET /api/auth/sessions': () =>
        json(200, { sessions: [session('0b6c8a52-3f5e-4d7a-9c1b-2e8f4a6d0c11', true, 'Chrome on macOS')] }),
      'POST /api/auth/logout': () => json(204),
    });
    renderRouter(routes, '/account', { layout: AuthProvider });

    const list = await screen.findByRole('region', { name: 'Signed-in sessions' });
    expect(await within(list).findByText('Chrome on macOS')).toBeTruthy();
    expect(
      within(list).getByText(
        'This demo account is shared by everyone trying Matome. Only your own visit is shown here, and signing out ends only your visit.',
      ),
    ).toBeTruthy();
    expect(within(list).queryByRole('button', { name: 'Sign out everywhere' })).toBeNull();

    await changeLanguage('jp');
    expect(
      await within(list).findByText(
        'このデモアカウントは、まとめをお試しの皆様で共有しています。ここにはご自身の利用分だけが表示され、ログアウトしても終了するのはご自身の利用分だけです。',
      ),
    ).toBeTruthy();
    expect(within(list).queryByRole('button', { name: 'すべての端末からログアウト' })).toBeNull();
    await userEvent.click(within(list).getByRole('button', { name: 'デモからログアウト' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`)).toContain(
      'POST /api/auth/logout',
    );
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => init?.method === 'DELETE' && String(url) === '/api/auth/sessions',
      ),
    ).toBe(false);
  });
});
