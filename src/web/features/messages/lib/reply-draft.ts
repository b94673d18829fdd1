import type { UnifiedMessage } from '../../../../contract/messages.ts';
import type { ReplyRequest } from '../api/send-reply.ts';

/** How the visible `@Name` at the start of a Slack draft reads; it is sent as `<@U…>` so Slack notifies the sender. */
const slackMentionPrefix = (message: UnifiedMessage) => `@${message.sender.name}`;

/**
 * The text a reply starts with (SPEC §4): ChatWork's reply tag, which notifies the sender and links the source
 * message, followed by the sender's name with さん as ChatWork's own reply button writes it; on Slack, `@sender`.
 */
export function replyPrefill(message: UnifiedMessage): string {
  const source = message.original_message;
  if (source.platform === 'chatwork') {
    return `[rp aid=${source.account.account_id} to=${source.room_info.room_id}-${source.message_id}]${source.account.name}さん\n`;
  }
  return `${slackMentionPrefix(message)} `;
}

/**
 * Slack: a message in a thread is answered in that thread; a channel message starts a thread on it; a direct
 * message outside a thread is answered in the conversation (docs/decisions/041).
 */
export function slackReplyThread(message: UnifiedMessage): string | null {
  const source = message.original_message;
  if (source.platform !== 'slack') return null;
  if (source.thread_ts) return source.thread_ts;
  const { is_im, is_mpim } = source.conversation_info;
  return is_im || is_mpim ? null : source.ts;
}

/** The request that posts `text` as a reply to `message` on its platform. */
export function replyRequest(message: UnifiedMessage, text: string): ReplyRequest {
  const source = message.original_message;
  const connectionId = message.account_info.connection_id;
  if (source.platform === 'chatwork') {
    return {
      platform: 'chatwork',
      body: {
        connection_id: connectionId,
        room_id: String(source.room_info.room_id),
        message: text,
        reply_to: source.platform_message_id,
      },
    };
  }
  const prefix = slackMentionPrefix(message);
  const rest = text.slice(prefix.length);
  // `@Ben Ortizz` is not the prefilled mention of Ben Ortiz, so it stays as typed.
  const mentionsSender = text.startsWith(prefix) && !/^[\p{L}\p{N}_]/u.test(rest);
  const body = mentionsSender ? `<@${source.account.account_id}>${rest}` : text;
  return {
    platform: 'slack',
    body: {
      connection_id: connectionId,
      channel_id: source.conversation_info.id,
      message: body,
      thread_ts: slackReplyThread(message),
      reply_to: source.platform_message_id,
    },
  };
}
