import { z } from 'zod';
import type { Cache } from '../../lib/cache.ts';
import type { Unavailable } from '../connector-account.ts';
import { ProviderError } from '../provider-error.ts';
import type { SlackClient } from './slack-client.ts';
import { rememberConversationNames } from './slack-names.ts';

/** My user groups and channels change rarely: looked up once per 10 minutes per connection. */
const LOOKUP_CACHE_SECONDS = 10 * 60;
/** `users.conversations` pages: Slack's largest (it recommends 200, allows 1,000), so one page is the usual case. */
const CHANNELS_PER_PAGE = 1000;

const userGroupsSchema = z.looseObject({
  ok: z.literal(true),
  usergroups: z.array(z.looseObject({ id: z.string(), users: z.array(z.string()).optional() })).default([]),
});

const conversationsSchema = z.looseObject({
  ok: z.literal(true),
  channels: z.array(z.looseObject({ id: z.string(), name: z.string().optional() })).default([]),
  response_metadata: z.looseObject({ next_cursor: z.string().optional() }).optional(),
});

/** What a lookup found, or why it could not be made. */
export type Lookup = { ids: string[] } | { unavailable: Unavailable['reason'] };

/** Reasons that will not change within minutes, so the answer is cached like a found one. */
const LASTING = new Set<Unavailable['reason']>(['plan_upgrade_required', 'missing_scope']);

/**
 * Why a lookup failed, for the account's stats. A refused token is not a lookup's problem: it fails the whole
 * gathering (and sends the connection to a token refresh).
 */
export function unavailableReason(error: unknown): Unavailable['reason'] {
  if (!(error instanceof ProviderError) || error.failure === 'unauthorized') throw error;
  if (error.providerCode === 'plan_upgrade_required') return 'plan_upgrade_required';
  if (error.providerCode === 'missing_scope') return 'missing_scope';
  if (error.failure === 'rate_limited') return 'rate_limited';
  return 'provider_error';
}

export type SlackLookupContext = {
  client: SlackClient;
  cache: Cache;
  accessToken: string;
  workspace: string;
  me: string;
};

async function cachedLookup(cache: Cache, key: string, find: () => Promise<string[]>): Promise<Lookup> {
  const cached = await cache.get<Lookup>(key);
  if (cached) return cached;
  let result: Lookup;
  try {
    result = { ids: await find() };
  } catch (error) {
    result = { unavailable: unavailableReason(error) };
    if (!LASTING.has(result.unavailable)) return result;
  }
  await cache.set(key, result, LOOKUP_CACHE_SECONDS);
  return result;
}

/** The workspace's user groups with their members, or why they could not be listed. */
export type UserGroups =
  { groups: { id: string; users: string[] }[] } | { unavailable: Unavailable['reason'] };

/**
 * The workspace's user groups and who is in each, looked up once per workspace (10 minutes) rather than once per
 * member. Best effort: free workspaces have none (`plan_upgrade_required`), and the scope or Slack may fail;
 * gathering then goes on without group mentions.
 */
export async function workspaceUserGroups(context: SlackLookupContext): Promise<UserGroups> {
  const key = `slack-groups:${context.workspace}`;
  const cached = await context.cache.get<UserGroups>(key);
  if (cached) return cached;
  let result: UserGroups;
  try {
    const { usergroups } = await context.client.call(
      context.workspace,
      context.accessToken,
      'usergroups.list',
      { include_users: true },
      userGroupsSchema,
    );
    result = { groups: usergroups.map((group) => ({ id: group.id, users: group.users ?? [] })) };
  } catch (error) {
    result = { unavailable: unavailableReason(error) };
    if (!LASTING.has(result.unavailable)) return result;
  }
  await context.cache.set(key, result, LOOKUP_CACHE_SECONDS);
  return result;
}

/**
 * The public channels I am a member of. Search covers every public channel of the workspace, but `@channel` and
 * `@here` concern only members (and a reply elsewhere fails with `not_in_channel`), so all-mentions are kept only
 * from these. Private channels, DMs and group DMs appear in search only to their members.
 */
export function myPublicChannels(context: SlackLookupContext): Promise<Lookup> {
  return cachedLookup(context.cache, `slack-channels:${context.workspace}:${context.me}`, async () => {
    const ids: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await context.client.call(
        context.workspace,
        context.accessToken,
        'users.conversations',
        {
          types: 'public_channel',
          exclude_archived: true,
          limit: CHANNELS_PER_PAGE,
          ...(cursor ? { cursor } : {}),
        },
        conversationsSchema,
      );
      ids.push(...page.channels.map((channel) => channel.id));
      await rememberConversationNames(
        context.cache,
        context.workspace,
        new Map(
          page.channels.flatMap((channel) => (channel.name ? [[channel.id, channel.name] as const] : [])),
        ),
      );
      cursor = page.response_metadata?.next_cursor || undefined;
    } while (cursor);
    return ids;
  });
}
