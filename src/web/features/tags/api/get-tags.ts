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

export const tagsQueryOptions = () =>
  queryOptions({ queryKey: [...TAGS_QUERY_KEY, 'list'], queryFn: ({ signal }) => getTags(signal) });
