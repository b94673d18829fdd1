import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SlackMessageResult } from '../../../contract/messages.ts';
import { changeLanguage } from '../../lib/i18n.ts';
import {
  chatworkResult,
  connected,
  fullFreePlan,
  iso,
  now,
  slackConnection,
  slackResult,
} from '../../test/dashboard-fixtures.ts';
import { apiError, json, stubApi } from '../../test/fake-api.ts';
import { renderRouter } from '../../test/render-router.ts';
import { routes } from '../router.tsx';

/** What the server answers when a gathering fails but it still has the account's last good messages. */
function staleSlack(bodies: string[], code: string, message: string): SlackMessageResult {
  const good = slackResult(bodies);
  return {
    ...good,
    accounts: good.accounts.map((account) => ({
      ...account,
      status: 'error',
      error: { code, message },
      fetched_at: iso(now),
      last_success_at: iso(now - 3600),
      stale: true,
    })),
  };
}

const copy = {
  en: {
    list: 'Message list',
    progress: 'Loaded 1 of 2 accounts, 1 failed',
    failure: 'Failed to fetch messages from Kenji @ Northwind',
    staleNote: /^Showing the messages last fetched /,
    panel: /^Connections/,
    lastFetched: /^Last fetched successfully /,
    failing: 'The last fetch failed',
    reauth: 'Needs re-authorisation',
    reconnect: 'Reconnect Kenji @ Northwind (Slack)',
    refresh: 'Refresh',
    groupsUnavailable: "User-group mentions not gathered: this workspace's Slack plan does not include them.",
  },
  jp: {
    list: 'メッセージ一覧',
    progress: '2アカウント中1アカウントを読み込みました（1アカウントは失敗）',
    failure: 'Kenji @ Northwind のメッセージの取得に失敗しました',
    staleNote: /に取得したメッセージを表示しています。$/,
    panel: /^接続/,
    lastFetched: /^最終取得成功：/,
    failing: '前回の取得に失敗しました',
    reauth: '再認証が必要',
    reconnect: 'Kenji @ Northwind（Slack）を再接続',
    refresh: '更新',
    groupsUnavailable:
      'ユーザーグループへのメンションは取得できませんでした（このワークスペースの Slack プランでは利用できません）',
  },
} as const;

describe.each(['en', 'jp'] as const)('failing accounts on the dashboard (%s)', (language) => {
  const text = copy[language];
  beforeEach(() => changeLanguage(language));

  it('counts a failed account apart from the loaded ones', async () => {
    stubApi({
      ...connected,
      'GET /api/chatwork/messages/cw-1': () => json(200, chatworkResult(['[To:1001] One'])),
      'GET /api/slack/messages/sl-1': () => apiError(503, 'Service Unavailable', 'down'),
    });
    renderRouter(routes, '/dashboard');

    await screen.findByRole('alert');
    expect(screen.getByText(text.progress)).toBeVisible();
  });

  it('keeps the last good messages after a failed forced refresh, marked stale under the failure alert', async () => {
    stubApi({
      ...connected,
      'GET /api/chatwork/messages/cw-1': () => json(200, chatworkResult(['[To:1001] One'])),
      'GET /api/chatwork/messages/cw-1?refresh=1': () => json(200, chatworkResult(['[To:1001] One'])),
      'GET /api/slack/messages/sl-1': () => json(200, slackResult(['<@UKENJI> Two', '<@UKENJI> Three'])),
      'GET /api/slack/messages/sl-1?refresh=1': () =>
        json(200, staleSlack(['<@UKENJI> Two', '<@UKENJI> Three'], 'RATE_LIMITED', 'Rate limited')),
    });
    renderRouter(routes, '/dashboard');
    const list = await screen.findByRole('list', { name: text.list });
    expect(within(list).getAllByRole('article')).toHaveLength(3);

    await userEvent.pointer({
      keys: '[MouseRight]',
      target: screen.getByRole('button', { name: text.refresh }),
    });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(text.failure);
    expect(within(alert).getByText(text.staleNote)).toBeVisible();
    expect(within(list).getAllByRole('article')).toHaveLength(3);
    // The alert comes before the messages it qualifies.
    expect(alert.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows the last successful fetch of a failing account, not the failed attempt, and marks it failing', async () => {
    stubApi({
      ...connected,
      ...fullFreePlan,
      'GET /api/slack/status': () =>
        json(200, { connections: [{ ...slackConnection, last_success_at: iso(now - 3600) }] }),
      'GET /api/chatwork/messages/cw-1': () => json(200, chatworkResult(['[To:1001] One'])),
      'GET /api/slack/messages/sl-1': () =>
        json(200, staleSlack(['<@UKENJI> Two'], 'RATE_LIMITED', 'Rate limited')),
    });
    renderRouter(routes, '/dashboard');
    await screen.findByRole('list', { name: text.list });
    await userEvent.click(screen.getByRole('button', { name: text.panel }));

    const slackItem = (await screen.findByText(text.failing)).closest('li')!;
    const lastFetched = within(slackItem).getByText(text.lastFetched);
    const hourAgo = new Intl.DateTimeFormat(language === 'jp' ? 'ja' : 'en', {
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(new Date((now - 3600) * 1000));
    expect(lastFetched).toHaveTextContent(hourAgo);
  });

  it('asks to reconnect an account the platform no longer accepts', async () => {
    stubApi({
      ...connected,
      ...fullFreePlan,
      'GET /api/chatwork/messages/cw-1': () => json(200, chatworkResult(['[To:1001] One'])),
      'GET /api/slack/messages/sl-1': () =>
        json(200, staleSlack(['<@UKENJI> Two'], 'REAUTH_REQUIRED', 'Connect again')),
    });
    renderRouter(routes, '/dashboard');
    await screen.findByRole('list', { name: text.list });
    await userEvent.click(screen.getByRole('button', { name: text.panel }));

    expect(await screen.findByText(text.reauth)).toBeVisible();
    await waitFor(() => expect(screen.getByRole('button', { name: text.reconnect })).toBeEnabled());
  });

  it('says which kinds of Slack message a workspace could not search for, and why', async () => {
    const gathered = slackResult(['<@UKENJI> Two']);
    stubApi({
      ...connected,
      ...fullFreePlan,
      'GET /api/chatwork/messages/cw-1': () => json(200, chatworkResult(['[To:1001] One'])),
      'GET /api/slack/messages/sl-1': () =>
        json(200, {
          ...gathered,
          accounts: gathered.accounts.map((account) => ({
            ...account,
            unavailable: [{ kind: 'group_mentions', reason: 'plan_upgrade_required' }],
          })),
        }),
    });
    renderRouter(routes, '/dashboard');
    await screen.findByRole('list', { name: text.list });
    await userEvent.click(screen.getByRole('button', { name: text.panel }));

    expect(await screen.findByText(text.groupsUnavailable)).toBeVisible();
  });
});
