import { queryOptions, useQuery } from '@tanstack/react-query';
import { awaitingResponseSchema, type AwaitingResponse } from '../../../../contract/awaiting.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { REPLIES_QUERY_KEY } from './get-handled.ts';

export const AWAITING_QUERY_KEY = [...REPLIES_QUERY_KEY, 'awaiting'] as const;

/** Without `days`, the person's own choice of how long a conversation waits. */
export function getAwaiting(days: number | undefined, signal?: AbortSignal): Promise<AwaitingResponse> {
  const query = days ? `?days=${days}` : '';
  return apiRequest(`/awaiting${query}`, { schema: awaitingResponseSchema, signal });
}

export const awaitingQueryOptions = (days?: number) =>
  queryOptions({
    queryKey: [...AWAITING_QUERY_KEY, days ?? 'chosen'],
    queryFn: ({ signal }) => getAwaiting(days, signal),
    staleTime: 30_000,
    refetchOnWindowFocus: 'always',
  });

export const useAwaiting = (days?: number) => useQuery(awaitingQueryOptions(days));
