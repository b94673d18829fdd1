import type { Cache } from '../../lib/cache.ts';
import { slackDisplayName, type SlackUser } from './slack-oauth.ts';

const KNOWN_NAMES_SECONDS = 24 * 60 * 60;

function key(workspace: string): string {
  return `slack-known-names:${workspace}`;
}

function conversationsKey(workspace: string): string {
  return `slack-conversation-names:${workspace}`;
}

/**
 * Keeps the names of the conversations gatherings have seen (channel id to name), so a message that arrives live,
 * whose event carries only the channel's id, is shown in its channel by name as gathered messages are.
 */
export async function rememberConversationNames(
  cache: Cache,
  workspace: string,
  names: ReadonlyMap<string, string>,
) {
  if (names.size === 0) return;
  const known = { ...(await cache.get<Record<string, string>>(conversationsKey(workspace))) };
  for (const [id, name] of names) known[id] = name;
  await cache.set(conversationsKey(workspace), known, KNOWN_NAMES_SECONDS);
}

/** The workspace's conversation names by channel id, as gatherings have seen them. */
export async function conversationNames(
  cache: Cache,
  workspace: string,
): Promise<ReadonlyMap<string, string>> {
  return new Map(
    Object.entries((await cache.get<Record<string, string>>(conversationsKey(workspace))) ?? {}),
  );
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
