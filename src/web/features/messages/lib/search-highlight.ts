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

/** How much text a one-line excerpt keeps before the first match, so the match shows with a little of its setting. */
const EXCERPT_LEAD = 16;

/**
 * A one-line row's text when words are searched: from a little before the first match, with an ellipsis for what
 * was left out, so a match deep in a long message is on the line instead of cut off at its end.
 */
export function excerptAtFirstMatch(plainText: string, match: SearchMatch | undefined): string {
  const first = match?.highlights[0]?.start;
  if (first === undefined || first <= EXCERPT_LEAD) return plainText;
  // Start at a word's start where there is one near: Latin text cut mid-word reads badly, Japanese does not mind.
  const from = first - EXCERPT_LEAD;
  const space = plainText.indexOf(' ', from);
  const start = space !== -1 && space < first ? space + 1 : from;
  return `…${plainText.slice(start)}`;
}
