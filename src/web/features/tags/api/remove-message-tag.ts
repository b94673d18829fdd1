import { successSchema, type MessageRef } from '../../../../contract/tags.ts';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';

/** Takes a tag off a message. Already off (404, e.g. from another tab) is what was wanted, so it is ignored. */
export async function removeMessageTag(message: MessageRef, tagId: string): Promise<void> {
  const path = `/tags/messages/${message.platform}/${encodeURIComponent(message.platform_message_id)}/${encodeURIComponent(tagId)}`;
  try {
    await apiRequest(path, { method: 'DELETE', schema: successSchema });
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 404) return;
    throw error;
  }
}
