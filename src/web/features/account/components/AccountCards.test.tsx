import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { AccountInfo, AccountStats } from '../../../../contract/account.ts';
import type { PlatformConnection } from '../../../../contract/messages.ts';
import { changeLanguage } from '../../../lib/i18n.ts';
import { demoUser, json, stubApi } from '../../../test/fake-api.ts';
import { renderRouter } from '../../../test/render-router.ts';
import { ConnectedAccountsCard } from './ConnectedAccountsCard.tsx';
import { ProfileCard } from './ProfileCard.tsx';
import { UsageStatsCard } from './UsageStatsCard.tsx';

const user = { ...demoUser, isDemo: false, name: 'Ada Lovelace' };

function infoWith(used: number, limit: number, samples: PlatformConnection[] = []): AccountInfo {
  return {
    user,
    connectionCount: used,
    connectionLimit: limit,
    sampleConnectionCount: samples.length,
    connections: {
      slack: samples.filter((connection) => connection.platform === 'slack'),
      chatwork: samples.filter((connection) => connection.platform === 'chatwork'),
      googleCalendar: {
        configured: true,
        connected: true,
        reconnectRequired: false,
        scopes: { calendar: true, tasks: true },
      },
    },
  };
}

const stats: AccountStats = {
  messageStats: { totalProcessed: 42, totalHidden: 5, totalTags: 3 },
  mentionsByDay: Array.from({ length: 14 }, (_, index) => ({
    date: `2026-11-${String(11 + index).padStart(2, '0')}`,
    slack: index,
    chatwork: 1,
  })),
};

afterEach(() => changeLanguage('en'));

describe('ConnectedAccountsCard', () => {
  it.each([
    [1, 2, 'bg-indigo-600', '50%'],
    [4, 5, 'bg-amber-400', '80%'],
    [3, 2, 'bg-red-600', '100%'],
  ])('shows %i of %i connections with a capped, coloured bar', (used, limit, colour, width) => {
    renderRouter([{ path: '/', element: <ConnectedAccountsCard info={infoWith(used, limit)} /> }], '/');
    const bar = screen.getByRole('progressbar', { name: `${used} of ${limit} connections used` });
    const fill = bar.firstElementChild as HTMLElement;
    expect(fill.className).toContain(colour);
    expect(fill.style.width).toBe(width);
    expect(screen.getAllByText('Not connected')).toHaveLength(2);
  });
});

function sampleConnection(platform: PlatformConnection['platform'], index: number): PlatformConnection {
  return {
    id: `${platform}-${index}`,
    platform,
    platform_user_id: `U${index}`,
    platform_user_name: `Sample ${platform} ${index}`,
    platform_workspace_id: `T${index}`,
    platform_workspace_name: `Workspace ${index}`,
    platform_user_email: null,
    platform_avatar_url: null,
    created_at: '2026-11-01T00:00:00.000Z',
    last_success_at: null,
    status: 'active',
    is_sample: true,
  };
}

describe('ConnectedAccountsCard for a demo account', () => {
  // The dashboard's panel tells the same story from the same figures (GET /api/connections/overview).
  it('lists the sample connections apart from the plan’s usage, in both languages', async () => {
    const samples = [
      sampleConnection('slack', 1),
      sampleConnection('slack', 2),
      sampleConnection('chatwork', 1),
      sampleConnection('chatwork', 2),
    ];
    renderRouter(
      [
        {
          path: '/',
          element: <ConnectedAccountsCard info={{ ...infoWith(0, 2, samples), user: demoUser }} />,
        },
      ],
      '/',
    );
    expect(screen.getByRole('progressbar', { name: '0 of 2 connections used' })).toBeTruthy();
    expect(
      screen.getByText(
        '4 sample connections are shown for trying Matome; they do not count against your plan.',
      ),
    ).toBeTruthy();
    expect(screen.getAllByText('Sample')).toHaveLength(4);
    expect(screen.queryByText(/4 of 2/)).toBeNull();

    await changeLanguage('jp');
    expect(await screen.findByRole('progressbar', { name: '2 件中 0 件を接続中' })).toBeTruthy();
    expect(
      screen.getByText('お試し用のサンプル接続（4件）を表示しています。プランの接続数には含まれません。'),
    ).toBeTruthy();
    expect(screen.getAllByText('サンプル')).toHaveLength(4);
    expect(screen.queryByText(/2 ?件中 ?4 ?件/)).toBeNull();
  });
});

describe('UsageStatsCard', () => {
  it('shows the totals and the chart’s figures as a table, in Japanese too', async () => {
    renderRouter([{ path: '/', element: <UsageStatsCard stats={stats} /> }], '/');
    const table = screen.getByRole('table', { name: 'Mentions gathered over the last 14 days' });
    expect(within(table).getAllByRole('row')).toHaveLength(15);
    expect(screen.getByText('42')).toBeTruthy();
    await changeLanguage('jp');
    expect(await screen.findByText('処理したメッセージ')).toBeTruthy();
  });
});

describe('ProfileCard', () => {
  it('renames with the keyboard and shows the login method and verification', async () => {
    const fetchMock = stubApi({
      'PUT /api/account/profile': () =>
        json(200, { success: true, message: 'ok', data: { ...user, name: 'Countess Lovelace' } }),
    });
    renderRouter([{ path: '/', element: <ProfileCard user={user} /> }], '/');
    expect(screen.getByText('Email and password')).toBeTruthy();
    expect(screen.getByText('Verified')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const field = screen.getByLabelText('New name');
    expect(document.activeElement).toBe(field);
    await userEvent.clear(field);
    await userEvent.type(field, 'Countess Lovelace{Enter}');
    expect(await screen.findByText('Your profile has been updated')).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url]) => String(url) === '/api/account/profile');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ name: 'Countess Lovelace' });
  });
});

describe('ProfileCard: changing the email address', () => {
  const error = (statusCode: number, message: string, code?: string) =>
    json(statusCode, { statusCode, error: 'Error', message, ...(code ? { code } : {}) });

  async function fillIn(labels: { open: string; email: string; password: string; submit: string }) {
    await userEvent.click(screen.getByRole('button', { name: labels.open }));
    expect(document.activeElement).toBe(screen.getByLabelText(labels.email));
    await userEvent.type(screen.getByLabelText(labels.email), 'ada@new.example');
    await userEvent.type(screen.getByLabelText(labels.password), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: labels.submit }));
  }

  it('sends the link with the password and the language, then says to check the new inbox', async () => {
    const fetchMock = stubApi({
      'POST /api/auth/email': () => json(202, { message: 'Check the new inbox' }),
    });
    renderRouter([{ path: '/', element: <ProfileCard user={user} /> }], '/');
    await fillIn({
      open: 'Change address',
      email: 'New email address',
      password: 'Current password',
      submit: 'Send confirmation link',
    });
    expect(await screen.findByRole('status')).toHaveTextContent(
      `Check your new inbox: we sent a link to ada@new.example. Your address changes when you open it (within 24 hours); until then you sign in with ${user.email}.`,
    );
    expect(screen.queryByLabelText('New email address')).not.toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => String(url) === '/api/auth/email');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      newEmail: 'ada@new.example',
      password: 'correct horse',
      language: 'en',
    });
  });

  it('says so in Japanese too', async () => {
    await changeLanguage('jp');
    stubApi({ 'POST /api/auth/email': () => json(202, { message: 'Check the new inbox' }) });
    renderRouter([{ path: '/', element: <ProfileCard user={user} /> }], '/');
    await fillIn({
      open: 'アドレスを変更',
      email: '新しいメールアドレス',
      password: '現在のパスワード',
      submit: '確認リンクを送信',
    });
    expect(await screen.findByRole('status')).toHaveTextContent(
      '新しいメールアドレスの受信箱をご確認ください。ada@new.example にリンクをお送りしました。',
    );
  });

  it.each([
    [
      'a wrong password',
      error(403, 'The password is not correct', 'WRONG_PASSWORD'),
      'The password is not correct.',
    ],
    [
      'too many attempts',
      error(429, 'Too many attempts', 'TOO_MANY_REQUESTS'),
      'Too many attempts. Please wait a few minutes and try again.',
    ],
    [
      'an address refused',
      error(400, 'body.newEmail: is already your email address', 'VALIDATION_ERROR'),
      'Enter a valid email address that differs from your current one.',
    ],
  ])('keeps the form and explains %s', async (_case, answer, text) => {
    stubApi({ 'POST /api/auth/email': () => answer });
    renderRouter([{ path: '/', element: <ProfileCard user={user} /> }], '/');
    await fillIn({
      open: 'Change address',
      email: 'New email address',
      password: 'Current password',
      submit: 'Send confirmation link',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByLabelText('New email address')).toHaveValue('ada@new.example');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('tells an account made with Google how to get the password it needs', async () => {
    renderRouter([{ path: '/', element: <ProfileCard user={{ ...user, oauthProvider: 'google' }} /> }], '/');
    await userEvent.click(screen.getByRole('button', { name: 'Change address' }));
    expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(
      /You signed up with Google, so your account may have no password yet\. Set one with “Forgot your password\?”/,
    );
  });

  it('offers no change to the demo account', () => {
    renderRouter([{ path: '/', element: <ProfileCard user={{ ...user, isDemo: true }} /> }], '/');
    expect(screen.queryByRole('button', { name: 'Change address' })).not.toBeInTheDocument();
  });
});
