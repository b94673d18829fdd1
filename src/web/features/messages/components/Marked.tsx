import type { ReactNode } from 'react';
import { splitBySnippets } from '../lib/search-highlight.ts';

/** Text with the search's matched pieces in <mark>; the text as it is when nothing is searched. */
export function marked(text: string, snippets: readonly string[], key: number): ReactNode {
  if (snippets.length === 0) return text;
  return (
    <span key={key}>
      {splitBySnippets(text, snippets).map((piece, index) =>
        piece.marked ? (
          <mark key={index} className="rounded-sm bg-amber-200 px-px text-inherit">
            {piece.text}
          </mark>
        ) : (
          piece.text
        ),
      )}
    </span>
  );
}
