import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../lib/i18n.ts';
import { chatworkResult, connected, slackResult } from '../../test/dashboard-fixtures.ts';
import { json, stubApi } from '../../test/fake-api.ts';
import { renderRouter } from '../../test/render-router.ts';
import { routes } from '../router.tsx';

const copy = {
  en: {
    list: 'Message list',
    accounts: 'Accounts',
    updated: /^All 2 accounts updated at \d{2}:\d{2}/,
    counts: ['1 message', '2 messages'],
  },
  jp: {
    list: 'メッセージ一覧',
    accounts: 'アカウント',
    updated: /^\d{2}:\d{2}に2アカウントすべてを更新しました$/,
    counts: ['1件', '2件'],
  },
} as const;

describe.each(['en', 'jp'] as const)('the accounts status row on the dashboard (%s)', (language) => {
  const text = copy[language];
  beforeEach(() => changeLanguage(language));

  it('stays once every account has loaded, saying when they were updated, with each account and its count', async () => {
    stubApi({
      ...connected,
      'GET /api/chatwork/messages/cw-1': () => json(200, chatworkResult(['[To:1001] One'])),
      'GET /api/slack/messages/sl-1': () => json(200, slackResult(['<@UKENJI> Two', '<@UKENJI> Three'])),
    });
    renderRouter(routes, '/dashboard');

    const list = await screen.findByRole('list', { name: text.list }, { timeout: 5000 });
    expect(await within(list).findAllByRole('article')).toHaveLength(3);
    expect(screen.getByText(text.updated)).toBeVisible();
    const accounts = screen.getByRole('list', { name: text.accounts });
    expect(within(accounts).getAllByRole('listitem')).toHaveLength(2);
    for (const count of text.counts) expect(within(accounts).getByText(count)).toBeVisible();
    // The row comes before the messages, where it stood while they loaded.
    expect(accounts.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
