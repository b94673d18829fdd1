import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  dataResponseSchema,
  tagRecordSchema,
  type TagCreateInput,
  type TagRecord,
} from '../../../../contract/tags.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { TAGS_QUERY_KEY } from './get-tags.ts';

const responseSchema = dataResponseSchema(tagRecordSchema);

export async function createTag(body: TagCreateInput): Promise<TagRecord> {
  return (await apiRequest('/tags', { method: 'POST', body, schema: responseSchema })).data;
}

export function useCreateTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTag,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TAGS_QUERY_KEY }),
  });
}
