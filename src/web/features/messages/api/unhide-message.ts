import { successSchema, type MessageRef } from '../../../../contract/tags.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export async function unhideMessage(message: MessageRef): Promise<void> {
  await apiRequest('/messages/hide', { method: 'DELETE', body: message, schema: successSchema });
}
