import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { searchResponseSchema, type SearchResponse } from '../../../../contract/search.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export async function searchMessages(words: string, signal?: AbortSignal): Promise<SearchResponse> {
  return apiRequest(`/search?${new URLSearchParams({ q: words })}`, { schema: searchResponseSchema, signal });
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
