import { createContext, useContext } from 'react';
import type { SearchMatch } from '../../../../contract/search.ts';

/** The search's matches by message id, for the cards to mark their words; null while nothing is searched. */
export const SearchMatchContext = createContext<ReadonlyMap<string, SearchMatch> | null>(null);

export function useSearchMatch(messageId: string): SearchMatch | undefined {
  return useContext(SearchMatchContext)?.get(messageId);
}
