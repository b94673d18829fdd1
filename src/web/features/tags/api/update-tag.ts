import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  dataResponseSchema,
  tagRecordSchema,
  type TagRecord,
  type TagUpdateInput,
} from '../../../../contract/tags.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { TAGS_QUERY_KEY } from './get-tags.ts';

const responseSchema = dataResponseSchema(tagRecordSchema);

export async function updateTag({ id, ...body }: TagUpdateInput & { id: string }): Promise<TagRecord> {
  return (
    await apiRequest(`/tags/${encodeURIComponent(id)}`, { method: 'PUT', body, schema: responseSchema })
  ).data;
}

/** `onChanged` runs once the server took the change: messages show the tag's new name and colour. */
export function useUpdateTag(onChanged: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTag,
    onSuccess: async () => {
      onChanged();
      await queryClient.invalidateQueries({ queryKey: TAGS_QUERY_KEY });
    },
  });
}
