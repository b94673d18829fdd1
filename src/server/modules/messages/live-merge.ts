import { accountCounts, compareNewestFirst, summarizeMessages } from '../../../contract/classification.ts';
import type {
  MessageResultByPlatform,
  Platform,
  SourceMessageByPlatform,
} from '../../../contract/messages.ts';

/**
 * A gathered result with messages that arrived live laid over it: each new message once, newest first, the accounts'
 * counts and the summary made to match. A live message of a conversation the result already holds takes the
 * conversation's name from it (an event carries only the id). Returns null when every message was already there.
 */
export function mergeLiveMessages<P extends Platform>(
  result: MessageResultByPlatform[P],
  arrived: readonly SourceMessageByPlatform[P][],
): MessageResultByPlatform[P] | null {
  const known = new Set(result.messages.map((message) => message.platform_message_id));
  const fresh = arrived.filter((message) => !known.has(message.platform_message_id));
  if (fresh.length === 0) return null;
  const names = new Map<string, string>();
  for (const message of result.messages) {
    if (message.platform === 'slack') names.set(message.conversation_info.id, message.conversation_info.name);
  }
  const named = fresh.map((message) => {
    if (message.platform !== 'slack' || message.conversation_info.is_im) return message;
    const name = names.get(message.conversation_info.id);
    return name ? { ...message, conversation_info: { ...message.conversation_info, name } } : message;
  });
  const messages = [...named, ...result.messages].sort(compareNewestFirst);
  const accounts = result.accounts.map((stats) => ({
    ...stats,
    ...accountCounts(
      messages.filter((message) => message.account_info.connection_id === stats.connection_id),
    ),
  }));
  return {
    ...result,
    messages,
    accounts,
    summary: summarizeMessages(messages, result.accounts.length),
  } as MessageResultByPlatform[P];
}
