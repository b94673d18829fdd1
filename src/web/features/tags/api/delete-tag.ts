import { useMutation, useQueryClient } from '@tanstack/react-query';
import { successSchema } from '../../../../contract/tags.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { TAGS_QUERY_KEY } from './get-tags.ts';

export async function deleteTag(id: string): Promise<void> {
  await apiRequest(`/tags/${encodeURIComponent(id)}`, { method: 'DELETE', schema: successSchema });
}

/** `onChanged` runs once the server took the change: the tag is gone from every message. */
export function useDeleteTag(onChanged: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTag,
    onSuccess: async () => {
      onChanged();
      await queryClient.invalidateQueries({ queryKey: TAGS_QUERY_KEY });
    },
  });
}
