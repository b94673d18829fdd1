import { queryOptions, useQuery } from '@tanstack/react-query';
import { snoozesResponseSchema, type Snooze } from '../../../../contract/triage.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export async function getSnoozes(signal?: AbortSignal): Promise<Snooze[]> {
  const response = await apiRequest('/snoozes', { schema: snoozesResponseSchema, signal });
  return response.snoozes;
}

export const TRIAGE_QUERY_KEY = ['triage'] as const;
export const SNOOZES_QUERY_KEY = [...TRIAGE_QUERY_KEY, 'snoozes'] as const;

/** The person's snoozes, soonest first, woken ones included; refetched on focus and on every live triage change. */
export const snoozesQueryOptions = () =>
  queryOptions({
    queryKey: SNOOZES_QUERY_KEY,
    queryFn: ({ signal }) => getSnoozes(signal),
    staleTime: 30_000,
    refetchOnWindowFocus: 'always',
  });

export const useSnoozes = () => useQuery(snoozesQueryOptions());
