import type { SavedView, SavedViewCreateInput } from '../../../../contract/saved-views.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { savedViewResponseSchema } from './get-saved-views.ts';

export async function createSavedView(body: SavedViewCreateInput): Promise<SavedView> {
  return (await apiRequest('/saved-views', { method: 'POST', body, schema: savedViewResponseSchema })).data;
}
