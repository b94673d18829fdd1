import { slackPlatformMessageId } from '../../../contract/classification.ts';
import type { SourceMessage, SlackSourceMessage } from '../../../contract/messages.ts';
import type { ConversationTurn, OwnTurn } from '../../connectors/connector-account.ts';
import type { SlackMessageEvent } from '../../connectors/slack/slack-events.ts';
import { SLACK_MENTION } from '../../connectors/slack/slack-searches.ts';

export type TurnPlace = Pick<ConversationTurn, 'kind' | 'conversationId' | 'threadTs'>;

/**
 * The conversation a Slack message belongs to, as this feature counts them: a DM or group DM as a whole, or the
 * thread of a channel message. A message in a channel outside any thread answers no one in particular: null.
 */
export function slackPlaceOf(
  event: Pick<SlackMessageEvent, 'channel' | 'channel_type' | 'ts' | 'thread_ts'>,
) {
  if (event.channel_type === 'im' || event.channel_type === 'mpim')
    return { kind: 'dm', conversationId: event.channel, threadTs: '' } satisfies TurnPlace;
  if (event.thread_ts && event.thread_ts !== event.ts)
    return { kind: 'thread', conversationId: event.channel, threadTs: event.thread_ts } satisfies TurnPlace;
  return null;
}

/** Whether an inbox message is in the conversation (a ChatWork room as a whole). */
export function inPlace(place: TurnPlace, message: SourceMessage): boolean {
  if (message.platform === 'chatwork') return String(message.room_info.room_id) === place.conversationId;
  if (message.conversation_info.id !== place.conversationId) return false;
  return place.kind === 'dm' || (message.thread_ts ?? message.ts) === place.threadTs;
}

/** Whether the person's own message of the turn came after the inbox message, in the same conversation. */
export function answers(turn: ConversationTurn, message: SourceMessage): boolean {
  if (!turn.own || !inPlace(turn, message)) return false;
  return message.platform === 'chatwork'
    ? BigInt(message.message_id) < BigInt(turn.own.order)
    : Number(message.ts) < Number(turn.own.order);
}

/**
 * The person's own message in a Slack conversation as a turn: whom it was for is the first person it names, or else
 * the latest other writer there among the inbox messages.
 */
export function slackOwnTurn(
  event: SlackMessageEvent,
  place: TurnPlace,
  inbox: readonly SlackSourceMessage[],
): OwnTurn {
  const named = [...event.text.matchAll(SLACK_MENTION)].map((match) => match[1]!);
  const latestOther = inbox
    .filter((message) => inPlace(place, message) && message.account.account_id !== event.user)
    .sort((a, b) => Number(b.ts) - Number(a.ts))[0];
  const to = named.find((id) => id !== event.user) ?? latestOther?.account.account_id ?? null;
  return {
    ...place,
    own: {
      messageId: slackPlatformMessageId(event.channel, event.ts),
      order: event.ts,
      at: Math.round(Number(event.ts) * 1000),
      to,
    },
    otherAt: null,
  };
}
