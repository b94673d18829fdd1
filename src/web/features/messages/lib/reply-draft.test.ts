import { describe, expect, it } from 'vitest';
import { toUnifiedMessage } from '../../../../contract/classification.ts';
import type { SlackSourceMessage } from '../../../../contract/messages.ts';
import { replyPrefill, replyRequest } from './reply-draft.ts';

const ts = '1795000000.000100';
const source: SlackSourceMessage = {
  platform: 'slack',
  message_id: ts,
  ts,
  platform_message_id: `G1-${ts}`,
  body: '<@UKENJI> review please',
  content: '<@UKENJI> review please',
  send_time: 1_795_000_000,
  formatted_time: new Date(1_795_000_000_000).toISOString(),
  account_info: {
    account_name: 'Kenji',
    workspace_name: 'Northwind',
    connection_id: 'sl-1',
    platform_user_id: 'UKENJI',
  },
  mention_types: { is_direct_mention: true, is_reply: false, is_all_mention: false, is_dm: true },
  is_mention: true,
  is_dm: true,
  position_index: 1,
  original_url: 'https://northwind.slack.com/archives/G1/p1795000000000100',
  tags: [],
  account: { account_id: 'UBEN', name: 'Ben', avatar_image_url: null },
  conversation_info: {
    id: 'G1',
    name: 'ben, kenji, aiko',
    is_channel: false,
    is_group: false,
    is_im: false,
    is_mpim: true,
  },
};
const message = toUnifiedMessage(source);
const sentText = (text: string) => replyRequest(message, text).body.message;

describe('Slack reply drafts', () => {
  it('turn the prefilled @name into a mention only when it still names the sender', () => {
    expect(replyPrefill(message)).toBe('@Ben ');
    expect(sentText('@Ben, done')).toBe('<@UBEN>, done');
    expect(sentText('@Ben')).toBe('<@UBEN>');
    expect(sentText('@Benjamin done')).toBe('@Benjamin done');
    expect(sentText('done @Ben')).toBe('done @Ben');
  });

  it('answer a group direct message outside a thread in the conversation', () => {
    expect(replyRequest(message, '@Ben ok').body).toEqual({
      connection_id: 'sl-1',
      channel_id: 'G1',
      message: '<@UBEN> ok',
      thread_ts: null,
      reply_to: message.original_message.platform_message_id,
    });
  });
});
