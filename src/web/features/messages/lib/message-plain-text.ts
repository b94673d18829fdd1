import type { UnifiedMessage } from '../../../../contract/messages.ts';
import { plainTextOf } from '../../../../contract/markup/plain-text.ts';

/** Each message's plain text, parsed once: its card, its row, search and the Google forms all read it. */
const plainTexts = new WeakMap<UnifiedMessage, string>();

/**
 * The text a reader sees of the message (`plainTextOf`). A message changed by an edit arrives as a new object, so
 * what is kept for the old one is never read for it.
 */
export function messagePlainText(message: UnifiedMessage): string {
  let text = plainTexts.get(message);
  if (text === undefined) {
    text = plainTextOf(message);
    plainTexts.set(message, text);
  }
  return text;
}
