import { queryOptions, useQuery } from '@tanstack/react-query';
import { doneMarksResponseSchema, type DoneMark } from '../../../../contract/triage.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { TRIAGE_QUERY_KEY } from './get-snoozes.ts';

export async function getDoneMarks(signal?: AbortSignal): Promise<DoneMark[]> {
  const response = await apiRequest('/done', { schema: doneMarksResponseSchema, signal });
  return response.done_marks;
}

export const DONE_MARKS_QUERY_KEY = [...TRIAGE_QUERY_KEY, 'done'] as const;

/** The person's done marks, newest first; refetched on focus and on every live triage change. */
export const doneMarksQueryOptions = () =>
  queryOptions({
    queryKey: DONE_MARKS_QUERY_KEY,
    queryFn: ({ signal }) => getDoneMarks(signal),
    staleTime: 30_000,
    refetchOnWindowFocus: 'always',
  });

export const useDoneMarks = () => useQuery(doneMarksQueryOptions());
