import { successSchema } from '../../../../contract/tags.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export async function deleteSavedView(id: string): Promise<void> {
  await apiRequest(`/saved-views/${encodeURIComponent(id)}`, { method: 'DELETE', schema: successSchema });
}
