import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConnectionsOverview } from '../../../../contract/connections.ts';
import type { PlatformConnection } from '../../../../contract/messages.ts';
import { changeLanguage } from '../../../lib/i18n.ts';
import { redirectTo } from '../../../lib/redirect.ts';
import { accessTokenStore } from '../../../lib/token-storage.ts';
import { fakeAccessToken, json, stubApi } from '../../../test/fake-api.ts';
import { renderRouter } from '../../../test/render-router.ts';
import { slackResult } from '../../../test/dashboard-fixtures.ts';
import { ConnectionsPanel, type ConnectionAction } from './ConnectionsPanel.tsx';

// Leaving for the provider's consent page is a real navigation, which jsdom cannot perform.
vi.mock('../../../lib/redirect.ts', () => ({ redirectTo: vi.fn() }));

const slackWorkspace: PlatformConnection = {
  id: 'sl-1',
  platform: 'slack',
  platform_user_id: 'UKENJI',
  platform_user_name: 'Kenji',
  platform_workspace_id: 'T1',
  platform_workspace_name: 'Northwind',
  platform_user_email: null,
  platform_avatar_url: null,
  created_at: '2026-11-01T00:00:00.000Z',
  last_success_at: '2026-11-20T09:30:00.000Z',
  status: 'active',
  is_sample: false,
};
const chatworkAccount: PlatformConnection = {
  ...slackWorkspace,
  id: 'cw-1',
  platform: 'chatwork',
  platform_user_id: '1001',
  platform_user_name: null,
  platform_workspace_id: null,
  platform_workspace_name: null,
  last_success_at: null,
};

const overview = (changes: Partial<ConnectionsOverview> = {}): ConnectionsOverview => ({
  plan: 'free',
  limit: 2,
  used: 1,
  sample: 0,
  providers: { slack: { configured: true }, chatwork: { configured: true } },
  ...changes,
});

interface PanelOptions {
  connections?: PlatformConnection[];
  restricted?: boolean;
  allowed?: (action: ConnectionAction) => boolean;
  refreshAccount?: Parameters<typeof ConnectionsPanel>[0]['refreshAccount'];
}

function renderPanel({
  connections = [slackWorkspace],
  restricted = false,
  allowed = () => true,
  refreshAccount = () => Promise.reject(new Error('not used here')),
}: PanelOptions = {}) {
  renderRouter(
    [
      {
        path: '/dashboard',
        element: createElement(ConnectionsPanel, {
          connections,
          restricted,
          allowed,
          refreshAccount,
        }),
      },
      { path: '/pricing', element: 'Pricing page' },
    ],
    '/dashboard',
  );
}

async function openPanel(options: PanelOptions = {}) {
  renderPanel(options);
  await userEvent.click(screen.getByRole('button', { name: /^(Connections|接続)/ }));
}

const usageBar = () => screen.findByRole('progressbar');

beforeEach(async () => {
  accessTokenStore.set(fakeAccessToken(3600));
  vi.mocked(redirectTo).mockClear();
});

describe('connections panel', () => {
  it('starts collapsed and shows plan, usage and each connection with fallback labels when opened', async () => {
    stubApi({ 'GET /api/connections/overview': () => json(200, overview()) });
    renderPanel({ connections: [slackWorkspace, chatworkAccount] });
    const toggle = screen.getByRole('button', { name: /Connections/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: 'Connect Slack' })).not.toBeInTheDocument();

    await userEvent.click(toggle);

    expect(await screen.findByText('Free plan')).toBeVisible();
    const bar = await usageBar();
    expect(bar).toHaveAccessibleName('Connections used');
    expect(bar).toHaveAttribute('aria-valuetext', '1 of 2 connections used');
    expect(bar.firstElementChild).toHaveClass('bg-indigo-600');
    expect(screen.getByText('Northwind')).toBeVisible();
    expect(screen.getByText(/Last fetched/)).toBeVisible();
    expect(screen.getByText('No organisation')).toBeVisible();
    expect(screen.getByText('Unknown account')).toBeVisible();
    expect(screen.getByText('Not fetched yet')).toBeVisible();
  });

  it('turns the bar yellow from 80 % of the limit', async () => {
    stubApi({
      'GET /api/connections/overview': () => json(200, overview({ plan: 'pro', limit: 5, used: 4 })),
    });
    await openPanel();

    const bar = await usageBar();
    expect(bar.firstElementChild).toHaveClass('bg-amber-400');
    expect(screen.getByRole('button', { name: 'Connect Slack' })).toBeEnabled();
    expect(screen.queryByText('Connection limit reached')).not.toBeInTheDocument();
  });

  it('at the limit turns the bar red, disables connecting and suggests the next plan', async () => {
    stubApi({ 'GET /api/connections/overview': () => json(200, overview({ used: 3 })) });
    await openPanel();

    const bar = await usageBar();
    expect(bar.firstElementChild).toHaveClass('bg-red-600');
    expect(bar.firstElementChild).toHaveStyle({ width: '100%' });
    expect(screen.getByText('Connection limit reached')).toBeVisible();
    expect(screen.getByText('Upgrade to Pro to connect up to 5 workspaces and accounts.')).toBeVisible();
    expect(screen.getByText(/Pro is waiting for you/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Connect Slack' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Connect ChatWork' })).toBeDisabled();

    await userEvent.click(screen.getByRole('link', { name: 'See plans' }));
    expect(await screen.findByText('Pricing page')).toBeInTheDocument();
  });

  it.each([
    [
      'en',
      'Refresh messages from Kenji @ Northwind (Slack)',
      'Kenji @ Northwind: shown from 20 s ago; next fresh look in 10 s.',
    ],
    [
      'jp',
      'Kenji @ Northwind（Slack）のメッセージを更新',
      'Kenji @ Northwindの 20 秒前に取得した内容を表示しています。次に新しく取得できるのは 10 秒後です。',
    ],
  ] as const)(
    'says when refreshing an account showed a gathering of the last 30 s again (%s)',
    async (language, button, said) => {
      await changeLanguage(language);
      stubApi({ 'GET /api/connections/overview': () => json(200, overview()) });
      const answer = slackResult(['<@UKENJI> One']);
      const answeredAt = Date.parse(answer.fetched_at);
      const reused = {
        ...answer,
        accounts: answer.accounts.map((stats) => ({
          ...stats,
          fetched_at: new Date(answeredAt - 20_000).toISOString(),
          reused: { next_gathering_at: new Date(answeredAt + 10_000).toISOString() },
        })),
      };
      await openPanel({ refreshAccount: () => Promise.resolve(reused) });

      await userEvent.click(await screen.findByRole('button', { name: button }));
      expect(await screen.findByText(said)).toBeVisible();
    },
  );

  it('suggests Pro Plus to a Pro user at the limit, in Japanese', async () => {
    await changeLanguage('jp');
    stubApi({
      'GET /api/connections/overview': () => json(200, overview({ plan: 'pro', limit: 5, used: 5 })),
    });
    await openPanel();

    expect(await screen.findByText('接続数の上限に達しました')).toBeVisible();
    expect(screen.getByText('プロプラスプランにアップグレードすると、10 件まで接続できます。')).toBeVisible();
    // The plan's name reads as Japanese, not "Pro プラン".
    expect(screen.getByText('プロプラン')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Slack を接続' })).toBeDisabled();
  });

  it('shows a provider without credentials as not configured, with a setup hint', async () => {
    stubApi({
      'GET /api/connections/overview': () =>
        json(200, overview({ providers: { slack: { configured: true }, chatwork: { configured: false } } })),
    });
    await openPanel();

    expect(await screen.findByText('ChatWork is not set up on this server yet.')).toBeVisible();
    expect(screen.getByText(/An administrator needs to add ChatWork's client ID and secret/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Connect ChatWork' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Connect Slack' })).toBeEnabled();
  });

  it('sends the browser to the consent page and keeps both buttons disabled meanwhile', async () => {
    const fetchMock = stubApi({
      'GET /api/connections/overview': () => json(200, overview()),
      'POST /api/slack/connect': () =>
        json(200, { authUrl: 'https://slack.example/oauth/v2/authorize?state=s1' }),
    });
    await openPanel();
    await usageBar();

    await userEvent.click(screen.getByRole('button', { name: 'Connect Slack' }));

    await waitFor(() =>
      expect(redirectTo).toHaveBeenCalledWith('https://slack.example/oauth/v2/authorize?state=s1'),
    );
    expect(screen.getByRole('button', { name: 'Opening Slack…' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Connect ChatWork' })).toBeDisabled();
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === '/api/slack/connect')).toHaveLength(1);

    // Back from the consent page, a page restored from the back-forward cache can connect again.
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    expect(await screen.findByRole('button', { name: 'Connect Slack' })).toBeEnabled();
  });

  it('shows why connecting could not start, in both languages', async () => {
    stubApi({
      'GET /api/connections/overview': () => json(200, overview()),
      'POST /api/chatwork/connect': () =>
        json(403, {
          statusCode: 403,
          error: 'Forbidden',
          message: 'Your plan allows 2 connections.',
          code: 'CONNECTION_LIMIT',
        }),
    });
    await openPanel();
    await usageBar();

    await userEvent.click(screen.getByRole('button', { name: 'Connect ChatWork' }));
    expect(
      await screen.findByText('Failed to initiate ChatWork connection: Your plan allows 2 connections.'),
    ).toBeVisible();
    expect(redirectTo).not.toHaveBeenCalled();

    await changeLanguage('jp');
    await userEvent.click(screen.getByRole('button', { name: 'ChatWork を接続' }));
    expect(
      await screen.findByText('ChatWork接続の開始に失敗しました: Your plan allows 2 connections.'),
    ).toBeVisible();
  });

  it('disconnects only after confirmation and says so in a banner', async () => {
    let connected = true;
    const fetchMock = stubApi({
      'GET /api/connections/overview': () => json(200, overview({ used: connected ? 1 : 0 })),
      'DELETE /api/slack/disconnect/sl-1': () => {
        connected = false;
        return json(200, { success: true, message: 'Disconnected' });
      },
    });
    await openPanel();
    const disconnectButton = screen.getByRole('button', { name: 'Disconnect Kenji @ Northwind (Slack)' });

    await userEvent.click(disconnectButton);
    let dialog = await screen.findByRole('dialog', { name: 'Disconnect Kenji @ Northwind?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(disconnectButton).toHaveFocus();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    await userEvent.click(disconnectButton);
    dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Slack workspace Kenji @ Northwind disconnected.',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0'));
  });

  it('reports a failed disconnect in Japanese', async () => {
    await changeLanguage('jp');
    stubApi({
      'GET /api/connections/overview': () => json(200, overview()),
      'DELETE /api/chatwork/disconnect/cw-1': () =>
        json(502, { statusCode: 502, error: 'Bad Gateway', message: 'ChatWork did not answer' }),
    });
    await openPanel({ connections: [chatworkAccount] });

    await userEvent.click(
      screen.getByRole('button', { name: '不明なアカウント @ 組織なし（ChatWork）の接続を解除' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('アクセス権を直ちに削除します');
    await userEvent.click(within(dialog).getByRole('button', { name: '接続解除' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'ChatWork接続解除に失敗しました: ChatWork did not answer',
    );
  });

  it('marks a connection that needs re-authorisation and reconnects it through the consent page', async () => {
    stubApi({
      'GET /api/connections/overview': () => json(200, overview({ used: 2 })),
      'POST /api/slack/connect': () =>
        json(200, { authUrl: 'https://slack.example/oauth/v2/authorize?state=s2' }),
    });
    await openPanel({ connections: [{ ...slackWorkspace, status: 'reauth_required' }] });

    expect(screen.getByText('Needs re-authorisation')).toBeVisible();
    await usageBar();
    // At the limit a new connection cannot start, but renewing this one can.
    expect(screen.getByRole('button', { name: 'Connect Slack' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Reconnect Kenji @ Northwind (Slack)' }));

    await waitFor(() =>
      expect(redirectTo).toHaveBeenCalledWith('https://slack.example/oauth/v2/authorize?state=s2'),
    );
  });

  it('lets a restricted account press connect even beyond the limit, and asks the server nothing', async () => {
    // Demo accounts and test mode list sample connections, which may outnumber the plan's limit.
    const fetchMock = stubApi({
      'GET /api/connections/overview': () => json(200, overview({ used: 0, sample: 4 })),
    });
    const allowed = vi.fn(() => false);
    await openPanel({ restricted: true, allowed });
    await usageBar();
    expect(screen.queryByText('Connection limit reached')).not.toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAccessibleName('Connections used');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuetext', '0 of 2 connections used');
    expect(
      screen.getByText(
        '4 sample connections are shown for trying Matome; they do not count against your plan.',
      ),
    ).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Connect Slack' }));
    await userEvent.click(screen.getByRole('button', { name: 'Disconnect Kenji @ Northwind (Slack)' }));

    expect(allowed.mock.calls).toEqual([['connect'], ['disconnect']]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/connections/overview']);
  });

  it('opens the setup guide with the PDFs of the current language; Escape and the backdrop close it', async () => {
    stubApi({ 'GET /api/connections/overview': () => json(200, overview()) });
    await openPanel();
    const help = screen.getByRole('button', { name: 'Setup guide' });

    await userEvent.click(help);
    let dialog = await screen.findByRole('dialog', { name: 'How to connect Slack and ChatWork' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(within(dialog).getByRole('link', { name: /Open the Slack guide \(PDF\)/ })).toHaveAttribute(
      'href',
      '/docs/help_slack_en.pdf',
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(help).toHaveFocus();

    await changeLanguage('jp');
    await userEvent.click(screen.getByRole('button', { name: 'セットアップガイド' }));
    dialog = await screen.findByRole('dialog', { name: 'Slack と ChatWork の接続方法' });
    expect(within(dialog).getByRole('link', { name: /ChatWork のガイドを開く/ })).toHaveAttribute(
      'href',
      '/docs/help_chatwork_jp.pdf',
    );
    const backdrop = document.querySelector('.bg-slate-900\\/50');
    expect(backdrop).not.toBeNull();
    await userEvent.click(backdrop as Element);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
