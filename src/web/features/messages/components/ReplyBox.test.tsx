import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toUnifiedMessage } from '../../../../contract/classification.ts';
import type {
  ChatworkSourceMessage,
  SlackSourceMessage,
  SourceMessage,
} from '../../../../contract/messages.ts';
import { changeLanguage } from '../../../lib/i18n.ts';
import { accessTokenStore } from '../../../lib/token-storage.ts';
import { fakeAccessToken, json, stubApi } from '../../../test/fake-api.ts';
import { renderCard as renderMessageCard } from '../test/render-card.ts';
import type { GuardedAction } from '../lib/action-restrictions.ts';

const sentAt = 1_795_000_000;
const chatworkMessageId = '1893276540123456789';

const gathered = {
  send_time: sentAt,
  formatted_time: new Date(sentAt * 1000).toISOString(),
  mention_types: { is_direct_mention: true, is_reply: false, is_all_mention: false, is_dm: false },
  is_mention: true,
  is_dm: false,
  position_index: 3,
  tags: [],
};

const chatworkMessage: ChatworkSourceMessage = {
  ...gathered,
  platform: 'chatwork',
  message_id: chatworkMessageId,
  platform_message_id: chatworkMessageId,
  body: '[To:1001] Could you check the launch plan?',
  content: '[To:1001] Could you check the launch plan?',
  update_time: 0,
  account_info: {
    account_name: 'Kenji',
    workspace_name: 'Acme',
    connection_id: 'cw-1',
    platform_user_id: '1001',
  },
  original_url: `https://www.chatwork.com/#!rid42-${chatworkMessageId}`,
  account: { account_id: 2002, name: 'Aiko Tanaka', avatar_image_url: null },
  room_info: { room_id: 42, name: 'Launch', type: 'group' },
};

function slackMessage(changes: Partial<SlackSourceMessage> = {}): SlackSourceMessage {
  const ts = `${sentAt}.000100`;
  return {
    ...gathered,
    platform: 'slack',
    message_id: ts,
    ts,
    platform_message_id: `C1-${ts}`,
    body: '<@UKENJI> the deploy is green',
    content: '<@UKENJI> the deploy is green',
    account_info: {
      account_name: 'Kenji',
      workspace_name: 'Northwind',
      connection_id: 'sl-1',
      platform_user_id: 'UKENJI',
    },
    original_url: 'https://northwind.slack.com/archives/C1/p1795000000000100',
    account: { account_id: 'UBEN', name: 'Ben Ortiz', avatar_image_url: null },
    conversation_info: {
      id: 'C1',
      name: 'general',
      is_channel: true,
      is_group: false,
      is_im: false,
      is_mpim: false,
    },
    ...changes,
  };
}

function renderCard(source: SourceMessage, allowed: (action: GuardedAction) => boolean = () => true) {
  renderMessageCard(toUnifiedMessage(source), { allowed, now: sentAt + 60 });
}

const replyBodies = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls
    .filter(([url]) => String(url).endsWith('/reply'))
    .map(([url, init]) => ({ url: String(url), body: JSON.parse(String(init?.body)) as unknown }));

const chatworkPrefill = `[rp aid=2002 to=42-${chatworkMessageId}]Aiko Tanakaさん\n`;

beforeEach(async () => {
  accessTokenStore.set(fakeAccessToken(3600));
});

describe('reply box', () => {
  it('opens with the ChatWork reply tag, the cursor at the end, and sends with Ctrl+Enter', async () => {
    const fetchMock = stubApi({
      'POST /api/chatwork/reply': () => json(200, { success: true, message: 'Reply sent' }),
    });
    renderCard(chatworkMessage);
    const replyButton = screen.getByRole('button', { name: 'Reply to Aiko Tanaka' });

    await userEvent.click(replyButton);

    const box = await screen.findByRole('textbox', { name: 'Reply to Aiko Tanaka' });
    expect(box).toHaveValue(chatworkPrefill);
    await waitFor(() => expect(box).toHaveFocus());
    expect((box as HTMLTextAreaElement).selectionStart).toBe(chatworkPrefill.length);
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();

    await userEvent.type(box, 'Checked, looks good.{Control>}{Enter}{/Control}');

    expect(await screen.findByText('Reply sent to ChatWork.')).toBeVisible();
    expect(replyBodies(fetchMock)).toEqual([
      {
        url: '/api/chatwork/reply',
        body: {
          connection_id: 'cw-1',
          room_id: '42',
          message: `${chatworkPrefill}Checked, looks good.`,
          reply_to: chatworkMessageId,
        },
      },
    ]);
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(replyButton).toHaveFocus();
  });

  it('sends nothing while the text is empty or only whitespace', async () => {
    const fetchMock = stubApi({});
    renderCard(chatworkMessage);
    await userEvent.click(screen.getByRole('button', { name: 'Reply to Aiko Tanaka' }));
    const box = await screen.findByRole('textbox');

    await userEvent.clear(box);
    await userEvent.type(box, '   {Control>}{Enter}{/Control}');

    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows @sender on Slack, sends it as a mention, and starts a thread on a channel message', async () => {
    const fetchMock = stubApi({
      'POST /api/slack/reply': () => json(200, { success: true, message: 'Reply sent' }),
    });
    renderCard(slackMessage());
    await userEvent.click(screen.getByRole('button', { name: 'Reply to Ben Ortiz' }));
    const box = await screen.findByRole('textbox');
    expect(box).toHaveValue('@Ben Ortiz ');
    expect(screen.getByText(/Posted in the thread on Slack/)).toBeVisible();

    await userEvent.type(box, 'thanks, merging now');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Reply sent to Slack.')).toBeVisible();
    expect(replyBodies(fetchMock)).toEqual([
      {
        url: '/api/slack/reply',
        body: {
          connection_id: 'sl-1',
          channel_id: 'C1',
          message: '<@UBEN> thanks, merging now',
          thread_ts: `${sentAt}.000100`,
          reply_to: `C1-${sentAt}.000100`,
        },
      },
    ]);
  });

  it('answers a thread reply in its thread and a direct message in the conversation, with Cmd+Enter', async () => {
    const fetchMock = stubApi({
      'POST /api/slack/reply': () => json(200, { success: true, message: 'Reply sent' }),
    });
    renderCard(
      slackMessage({ ts: `${sentAt}.000200`, message_id: `${sentAt}.000200`, thread_ts: `${sentAt}.000100` }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Reply to Ben Ortiz' }));
    // Without the mention the text goes as typed.
    await userEvent.clear(await screen.findByRole('textbox'));
    await userEvent.type(await screen.findByRole('textbox'), 'Done{Meta>}{Enter}{/Meta}');
    await screen.findByText('Reply sent to Slack.');

    expect(replyBodies(fetchMock)[0]?.body).toMatchObject({ message: 'Done', thread_ts: `${sentAt}.000100` });
  });

  it('replies to a Slack direct message outside any thread', async () => {
    const fetchMock = stubApi({
      'POST /api/slack/reply': () => json(200, { success: true, message: 'Reply sent' }),
    });
    renderCard(
      slackMessage({
        conversation_info: {
          id: 'D1',
          name: 'Ben Ortiz',
          is_channel: false,
          is_group: false,
          is_im: true,
          is_mpim: false,
        },
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Reply to Ben Ortiz' }));
    await userEvent.type(await screen.findByRole('textbox'), 'sure{Control>}{Enter}{/Control}');
    await screen.findByText('Reply sent to Slack.');

    expect(replyBodies(fetchMock)[0]?.body).toEqual({
      connection_id: 'sl-1',
      channel_id: 'D1',
      message: '<@UBEN> sure',
      thread_ts: null,
      reply_to: `C1-${sentAt}.000100`,
    });
  });

  it('shows the sending state, then keeps the text and says why when sending fails, in Japanese', async () => {
    await changeLanguage('jp');
    let answer: (response: Response) => void = () => undefined;
    stubApi({ 'POST /api/chatwork/reply': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderCard(chatworkMessage);
    await userEvent.click(screen.getByRole('button', { name: 'Aiko Tanakaさんに返信' }));
    const box = await screen.findByRole('textbox');
    await userEvent.type(box, '確認しました');
    await userEvent.click(screen.getByRole('button', { name: '送信' }));

    expect(await screen.findByRole('button', { name: '送信しています…' })).toBeDisabled();
    answer(json(404, { statusCode: 404, error: 'Not Found', message: 'Room not found' }));

    expect(await screen.findByText('返信の送信に失敗しました: Room not found')).toBeVisible();
    await waitFor(() => expect(screen.getByRole('button', { name: '送信' })).toBeEnabled());
    expect(box).toHaveValue(`${chatworkPrefill}確認しました`);
  });

  it('does not open when the account may not reply', async () => {
    const allowed = vi.fn(() => false);
    renderCard(chatworkMessage, allowed);

    await userEvent.click(screen.getByRole('button', { name: 'Reply to Aiko Tanaka' }));

    expect(allowed).toHaveBeenCalledWith('reply');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('closes on Escape and returns focus to the Reply button', async () => {
    stubApi({});
    renderCard(chatworkMessage);
    const replyButton = screen.getByRole('button', { name: 'Reply to Aiko Tanaka' });
    await userEvent.click(replyButton);

    await userEvent.keyboard('{Escape}');

    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(replyButton).toHaveFocus();
  });

  it('leaves Escape and Ctrl+Enter to an IME while it composes', async () => {
    const fetchMock = stubApi({});
    renderCard(chatworkMessage);
    await userEvent.click(screen.getByRole('button', { name: 'Reply to Aiko Tanaka' }));
    const box = await screen.findByRole('textbox');

    fireEvent.compositionStart(box);
    fireEvent.keyDown(box, { key: 'Escape', isComposing: true, keyCode: 229 });
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true, isComposing: true, keyCode: 229 });
    fireEvent.compositionEnd(box, { data: '返信' });

    expect(box).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalledWith(expect.stringContaining('/reply'), expect.anything());
  });
});
