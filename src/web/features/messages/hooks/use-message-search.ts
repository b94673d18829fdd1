import { useEffect, useMemo, useState } from 'react';
import type { SearchMatch } from '../../../../contract/search.ts';
import { useMessageSearchResults } from '../api/search-messages.ts';

/** How long typing pauses before the words are searched. */
export const SEARCH_DEBOUNCE_MS = 250;

/**
 * The search box's words and the server's matches for them. Words are searched once typing pauses, and never in
 * the middle of an input method's composition: what is being composed is not yet what the person means.
 */
export function useMessageSearch() {
  const [words, setWords] = useState('');
  const [composing, setComposing] = useState(false);
  const [searched, setSearched] = useState('');

  useEffect(() => {
    if (composing) return;
    const timer = setTimeout(() => setSearched(words.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [words, composing]);

  const results = useMessageSearchResults(searched);
  const active = searched.length > 0;
  const matches = useMemo(
    () =>
      active && results.data
        ? new Map<string, SearchMatch>(results.data.matches.map((match) => [match.id, match]))
        : null,
    [active, results.data],
  );

  return {
    words,
    setWords,
    setComposing,
    /** The words last searched; empty while none are. */
    searched,
    /** The matches by message id, newest first; null while no words are searched or their answer is awaited. */
    matches,
    truncated: results.data?.truncated ?? false,
    failed: results.isError,
    clear: () => {
      setWords('');
      setSearched('');
    },
  };
}

export type MessageSearch = ReturnType<typeof useMessageSearch>;
