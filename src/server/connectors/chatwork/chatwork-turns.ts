import type { ConversationTurn } from '../connector-account.ts';
import type { ChatworkMessage, ChatworkRoom } from './chatwork-client.ts';

/** `[To:123]` and `[rp aid=123 to=…]`: whom a ChatWork message addresses. */
const ADDRESSEE = /\[(?:To:|rp\s+aid=)(\d+)/g;
const QUOTE = /\[qt\][\s\S]*?\[\/qt\]/gi;

const byIdDescending = (a: ChatworkMessage, b: ChatworkMessage) => {
  const difference = BigInt(b.message_id) - BigInt(a.message_id);
  return difference > 0n ? 1 : difference < 0n ? -1 : 0;
};

/** The first account other than mine that the body addresses, outside quotes (a quote is someone else's words). */
function addresseeOf(body: string, me: string): string | null {
  for (const match of body.replace(QUOTE, '').matchAll(ADDRESSEE)) if (match[1] !== me) return match[1]!;
  return null;
}

/**
 * Who wrote last in a room, from its latest messages (docs/decisions/154): my newest message there (whom it
 * addressed: its `[To]` or `[rp]`, or in a direct chat the other person) and the newest time anyone else wrote.
 * Nothing of the bodies is kept. Null when the room has no messages.
 */
export function chatworkRoomTurn(
  room: ChatworkRoom & { type: 'group' | 'direct' },
  latest: readonly ChatworkMessage[],
  me: string,
): ConversationTurn | null {
  const newest = [...latest].sort(byIdDescending);
  const own = newest.find((message) => String(message.account.account_id) === me);
  const other = newest.find((message) => String(message.account.account_id) !== me);
  if (!own && !other) return null;
  const to = own
    ? (addresseeOf(own.body, me) ??
      (room.type === 'direct' && other ? String(other.account.account_id) : null))
    : null;
  return {
    kind: room.type === 'direct' ? 'dm' : 'room',
    conversationId: String(room.room_id),
    threadTs: '',
    own: own ? { messageId: own.message_id, order: own.message_id, at: own.send_time * 1000, to } : null,
    otherAt: other ? other.send_time * 1000 : null,
  };
}
