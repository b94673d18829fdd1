import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { savedViewSchema, type SavedView } from '../../../../contract/saved-views.ts';
import { dataResponseSchema } from '../../../../contract/tags.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const savedViewListSchema = dataResponseSchema(z.array(savedViewSchema));
export const savedViewResponseSchema = dataResponseSchema(savedViewSchema);

export async function getSavedViews(signal?: AbortSignal): Promise<SavedView[]> {
  return (await apiRequest('/saved-views', { schema: savedViewListSchema, signal })).data;
}

export const SAVED_VIEWS_QUERY_KEY = ['saved-views'] as const;

/**
 * The person's views in their order. Fresh for 30 s, so the dashboard's first load, which asks for them beside its
 * code, does not ask again.
 */
export const savedViewsQueryOptions = () =>
  queryOptions({
    queryKey: SAVED_VIEWS_QUERY_KEY,
    queryFn: ({ signal }) => getSavedViews(signal),
    staleTime: 30_000,
  });

export const useSavedViewsQuery = () => useQuery(savedViewsQueryOptions());
