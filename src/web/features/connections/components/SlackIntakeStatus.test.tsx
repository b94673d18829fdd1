import { screen } from '@testing-library/react';
import { createElement } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Language } from '../../../../contract/auth-constants.ts';
import type { SlackIntake } from '../../../../contract/messages.ts';
import { changeLanguage } from '../../../lib/i18n.ts';
import { accessTokenStore } from '../../../lib/token-storage.ts';
import { slackConnection } from '../../../test/dashboard-fixtures.ts';
import { fakeAccessToken, json, stubApi } from '../../../test/fake-api.ts';
import { renderRouter } from '../../../test/render-router.ts';
import { ConnectionsPanel } from './ConnectionsPanel.tsx';

const liveIntake: SlackIntake = {
  state: 'live',
  last_event_at: null,
  backfill: { done: 12, total: 12 },
  polls_every_minutes: null,
  search_budget_left: 18,
  private_live: true,
};

async function showIntake(language: Language, intake: Partial<SlackIntake>) {
  await changeLanguage(language);
  stubApi({
    'GET /api/connections/overview': () =>
      json(200, {
        plan: 'free',
        limit: 2,
        used: 1,
        sample: 0,
        providers: { slack: { configured: true }, chatwork: { configured: true } },
      }),
  });
  renderRouter(
    [
      {
        path: '/dashboard',
        element: createElement(ConnectionsPanel, {
          connections: [{ ...slackConnection, slack_intake: { ...liveIntake, ...intake } }],
          restricted: false,
          allowed: () => true,
          refreshAccount: () => Promise.reject(new Error('not used here')),
          collapsible: false,
        }),
      },
    ],
    '/dashboard',
  );
  await screen.findByText('Northwind');
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

beforeEach(() => {
  accessTokenStore.set(fakeAccessToken(3600));
});

describe('a Slack connection’s intake in the connections panel', () => {
  it.each([
    ['en', 'Live (last event 2 minutes ago)'],
    ['jp', 'リアルタイム（最後の受信：2 分前）'],
  ] as const)('says a live workspace is live, with its last event (%s)', async (language, said) => {
    await showIntake(language, { last_event_at: minutesAgo(2) });

    expect(screen.getByText(said)).toBeVisible();
    // Searches hardly matter while events flow; private conversations reach everyone live here.
    expect(screen.queryByText(/searches left|検索の残り回数/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Private channels|プライベートチャンネル/)).not.toBeInTheDocument();
  });

  it('says a live workspace that never sent an event is live, without a time', async () => {
    await showIntake('en', {});

    expect(screen.getByText('Live')).toBeVisible();
  });

  it.each([
    [
      'en',
      'Private channels, DMs and group DMs you share with other Matome users may arrive at the next search rather than live.',
    ],
    [
      'jp',
      'ほかのまとめユーザーとも共有しているプライベートチャンネル、DM、グループDMのメッセージは、リアルタイムではなく次回の検索時に届くことがあります。',
    ],
  ] as const)('notes when private conversations are not live for everyone (%s)', async (language, said) => {
    await showIntake(language, { private_live: false });

    expect(screen.getByText(said)).toBeVisible();
  });

  it.each([
    [
      'en',
      'Catching up: history 3 of 12 searches done; new messages arrive live meanwhile',
      'Slack searches left this minute: 7',
    ],
    [
      'jp',
      '過去のメッセージを取得しています（検索 12 回のうち 3 回が完了）。その間も新しいメッセージはリアルタイムで届きます。',
      'この1分間の Slack 検索の残り回数：7 回',
    ],
  ] as const)(
    'shows how far catching up has come and the searches left (%s)',
    async (language, said, left) => {
      await showIntake(language, {
        state: 'catching_up',
        backfill: { done: 3, total: 12 },
        search_budget_left: 7,
      });

      expect(screen.getByText(said)).toBeVisible();
      expect(screen.getByText(left)).toBeVisible();
    },
  );

  it.each([
    ['en', 'Updates every 5 minutes (this workspace sends no live events)'],
    ['jp', '5 分ごとに更新します（このワークスペースからはリアルタイムの通知が届きません）'],
  ] as const)('says how often a workspace without events is searched (%s)', async (language, said) => {
    await showIntake(language, { state: 'polling', polls_every_minutes: 5 });

    expect(screen.getByText(said)).toBeVisible();
  });

  it.each([
    ['en', 'Live updates interrupted; searching every 2 minutes until they resume'],
    ['jp', 'リアルタイムの受信が途切れています。再開するまで 2 分ごとに検索します。'],
  ] as const)('says live updates are interrupted in words, not colour alone (%s)', async (language, said) => {
    await showIntake(language, { state: 'interrupted', polls_every_minutes: 2 });

    expect(screen.getByText(said)).toHaveClass('text-amber-800');
  });
});
