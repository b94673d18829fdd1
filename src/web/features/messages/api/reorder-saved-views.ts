import type { SavedView } from '../../../../contract/saved-views.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { savedViewListSchema } from './get-saved-views.ts';

export async function reorderSavedViews(ids: readonly string[]): Promise<SavedView[]> {
  return (
    await apiRequest('/saved-views/order', { method: 'PUT', body: { ids }, schema: savedViewListSchema })
  ).data;
}
