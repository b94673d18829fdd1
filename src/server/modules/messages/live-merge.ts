import { accountCounts, compareNewestFirst, summarizeMessages } from '../../../contract/classification.ts';
import type {
  MessageResultByPlatform,
  Platform,
  SourceMessageByPlatform,
} from '../../../contract/messages.ts';

/**
 * What arrived live for a user: messages to add or to put in place of the same id, and `platform_message_id`s of
 * one connection that are gone.
 */
export type LiveChanges<P extends Platform> = {
  upsert: readonly SourceMessageByPlatform[P][];
  remove?: { connectionId: string; ids: readonly string[] };
};

/** What the changes did to a result: each message once, in the list it belongs to. */
export type LiveOutcome<P extends Platform> = {
  added: SourceMessageByPlatform[P][];
  changed: SourceMessageByPlatform[P][];
  removed: string[];
};

/**
 * A gathered result with live changes laid over it: new messages added, changed ones (an edit) put in place of the
 * same id, removed ones taken out; newest first, the accounts' counts and the summary made to match. A live message
 * of a conversation the result already holds takes the conversation's name from it (an event carries only the
 * id). Returns null for the result when nothing changed.
 */
export function applyLiveChanges<P extends Platform>(
  result: MessageResultByPlatform[P],
  changes: LiveChanges<P>,
): { result: MessageResultByPlatform[P] | null; outcome: LiveOutcome<P> } {
  const byId = new Map(result.messages.map((message) => [message.platform_message_id, message]));
  const names = new Map<string, string>();
  for (const message of result.messages) {
    if (message.platform === 'slack') names.set(message.conversation_info.id, message.conversation_info.name);
  }
  const outcome: LiveOutcome<P> = { added: [], changed: [], removed: [] };
  for (const id of changes.remove?.ids ?? []) {
    if (byId.delete(id)) outcome.removed.push(id);
  }
  for (const arrived of changes.upsert) {
    const known = byId.get(arrived.platform_message_id);
    if (known && JSON.stringify(known) === JSON.stringify({ ...arrived, tags: known.tags })) continue;
    const message = named(arrived, names);
    byId.set(message.platform_message_id, message);
    (known ? outcome.changed : outcome.added).push(message);
  }
  if (outcome.added.length + outcome.changed.length + outcome.removed.length === 0) {
    return { result: null, outcome };
  }
  const messages = [...byId.values()].sort(compareNewestFirst);
  const accounts = result.accounts.map((stats) => ({
    ...stats,
    ...accountCounts(
      messages.filter((message) => message.account_info.connection_id === stats.connection_id),
    ),
  }));
  return {
    result: {
      ...result,
      messages,
      accounts,
      summary: summarizeMessages(messages, result.accounts.length),
    } as MessageResultByPlatform[P],
    outcome,
  };
}

function named<M extends SourceMessageByPlatform[Platform]>(
  message: M,
  names: ReadonlyMap<string, string>,
): M {
  if (message.platform !== 'slack' || message.conversation_info.is_im) return message;
  const name = names.get(message.conversation_info.id);
  return name ? { ...message, conversation_info: { ...message.conversation_info, name } } : message;
}
