import { hideBatchResponseSchema } from '../../../../contract/hidden-messages.ts';
import type { MessageRef } from '../../../../contract/tags.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Hides many messages in one request: all of them or, on failure, none. */
export async function hideMessages(messages: readonly MessageRef[]): Promise<number> {
  const response = await apiRequest('/messages/hide/batch', {
    method: 'POST',
    body: { messages },
    schema: hideBatchResponseSchema,
  });
  return response.hidden;
}
