import { queryOptions, useQuery } from '@tanstack/react-query';
import { handledResponseSchema, type HandledMark } from '../../../../contract/awaiting.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Everything of handled messages and awaited replies; a live `replies_changed` refetches it all. */
export const REPLIES_QUERY_KEY = ['replies'] as const;
export const HANDLED_QUERY_KEY = [...REPLIES_QUERY_KEY, 'handled'] as const;

export async function getHandled(signal?: AbortSignal): Promise<HandledMark[]> {
  return (await apiRequest('/handled', { schema: handledResponseSchema, signal })).handled;
}

/** The messages the person answered, from Matome or on Slack or ChatWork (decision 154). */
export const handledQueryOptions = () =>
  queryOptions({
    queryKey: HANDLED_QUERY_KEY,
    queryFn: ({ signal }) => getHandled(signal),
    staleTime: 30_000,
    refetchOnWindowFocus: 'always',
  });

export const useHandled = (enabled = true) => useQuery({ ...handledQueryOptions(), enabled });
