import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { dataResponseSchema, tagRecordSchema, type TagRecord } from '../../../../contract/tags.ts';
import { apiRequest } from '../../../lib/api-client.ts';

const responseSchema = dataResponseSchema(z.array(tagRecordSchema));

export async function getTags(signal?: AbortSignal): Promise<TagRecord[]> {
  return (await apiRequest('/tags', { schema: responseSchema, signal })).data;
}

/** Every tag query starts with this key, so a change to any tag refreshes them all. */
export const TAGS_QUERY_KEY = ['tags'] as const;

/** Fresh for 30 s, so the dashboard's first load, which asks for them beside its code, does not ask again. */
export const tagsQueryOptions = () =>
  queryOptions({
    queryKey: [...TAGS_QUERY_KEY, 'list'],
    queryFn: ({ signal }) => getTags(signal),
    staleTime: 30_000,
  });
