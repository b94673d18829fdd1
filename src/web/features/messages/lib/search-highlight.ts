import type { SearchMatch } from '../../../../contract/search.ts';

/** The matched pieces of a card's plain text: what the card marks wherever its text shows them. */
export function matchedSnippets(plainText: string, match: SearchMatch | undefined): string[] {
  if (!match) return [];
  const snippets = match.highlights.map((range) => plainText.slice(range.start, range.end)).filter(Boolean);
  // Longest first, so a longer piece is marked whole where a shorter one is inside it.
  return [...new Set(snippets)].sort((a, b) => b.length - a.length);
}

/** `text` cut into pieces, each marked when it is one of the snippets. */
export function splitBySnippets(
  text: string,
  snippets: readonly string[],
): { text: string; marked: boolean }[] {
  if (snippets.length === 0 || text === '') return [{ text, marked: false }];
  const pieces: { text: string; marked: boolean }[] = [];
  let rest = 0;
  let at = 0;
  while (at < text.length) {
    const snippet = snippets.find((candidate) => text.startsWith(candidate, at));
    if (!snippet) {
      at += 1;
      continue;
    }
    if (at > rest) pieces.push({ text: text.slice(rest, at), marked: false });
    pieces.push({ text: snippet, marked: true });
    at += snippet.length;
    rest = at;
  }
  if (rest < text.length) pieces.push({ text: text.slice(rest), marked: false });
  return pieces;
}
