import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChatworkMessageResult, SlackMessageResult } from '../../../contract/messages.ts';
import { changeLanguage } from '../../lib/i18n.ts';
import { chatworkResult, connected, iso, now, slackResult } from '../../test/dashboard-fixtures.ts';
import { apiError, json, stubApi } from '../../test/fake-api.ts';
import { renderRouter } from '../../test/render-router.ts';
import { routes } from '../router.tsx';

const copy = {
  en: {
    refresh: 'Refresh',
    gatheredTwo: 'Messages gathered afresh: 2 messages.',
    nothing: 'Nothing could be gathered afresh: every account failed.',
    reused: 'Shown from 20 s ago; next fresh look in 10 s.',
    mixed: 'Messages gathered afresh: 2 messages. 1 of 2 accounts failed.',
  },
  jp: {
    refresh: '更新',
    gatheredTwo: 'メッセージを新しく取得しました（2件）。',
    nothing: '新しく取得できたアカウントはありません。すべてのアカウントで取得に失敗しました。',
    reused: '20 秒前に取得した内容を表示しています。次に新しく取得できるのは 10 秒後です。',
    mixed: 'メッセージを新しく取得しました（2件）。2 件中 1 件のアカウントで取得に失敗しました。',
  },
} as const;

/** The server's answer when a gathering failed and the last good messages stand in for it (decision 080). */
function staleFailure<R extends ChatworkMessageResult | SlackMessageResult>(result: R): R {
  return {
    ...result,
    accounts: result.accounts.map((stats) => ({
      ...stats,
      status: 'error',
      error: { code: 'PROVIDER_UNAVAILABLE', message: 'ChatWork answered 502' },
      last_success_at: iso(now - 600),
      stale: true,
    })),
  } as R;
}

/** The server's answer that reused a gathering made 20 s before, which can be made afresh 10 s after it. */
function reused<R extends ChatworkMessageResult | SlackMessageResult>(result: R): R {
  return {
    ...result,
    fetched_at: iso(now),
    accounts: result.accounts.map((stats) => ({
      ...stats,
      fetched_at: iso(now - 20),
      reused: { next_gathering_at: iso(now + 10) },
    })),
  } as R;
}

const htmlPage = () =>
  new Response('<html><body>Bad gateway</body></html>', {
    status: 200,
    headers: { 'Content-Type': 'text/html' },
  });

describe.each(['en', 'jp'] as const)('a forced refresh says what it gathered (%s)', (language) => {
  const text = copy[language];
  beforeEach(async () => {
    await changeLanguage(language);
    window.localStorage.removeItem('matome.lastRefreshAt');
  });

  async function refreshWith(answers: { chatwork: () => Response; slack: () => Response }) {
    stubApi({
      ...connected,
      'GET /api/chatwork/messages/cw-1': () => json(200, chatworkResult(['[To:1001] One', '[To:1001] Two'])),
      'GET /api/slack/messages/sl-1': () => json(200, slackResult(['<@UKENJI> Three'])),
      'GET /api/chatwork/messages/cw-1?refresh=1': answers.chatwork,
      'GET /api/slack/messages/sl-1?refresh=1': answers.slack,
    });
    renderRouter(routes, '/dashboard');
    await screen.findAllByRole('article');
    await userEvent.click(screen.getByRole('button', { name: text.refresh }));
  }

  it('says nothing was gathered when every account failed, counting no stand-in messages', async () => {
    await refreshWith({
      chatwork: () => json(200, staleFailure(chatworkResult(['[To:1001] One', '[To:1001] Two']))),
      slack: htmlPage,
    });
    expect(await screen.findByText(text.nothing)).toBeVisible();
    expect(screen.queryByText(text.gatheredTwo)).not.toBeInTheDocument();
  });

  it('says so when the server showed a gathering of the last 30 s again, and when it can look afresh', async () => {
    await refreshWith({
      chatwork: () => json(200, reused(chatworkResult(['[To:1001] One', '[To:1001] Two']))),
      slack: () => json(200, reused(slackResult(['<@UKENJI> Three']))),
    });
    expect(await screen.findByText(text.reused)).toBeVisible();
  });

  it('counts only the accounts gathered afresh, and says how many failed', async () => {
    await refreshWith({
      chatwork: () => json(200, chatworkResult(['[To:1001] One', '[To:1001] Two'])),
      slack: () => apiError(504, 'Gateway Timeout', 'timeout'),
    });
    expect(await screen.findByText(text.mixed)).toBeVisible();
  });
});
