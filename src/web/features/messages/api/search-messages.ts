import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { searchResponseSchema, type SearchResponse } from '../../../../contract/search.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export async function searchMessages(words: string, signal?: AbortSignal): Promise<SearchResponse> {
  return apiRequest(`/search?${new URLSearchParams({ q: words })}`, { schema: searchResponseSchema, signal });
}

/** How long one "get ready" stands: the server keeps an index while its messages stay cached (300 s). */
const PREPARED_FOR_MS = 60_000;
let preparedAt = -Infinity;

/**
 * Asks the server to index the messages before the first words are typed (the search box got focus), at most once a
 * minute; a failure only means the first search indexes them itself.
 */
export function prepareSearch(): void {
  if (Date.now() - preparedAt < PREPARED_FOR_MS) return;
  preparedAt = Date.now();
  apiRequest('/search/prepare', { method: 'POST' }).catch(() => undefined);
}

/** The server's matches for the words, none asked for while there are none. */
export const useMessageSearchResults = (words: string) =>
  useQuery({
    queryKey: ['messages', 'search', words],
    queryFn: ({ signal }) => searchMessages(words, signal),
    enabled: words.trim().length > 0,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
