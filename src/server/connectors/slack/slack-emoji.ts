import shortcodes from 'emojibase-data/en/shortcodes/iamcal.json' with { type: 'json' };
import { MAX_SHORT_NAME, SHORT_NAME } from '../../../contract/markup/slack-mrkdwn.ts';
import type { StandardEmoji } from '../../../contract/messages.ts';

/**
 * Slack's standard emoji short names come from iamcal's emoji-data, which emojibase publishes as a map of
 * code points to short names. A workspace's custom emoji are not in it and stay as `:name:` text. The table stays
 * on the server (54 kB): each message takes along the few entries its text needs (docs/decisions/170).
 */
const emojiByName = new Map<string, string>();
for (const [hexcode, names] of Object.entries(shortcodes as Record<string, string | string[]>)) {
  const codePoints = hexcode.split('-').map((hex) => Number.parseInt(hex, 16));
  // A lone symbol from the older blocks (☀, ❤) needs the emoji variation selector to be drawn as an emoji.
  const needsSelector = codePoints.length === 1 && codePoints[0]! < 0x1f000;
  const emoji = String.fromCodePoint(...codePoints) + (needsSelector ? '\uFE0F' : '');
  for (const name of Array.isArray(names) ? names : [names]) emojiByName.set(name, emoji);
}

/**
 * The standard emoji of every `:short_name:` in a Slack text, each once in the order written, or undefined when it
 * has none. Every colon is tried with the next one, as the parser tries them, so a name the parser draws is always
 * here; one it leaves as typed (inside code, say) may be here too, which changes nothing it draws.
 */
export function standardEmojiIn(text: string): StandardEmoji[] | undefined {
  const found = new Map<string, string>();
  for (let open = text.indexOf(':'); open !== -1;) {
    const close = text.indexOf(':', open + 1);
    if (close === -1) break;
    const name = text.slice(open + 1, close);
    const emoji = name.length <= MAX_SHORT_NAME && SHORT_NAME.test(name) ? emojiByName.get(name) : undefined;
    if (emoji) found.set(name, emoji);
    open = close;
  }
  return found.size > 0 ? [...found].map(([name, emoji]) => ({ name, emoji })) : undefined;
}
