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
      googleCalendar: { connected: true, reconnectRequired: false, scopes: { calendar: true, tasks: true } },
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
