/**
 * Text as the palette compares it: NFKC folds full-width letters and digits to their usual width and half-width
 * katakana to full width, and case is ignored.
 */
export function foldForSearch(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

/** Whether every word of `query` occurs in one of `texts` (a label in either language), ignoring case and width. */
export function matchesQuery(query: string, texts: readonly string[]): boolean {
  const terms = foldForSearch(query).split(/\s+/).filter(Boolean);
  if (terms.length === 0) return true;
  return texts.some((text) => {
    const folded = foldForSearch(text);
    return terms.every((term) => folded.includes(term));
  });
}
