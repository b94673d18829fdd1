import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { dataResponseSchema, tagStatisticSchema, type TagStatistic } from '../../../../contract/tags.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { TAGS_QUERY_KEY } from './get-tags.ts';

const responseSchema = dataResponseSchema(z.array(tagStatisticSchema));

export async function getTagStatistics(signal?: AbortSignal): Promise<TagStatistic[]> {
  return (await apiRequest('/tags/statistics', { schema: responseSchema, signal })).data;
}

/** Every tag with the number of messages carrying it: what the tags page lists. */
export const tagStatisticsQueryOptions = () =>
  queryOptions({
    queryKey: [...TAGS_QUERY_KEY, 'statistics'],
    queryFn: ({ signal }) => getTagStatistics(signal),
  });
