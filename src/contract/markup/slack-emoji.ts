import shortcodes from 'emojibase-data/en/shortcodes/iamcal.json' with { type: 'json' };

/**
 * Slack's standard emoji short names come from iamcal's emoji-data, which emojibase publishes as a map of
 * code points to short names. A workspace's custom emoji are not in it and stay as `:name:` text.
 */
const emojiByName = new Map<string, string>();
for (const [hexcode, names] of Object.entries(shortcodes as Record<string, string | string[]>)) {
  const codePoints = hexcode.split('-').map((hex) => Number.parseInt(hex, 16));
  // A lone symbol from the older blocks (☀, ❤) needs the emoji variation selector to be drawn as an emoji.
  const needsSelector = codePoints.length === 1 && codePoints[0]! < 0x1f000;
  const emoji = String.fromCodePoint(...codePoints) + (needsSelector ? '\uFE0F' : '');
  for (const name of Array.isArray(names) ? names : [names]) emojiByName.set(name, emoji);
}

/** The emoji for a standard Slack short name (`tada`, `+1`, `skin-tone-2`), or undefined. */
export function slackEmoji(name: string): string | undefined {
  return emojiByName.get(name);
}

/** What may stand between the colons of a short name. */
export const SHORT_NAME = /^[a-z0-9_+'-]+$/;
