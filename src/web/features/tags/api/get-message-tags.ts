import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod/mini';
import type { Platform } from '../../../../contract/messages.ts';
import { dataResponseSchema, tagRecordSchema, type TagRecord } from '../../../../contract/tags.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { TAGS_QUERY_KEY } from './get-tags.ts';

const responseSchema = dataResponseSchema(z.array(tagRecordSchema));

export async function getMessageTags(
  platform: Platform,
  platformMessageId: string,
  signal?: AbortSignal,
): Promise<TagRecord[]> {
  const path = `/tags/messages/${platform}/${encodeURIComponent(platformMessageId)}`;
  return (await apiRequest(path, { schema: responseSchema, signal })).data;
}

export const messageTagsQueryOptions = (platform: Platform, platformMessageId: string) =>
  queryOptions({
    queryKey: [...TAGS_QUERY_KEY, 'message', platform, platformMessageId],
    queryFn: ({ signal }) => getMessageTags(platform, platformMessageId, signal),
  });
