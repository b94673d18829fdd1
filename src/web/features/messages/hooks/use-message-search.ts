import { useCallback, useEffect, useMemo, useState } from 'react';
import type { SearchMatch } from '../../../../contract/search.ts';
import { useMessageSearchResults } from '../api/search-messages.ts';
import { useStableCallback } from '../../../lib/use-stable-callback.ts';

/** How long typing pauses before the words are searched. */
export const SEARCH_DEBOUNCE_MS = 250;

interface SearchOptions {
  /** The words the list filters by now (its `words` filter, which a saved view may set). */
  searched: string;
  /** Makes `words` the list's words filter. */
  onSearch(words: string): void;
}

/**
 * The search box's words and the server's matches for them. Words are searched once typing pauses, and never in
 * the middle of an input method's composition: what is being composed is not yet what the person means. What is
 * searched is the list's `words` filter, so a saved view keeps it and choosing a view fills the box.
 */
export function useMessageSearch({ searched, onSearch }: SearchOptions) {
  const [words, setWords] = useState(searched);
  const [composing, setComposing] = useState(false);
  const search = useStableCallback(onSearch);

  // Words set from elsewhere (a view chosen, filters cleared) show in the box, adjusted while rendering.
  const [shown, setShown] = useState(searched);
  if (shown !== searched) {
    setShown(searched);
    if (words.trim() !== searched) setWords(searched);
  }

  useEffect(() => {
    if (composing || words.trim() === searched) return;
    const timer = setTimeout(() => search(words.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [words, composing, searched, search]);

  const results = useMessageSearchResults(searched);
  const active = searched.length > 0;
  const matches = useMemo(
    () =>
      active && results.data
        ? new Map<string, SearchMatch>(results.data.matches.map((match) => [match.id, match]))
        : null,
    [active, results.data],
  );

  const clear = useCallback(() => {
    setWords('');
    search('');
  }, [search]);
  const truncated = results.data?.truncated ?? false;
  const failed = results.isError;
  // One object while nothing in it changes: the list's memoised header takes the search box made from it.
  return useMemo(
    () => ({
      words,
      setWords,
      setComposing,
      /** The words last searched; empty while none are. */
      searched,
      /** The matches by message id, newest first; null while no words are searched or their answer is awaited. */
      matches,
      truncated,
      failed,
      clear,
    }),
    [words, searched, matches, truncated, failed, clear],
  );
}

export type MessageSearch = ReturnType<typeof useMessageSearch>;
