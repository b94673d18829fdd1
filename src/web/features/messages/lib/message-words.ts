import { containsAllTerms, foldText, searchTerms } from '../../../../contract/text-search.ts';
import type { UnifiedMessage } from '../../../../contract/messages.ts';
import { plainTextOf } from '../../../../contract/markup/plain-text.ts';

/** Each message's folded plain text, worked out once: the list and every view's count match against it. */
const foldedTexts = new WeakMap<UnifiedMessage, string>();

let lastWords = '';
let lastTerms: string[] = [];

/** The terms of the words of a filter; the same words asked again give the same terms without folding them again. */
function termsOf(words: string): string[] {
  if (words !== lastWords) {
    lastWords = words;
    lastTerms = searchTerms(words);
  }
  return lastTerms;
}

/** Whether the message's plain text holds every word of `words`, as search matches them; no words match all. */
export function matchesWords(message: UnifiedMessage, words: string): boolean {
  const terms = termsOf(words);
  if (terms.length === 0) return true;
  let folded = foldedTexts.get(message);
  if (folded === undefined) {
    folded = foldText(plainTextOf(message)).text;
    foldedTexts.set(message, folded);
  }
  return containsAllTerms(folded, terms);
}
