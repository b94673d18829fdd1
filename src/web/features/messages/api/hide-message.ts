import { successSchema, type MessageRef } from '../../../../contract/tags.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export async function hideMessage(message: MessageRef): Promise<void> {
  await apiRequest('/messages/hide', { method: 'POST', body: message, schema: successSchema });
}
