import type { QueryObserverResult } from '@tanstack/react-query';

/**
 * The query's first answer is on its way: what the list waits for before it shows (decisions 166 and 174). A
 * failed or held first request (a retry, offline) is not waited for.
 */
export function awaitingFirstAnswer(query: QueryObserverResult): boolean {
  return query.isPending && query.fetchStatus === 'fetching' && query.failureCount === 0;
}
