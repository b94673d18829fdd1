import { ProviderError } from '../provider-error.ts';
import type { ChatworkApi } from './chatwork-client.ts';

const NO_SUCH_ROOM = 'No such ChatWork room';

/**
 * Posts a reply (ChatWork notation as the user wrote it, form-encoded) in a room, after checking that the room is
 * one this account belongs to: ChatWork answers 403 or 404 for a room the token cannot see, and both become
 * `not_found`, so another account's room is never told apart from a room that does not exist.
 */
export async function postChatworkReply(api: ChatworkApi, roomId: string, message: string): Promise<string> {
  if (!/^\d{1,19}$/.test(roomId)) throw new ProviderError('not_found', NO_SUCH_ROOM);
  const room = await api.room(roomId).catch((error: unknown) => {
    if (error instanceof ProviderError && error.failure === 'forbidden') {
      throw new ProviderError('not_found', NO_SUCH_ROOM);
    }
    throw error;
  });
  return api.postMessage(room.room_id, message);
}
