import type { Cache } from '../../lib/cache.ts';
import { slackDisplayName, type SlackUser } from './slack-oauth.ts';

const KNOWN_NAMES_SECONDS = 24 * 60 * 60;

function key(workspace: string): string {
  return `slack-known-names:${workspace}`;
}

/** Keeps the display names of the people whose messages were gathered, so a reply can mention them by name. */
export async function rememberNames(cache: Cache, workspace: string, users: ReadonlyMap<string, SlackUser>) {
  if (users.size === 0) return;
  const known = { ...(await cache.get<Record<string, string>>(key(workspace))) };
  for (const [id, user] of users) known[slackDisplayName(user)] = id;
  await cache.set(key(workspace), known, KNOWN_NAMES_SECONDS);
}

/**
 * Slack notifies only for mention markup: a literal `@name` or `@here` in the text does nothing. `<@U…>` passes
 * through; `@here`, `@channel` and `@everyone` become `<!here>` and so on; `@Name` becomes `<@U…>` for the people
 * whose messages this workspace's gatherings have seen (the reply box starts with `@sender`).
 */
export async function toSlackMentions(cache: Cache, workspace: string, text: string): Promise<string> {
  const known = (await cache.get<Record<string, string>>(key(workspace))) ?? {};
  const names = Object.keys(known).sort((a, b) => b.length - a.length);
  let result = text.replace(/(^|[\s(])@(here|channel|everyone)\b/g, '$1<!$2>');
  for (const name of names) {
    result = result.split(`@${name}`).join(`<@${known[name]}>`);
  }
  return result;
}
