import type { SavedView, SavedViewUpdateInput } from '../../../../contract/saved-views.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { savedViewResponseSchema } from './get-saved-views.ts';

export async function updateSavedView({
  id,
  ...body
}: SavedViewUpdateInput & { id: string }): Promise<SavedView> {
  return (
    await apiRequest(`/saved-views/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body,
      schema: savedViewResponseSchema,
    })
  ).data;
}
