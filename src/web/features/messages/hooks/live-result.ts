import { accountCounts, compareNewestFirst, summarizeMessages } from '../../../../contract/classification.ts';
import {
  MESSAGE_WINDOW_SIZE,
  type MessageResultByPlatform,
  type Platform,
  type SourceMessage,
} from '../../../../contract/messages.ts';

/** One connection's cached answer, as the message routes gave it. */
export type ConnectionResult = MessageResultByPlatform[Platform];

/** The same message as the platform names it: ids of ChatWork and Slack never meet. */
const identity = (message: SourceMessage) => `${message.platform}:${message.platform_message_id}`;

function withMessages(result: ConnectionResult, messages: readonly SourceMessage[]): ConnectionResult {
  return {
    ...result,
    messages,
    accounts: result.accounts.map((stats) => ({ ...stats, ...accountCounts(messages) })),
    summary: summarizeMessages(messages, result.accounts.length),
  } as ConnectionResult;
}

/** The arrived messages by connection, each group for one connection's cached answer. */
export function groupByConnection(messages: readonly SourceMessage[]): SourceMessage[][] {
  const byConnection = new Map<string, SourceMessage[]>();
  for (const message of messages) {
    const key = `${message.platform}:${message.account_info.connection_id}`;
    byConnection.set(key, [...(byConnection.get(key) ?? []), message]);
  }
  return [...byConnection.values()];
}

/** Splits one connection's arrived messages into changes of messages it shows and messages new to it. */
export function splitByShown(
  result: ConnectionResult | undefined,
  arrived: readonly SourceMessage[],
): { changed: SourceMessage[]; fresh: SourceMessage[] } {
  const shown = new Set(result?.messages.map((message) => message.platform_message_id));
  return {
    changed: arrived.filter((message) => shown.has(message.platform_message_id)),
    fresh: arrived.filter((message) => !shown.has(message.platform_message_id)),
  };
}

/**
 * Adds messages to a connection's answer, each once, newest first, with counts to match. The answer grows to the
 * latest 100 (what the server answers for an account) or the size it had, and no further: the oldest make room, so
 * an inbox left open for hours holds no more than it would after a reload (decision 165).
 */
export function addToResult(
  result: ConnectionResult | undefined,
  arrived: readonly SourceMessage[],
): ConnectionResult | undefined {
  if (!result) return result;
  const { fresh } = splitByShown(result, arrived);
  if (fresh.length === 0) return result;
  const most = Math.max(result.messages.length, MESSAGE_WINDOW_SIZE);
  return withMessages(result, [...fresh, ...result.messages].sort(compareNewestFirst).slice(0, most));
}

/** Puts changed messages in place of the shown ones with their ids; an edit can change what a message counts as. */
export function replaceInResult(
  result: ConnectionResult | undefined,
  changed: readonly SourceMessage[],
): ConnectionResult | undefined {
  if (!result) return result;
  const byId = new Map(changed.map((message) => [message.platform_message_id, message]));
  if (!result.messages.some((message) => byId.has(message.platform_message_id))) return result;
  return withMessages(
    result,
    result.messages.map((message) => byId.get(message.platform_message_id) ?? message),
  );
}

/** Takes the messages with these ids out of a connection's answer; the same answer when it held none of them. */
export function removeFromResult(
  result: ConnectionResult | undefined,
  ids: ReadonlySet<string>,
): ConnectionResult | undefined {
  if (!result) return result;
  const kept = result.messages.filter((message) => !ids.has(message.platform_message_id));
  return kept.length === result.messages.length ? result : withMessages(result, kept);
}

/** New messages go first; one already waiting is replaced where it waits, so it is counted once. */
export function mergeIntoPending(
  pending: readonly SourceMessage[],
  arrived: readonly SourceMessage[],
): readonly SourceMessage[] {
  if (arrived.length === 0) return pending;
  const byIdentity = new Map(arrived.map((message) => [identity(message), message]));
  const waiting = new Set(pending.map(identity));
  const fresh = [...byIdentity.values()].filter((message) => !waiting.has(identity(message)));
  return [...fresh, ...pending.map((message) => byIdentity.get(identity(message)) ?? message)];
}

export function removeFromPending(
  pending: readonly SourceMessage[],
  platform: Platform,
  ids: ReadonlySet<string>,
): readonly SourceMessage[] {
  const kept = pending.filter(
    (message) => message.platform !== platform || !ids.has(message.platform_message_id),
  );
  return kept.length === pending.length ? pending : kept;
}
