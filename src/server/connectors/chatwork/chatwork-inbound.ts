import { classifyChatworkMessage, mentionsMe } from '../../../contract/classification.ts';
import { MESSAGE_WINDOW_SIZE, type ChatworkSourceMessage } from '../../../contract/messages.ts';
import { mapWithConcurrency, type ConnectorAccount, type Gathered } from '../connector-account.ts';
import type { ChatworkApi, ChatworkMessage, ChatworkRoom } from './chatwork-client.ts';
import { chatworkRoomTurn } from './chatwork-turns.ts';

/**
 * Rooms read per gathering, most recently updated first: with the room list, 21 calls per account, 14 gatherings
 * within ChatWork's 300 per 5 minutes.
 */
export const CHATWORK_ROOMS_PER_GATHER = 20;
const CHATWORK_WEB_URL = 'https://www.chatwork.com';

/** Where a ChatWork message opens in ChatWork's web app. */
export function chatworkMessageUrl(roomId: number | string, messageId: string): string {
  return `${CHATWORK_WEB_URL}/#!rid${roomId}-${messageId}`;
}

type ReadableRoom = ChatworkRoom & { type: 'group' | 'direct' };

/** Newest first by message id (64-bit, compared as BigInt), which is ChatWork's posting order. */
function newestFirst(a: ChatworkMessage, b: ChatworkMessage): number {
  const difference = BigInt(b.message_id) - BigInt(a.message_id);
  return difference > 0n ? 1 : difference < 0n ? -1 : 0;
}

/**
 * Maps a room's latest messages to source messages, keeping those that concern me (a mention, a reply to me, a
 * to-all, or anything someone else wrote in a direct chat). `position_index` is the message's place in the
 * room's latest-100 list, 1 being the newest.
 */
export function mapChatworkRoom(
  room: ReadableRoom,
  latest: readonly ChatworkMessage[],
  account: ConnectorAccount,
): ChatworkSourceMessage[] {
  const window = [...latest].sort(newestFirst).slice(0, MESSAGE_WINDOW_SIZE);
  const found: ChatworkSourceMessage[] = [];
  window.forEach((message, index) => {
    if (String(message.account.account_id) === account.platformUserId) return;
    const types = classifyChatworkMessage({
      body: message.body,
      roomType: room.type,
      myAccountId: account.platformUserId,
    });
    if (!mentionsMe(types) && !types.is_dm) return;
    found.push({
      platform: 'chatwork',
      message_id: message.message_id,
      platform_message_id: message.message_id,
      body: message.body,
      content: message.body,
      send_time: message.send_time,
      formatted_time: new Date(message.send_time * 1000).toISOString(),
      update_time: message.update_time,
      account: {
        account_id: message.account.account_id,
        name: message.account.name,
        avatar_image_url: message.account.avatar_image_url ?? null,
      },
      room_info: { room_id: room.room_id, name: room.name, type: room.type },
      account_info: {
        account_name: account.accountName,
        workspace_name: account.workspaceName,
        connection_id: account.connectionId,
        platform_user_id: account.platformUserId,
      },
      mention_types: types,
      is_mention: mentionsMe(types),
      is_dm: types.is_dm,
      position_index: index + 1,
      original_url: chatworkMessageUrl(room.room_id, message.message_id),
      tags: [],
    });
  });
  return found;
}

/**
 * One account's gathering: `GET /rooms`, then the latest messages of the 20 most recently updated group and
 * direct rooms, all at once. Who I am (my account id) was stored when the account was connected.
 */
export async function gatherChatwork(
  api: ChatworkApi,
  account: ConnectorAccount,
): Promise<Gathered<ChatworkSourceMessage>> {
  const rooms = await api.rooms();
  const readable = rooms.filter((room): room is ReadableRoom => room.type !== 'my');
  const chosen = [...readable]
    .sort((a, b) => b.last_update_time - a.last_update_time)
    .slice(0, CHATWORK_ROOMS_PER_GATHER);
  const perRoom = await mapWithConcurrency(chosen, CHATWORK_ROOMS_PER_GATHER, async (room) => {
    const latest = await api.latestMessages(room.room_id);
    return {
      messages: mapChatworkRoom(room, latest, account),
      turn: chatworkRoomTurn(room, latest, account.platformUserId),
    };
  });
  const messages = perRoom.flatMap((room) => room.messages).sort((a, b) => b.send_time - a.send_time);
  const turns = perRoom.flatMap((room) => (room.turn ? [room.turn] : []));
  return { messages, checked: chosen.length, total: readable.length, turns };
}
