/**
 * How words a person types find words in messages, the same for search and for the words of rules, on server and
 * web. Both sides are folded alike so that width, kana and case never decide a match: NFKC turns full-width
 * letters and digits into ASCII and half-width katakana into full-width katakana, katakana then fold to hiragana and
 * letters to lower case. Japanese is matched anywhere inside the text, so 「請求書」 is found inside a sentence without
 * segmenting it first; a Latin word is matched at the start of a word, so "voice" does not find "invoice" but "bill"
 * finds "billing".
 */

/** Folded text, with where each of its UTF-16 units came from in the original, to highlight a match there. */
export interface FoldedText {
  text: string;
  /** For each unit of `text`, the original's index where its character starts. */
  starts: readonly number[];
  /** For each unit of `text`, the original's index just after its character. */
  ends: readonly number[];
}

/** A range of the original text, `start` inclusive, `end` exclusive. */
export interface TextRange {
  start: number;
  end: number;
}

const KATAKANA = /[\u30A1-\u30F6]/g;
const HIRAGANA_OFFSET = 0x60;
const COMBINING_KANA_MARK = /^[\u3099\u309A]$/;

function foldCharacter(character: string): string {
  // Most of a message is ASCII, which only case folds: the fast way keeps folding 20,000 messages cheap.
  if (character < '\u0080') return character.toLowerCase();
  return character
    .normalize('NFKC')
    .toLowerCase()
    .replace(KATAKANA, (kana) => String.fromCharCode(kana.charCodeAt(0) - HIRAGANA_OFFSET));
}

/** Folds `source` for matching, keeping the way back to the original for each folded unit. */
export function foldText(source: string): FoldedText {
  let text = '';
  const starts: number[] = [];
  const ends: number[] = [];
  let index = 0;
  for (const character of source) {
    const end = index + character.length;
    const folded = foldCharacter(character);
    // A voiced sound mark on its own (half-width ﾞ, or a decomposed が) joins the kana before it.
    const composed = COMBINING_KANA_MARK.test(folded) ? (text.slice(-1) + folded).normalize('NFC') : '';
    if (text.length > 0 && composed.length === 1) {
      text = text.slice(0, -1) + composed;
      ends[ends.length - 1] = end;
    } else {
      text += folded;
      for (let unit = 0; unit < folded.length; unit += 1) {
        starts.push(index);
        ends.push(end);
      }
    }
    index = end;
  }
  return { text, starts, ends };
}

/** The folded words of a query, each of which must be found; empty when the query has none. */
export function searchTerms(query: string): string[] {
  return [
    ...new Set(
      foldText(query)
        .text.split(/\s+/u)
        .filter((term) => term.length > 0),
    ),
  ];
}

const LATIN_LETTER = /[a-z]/;
const DIGIT = /[0-9]/;

/** Whether a match of `term` at `at` starts a word: only Latin letters and digits have word starts to respect. */
function startsWord(text: string, at: number, term: string): boolean {
  if (at === 0) return true;
  const before = text[at - 1]!;
  const first = term[0]!;
  if (LATIN_LETTER.test(first)) return !LATIN_LETTER.test(before);
  if (DIGIT.test(first)) return !DIGIT.test(before);
  return true;
}

function occurrences(text: string, term: string): number[] {
  const found: number[] = [];
  for (let at = text.indexOf(term); at !== -1; at = text.indexOf(term, at + 1)) {
    if (startsWord(text, at, term)) found.push(at);
  }
  return found;
}

/** Whether every term is found in the folded text. */
export function containsAllTerms(folded: string, terms: readonly string[]): boolean {
  return terms.every((term) => {
    for (let at = folded.indexOf(term); at !== -1; at = folded.indexOf(term, at + 1)) {
      if (startsWord(folded, at, term)) return true;
    }
    return false;
  });
}

/**
 * Where the terms are found in the original text, sorted and merged, or null when one of them is missing. No terms
 * find nothing to highlight and miss nothing: an empty list.
 */
export function findTerms(folded: FoldedText, terms: readonly string[]): TextRange[] | null {
  const ranges: TextRange[] = [];
  for (const term of terms) {
    const found = occurrences(folded.text, term);
    if (found.length === 0) return null;
    for (const at of found) {
      ranges.push({ start: folded.starts[at]!, end: folded.ends[at + term.length - 1]! });
    }
  }
  ranges.sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: TextRange[] = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}
