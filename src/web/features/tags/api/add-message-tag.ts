import { dataResponseSchema, tagLinkSchema, type MessageRef } from '../../../../contract/tags.ts';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';

const responseSchema = dataResponseSchema(tagLinkSchema);

/** Tags a message. Already tagged (409, e.g. from another tab) is what was wanted, so it counts as success. */
export async function addMessageTag(message: MessageRef, tagId: string): Promise<void> {
  try {
    await apiRequest('/tags/messages', {
      method: 'POST',
      body: { ...message, tag_id: tagId },
      schema: responseSchema,
    });
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 409) return;
    throw error;
  }
}
