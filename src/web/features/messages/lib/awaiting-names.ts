import type { AwaitingConversation } from '../../../../contract/awaiting.ts';
import type { UnifiedMessage } from '../../../../contract/messages.ts';

export type AwaitingNames = {
  /** The person a conversation's last message was for, by their platform id. */
  person(conversation: AwaitingConversation): string | undefined;
  /** The channel, DM or room, as the inbox shows it. */
  place(conversation: AwaitingConversation): UnifiedMessage['location'] | undefined;
};

const key = (platform: string, connectionId: string, id: string) => `${platform}:${connectionId}:${id}`;

/**
 * Names for the ids the server keeps (decision 154), taken from the inbox the page already holds: a sender's name
 * from their messages, a conversation's from its messages. What the inbox does not show stays unnamed.
 */
export function awaitingNames(messages: readonly UnifiedMessage[]): AwaitingNames {
  const people = new Map<string, string>();
  const places = new Map<string, UnifiedMessage['location']>();
  for (const message of messages) {
    const source = message.original_message;
    const connection = message.account_info.connection_id;
    people.set(key(message.platform, connection, String(source.account.account_id)), message.sender.name);
    places.set(key(message.platform, connection, message.location.id), message.location);
  }
  return {
    person: (conversation) =>
      conversation.counterpart_id === null
        ? undefined
        : people.get(key(conversation.platform, conversation.connection_id, conversation.counterpart_id)),
    place: (conversation) =>
      places.get(key(conversation.platform, conversation.connection_id, conversation.conversation_id)),
  };
}
