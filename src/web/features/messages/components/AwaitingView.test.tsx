import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createElement } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AwaitingConversation } from '../../../../contract/awaiting.ts';
import { changeLanguage } from '../../../lib/i18n.ts';
import { accessTokenStore } from '../../../lib/token-storage.ts';
import { fakeAccessToken, json, stubApi } from '../../../test/fake-api.ts';
import { chatworkMessage } from '../../../test/message-fixtures.ts';
import { renderRouter } from '../../../test/render-router.ts';
import { AwaitingView } from './AwaitingView.tsx';

const DAY = 24 * 60 * 60 * 1000;
/** Milliseconds, as the list's clock gives it. */
const now = 1_767_225_600_000 + 5 * DAY;
/** Aiko Tanaka (2002) wrote in the Launch room (42): the inbox names her and the room. */
const inbox = [chatworkMessage('100')];
const conversation: AwaitingConversation = {
  id: '5f0c7a52-5a2c-4d5e-9a40-1d7c1f0b2a11',
  platform: 'chatwork',
  connection_id: 'cw-1',
  account_name: 'Kenji',
  workspace_name: 'Acme',
  kind: 'room',
  conversation_id: '42',
  thread_ts: null,
  counterpart_id: '2002',
  platform_message_id: '120',
  written_at: new Date(now - 4 * DAY).toISOString(),
  original_url: 'https://www.chatwork.com/#!rid42-120',
};

function renderView() {
  renderRouter([{ path: '/', element: createElement(AwaitingView, { messages: inbox, now }) }], '/');
}

beforeEach(async () => {
  accessTokenStore.set(fakeAccessToken(3600));
  await changeLanguage('en');
});

describe('the Awaiting reply view', () => {
  it('lists where, to whom and when the person wrote, with a link, and remembers the chosen days', async () => {
    const fetchMock = stubApi({
      'GET /api/awaiting': () => json(200, { days: 3, conversations: [conversation] }),
      'GET /api/awaiting?days=7': () => json(200, { days: 7, conversations: [] }),
      'PATCH /api/reply-settings': () => json(200, { auto_done: false, awaiting_days: 7 }),
    });
    renderView();
    const list = await screen.findByRole('list', { name: 'Conversations awaiting a reply' });
    const item = within(list).getByRole('listitem');
    expect(item).toHaveTextContent('In Room: Launch');
    expect(item).toHaveTextContent('To Aiko Tanaka');
    expect(item).toHaveTextContent('Kenji · Acme');
    expect(item).toHaveTextContent('You wrote 4 days ago');
    expect(within(item).getByRole('link', { name: 'Open in ChatWork' })).toHaveAttribute(
      'href',
      conversation.original_url,
    );
    expect(screen.getByRole('button', { name: '3 days' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(screen.getByRole('button', { name: '7 days' }));
    expect(await screen.findByText('Nothing awaits a reply')).toBeVisible();
    expect(screen.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
    const saved = fetchMock.mock.calls.find(
      ([url, init]) => init?.method === 'PATCH' && String(url).endsWith('/reply-settings'),
    );
    expect(JSON.parse(String(saved?.[1]?.body))).toEqual({ awaiting_days: 7 });
  });

  it('dismisses a conversation and says so, in Japanese', async () => {
    await changeLanguage('jp');
    let listed = [conversation];
    stubApi({
      'GET /api/awaiting': () => json(200, { days: 3, conversations: listed }),
      [`DELETE /api/awaiting/${conversation.id}`]: () => {
        listed = [];
        return json(200, { success: true });
      },
    });
    renderView();
    const item = await screen.findByRole('listitem');
    expect(item).toHaveTextContent('宛先: Aiko Tanaka様');
    await userEvent.click(within(item).getByRole('button', { name: '一覧から外す: ルーム：Launch' }));
    expect(
      await screen.findByText('一覧から外しました。その会話にまた書き込むと、再び表示されます。'),
    ).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('listitem')).toBeNull());
    expect(screen.getByText('返信待ちの会話はありません')).toBeVisible();
  });
});
