import { slackPlatformMessageId } from '../../../contract/classification.ts';
import type { Platform } from '../../../contract/messages.ts';
import { THREAD_KEY_PATTERN, threadKey, type DoneItem } from '../../../contract/triage.ts';
import type { OwnTurn } from '../../connectors/connector-account.ts';

/** A reply posted from Matome's reply box, as the reply routes know it. */
export type MatomeReply = {
  connectionId: string;
  platform: Platform;
  /** Slack channel or ChatWork room. */
  conversationId: string;
  /** The Slack thread it was posted in. */
  threadTs: string | null;
  /** The inbox message it answers (`platform_message_id`), when the web app said. */
  replyTo: string | null;
  /** The posted message: Slack `ts`, ChatWork message id. */
  postedId: string;
};

/**
 * The person's turn in the conversation the reply went to. On Slack only a thread or a direct message (a channel
 * id starting with `D`, as Slack names them) is a conversation; a ChatWork reply counts for its room, and the next
 * gathering says whether the room is a direct chat and whom the reply addressed.
 */
export function replyTurn(reply: MatomeReply, now: number): OwnTurn | null {
  if (reply.platform === 'chatwork') {
    return {
      kind: 'room',
      conversationId: reply.conversationId,
      threadTs: '',
      own: { messageId: reply.postedId, order: reply.postedId, at: now, to: null },
      otherAt: null,
    };
  }
  const place = reply.threadTs
    ? { kind: 'thread' as const, threadTs: reply.threadTs }
    : reply.conversationId.startsWith('D')
      ? { kind: 'dm' as const, threadTs: '' }
      : null;
  if (!place) return null;
  const at = Math.round(Number(reply.postedId) * 1000);
  return {
    ...place,
    conversationId: reply.conversationId,
    own: {
      messageId: slackPlatformMessageId(reply.conversationId, reply.postedId),
      order: reply.postedId,
      at: Number.isFinite(at) ? at : now,
      to: null,
    },
    otherAt: null,
  };
}

/** What marking the answered message done needs: its own thread key, and its thread's on Slack. */
export function replyDoneItem(reply: MatomeReply): DoneItem | null {
  if (!reply.replyTo) return null;
  const ref = { platform: reply.platform, platform_message_id: reply.replyTo };
  let keys: string[];
  if (reply.platform === 'chatwork') {
    keys = [threadKey('chatwork', reply.conversationId, reply.replyTo)];
  } else {
    const ts = reply.replyTo.slice(reply.replyTo.indexOf('-') + 1);
    keys = [threadKey('slack', reply.conversationId, ts)];
    if (reply.threadTs && reply.threadTs !== ts)
      keys.push(threadKey('slack', reply.conversationId, reply.threadTs));
  }
  return keys.every((key) => THREAD_KEY_PATTERN.test(key)) ? { ...ref, thread_keys: keys } : null;
}
