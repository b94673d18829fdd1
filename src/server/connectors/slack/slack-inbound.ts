import {
  classifySlackMessage,
  mentionsMe,
  slackPlatformMessageId,
} from '../../../contract/classification.ts';
import {
  MESSAGE_WINDOW_SIZE,
  slackFileSchema,
  slackTsSchema,
  type SlackFile,
  type SlackSourceMessage,
} from '../../../contract/messages.ts';
import { z } from 'zod';
import type { Cache } from '../../lib/cache.ts';
import { mapWithConcurrency, type ConnectorAccount, type Gathered } from '../connector-account.ts';
import type { SlackClient } from './slack-client.ts';
import { ProviderError } from '../provider-error.ts';
import { rememberNames } from './slack-names.ts';
import { slackDisplayName, slackUserInfoSchema, type SlackUser } from './slack-oauth.ts';

/** Slack's guide promises the last 7 days of mentions, up to the latest 100 (SPEC §9). */
export const SLACK_LOOKBACK_DAYS = 7;
const NAME_CACHE_SECONDS = 60 * 60;
/** My user groups change rarely; looking them up once per 10 minutes keeps later gatherings one call shorter. */
const GROUPS_CACHE_SECONDS = 10 * 60;
const ALL_MENTIONS = ['<!channel>', '<!here>', '<!everyone>'];
/** `users.info` calls at once per workspace; Tier 4 allows 100 a minute. */
const USER_LOOKUPS_AT_ONCE = 10;

const matchSchema = z.looseObject({
  ts: slackTsSchema,
  text: z.string().default(''),
  user: z.string().optional(),
  username: z.string().optional(),
  permalink: z.url(),
  channel: z.looseObject({
    id: z.string(),
    name: z.string().optional(),
    is_channel: z.boolean().optional(),
    is_group: z.boolean().optional(),
    is_im: z.boolean().optional(),
    is_mpim: z.boolean().optional(),
    is_private: z.boolean().optional(),
  }),
  files: z.array(z.unknown()).optional(),
  subtype: z.string().optional(),
});
type SearchMatch = z.infer<typeof matchSchema>;

const searchResponseSchema = z.looseObject({
  ok: z.literal(true),
  messages: z.looseObject({ matches: z.array(matchSchema).default([]) }),
});

const userGroupsSchema = z.looseObject({
  ok: z.literal(true),
  usergroups: z.array(z.looseObject({ id: z.string(), users: z.array(z.string()).optional() })).default([]),
});

/** Slack's `after:` is exclusive and by day, so search from the day before the window and filter by time. */
function afterDate(nowSeconds: number): string {
  const day = new Date((nowSeconds - (SLACK_LOOKBACK_DAYS + 1) * 86_400) * 1000);
  return day.toISOString().slice(0, 10);
}

/** Search matches carry no `thread_ts`; a thread reply's permalink does (`?thread_ts=…&cid=…`). */
export function threadTsOf(permalink: string): string | undefined {
  const value = new URL(permalink).searchParams.get('thread_ts');
  return value && slackTsSchema.safeParse(value).success ? value : undefined;
}

function filesOf(match: SearchMatch): SlackFile[] | undefined {
  if (!match.files) return undefined;
  const files = match.files.flatMap((file) => {
    const parsed = slackFileSchema.safeParse(file);
    return parsed.success ? [parsed.data] : [];
  });
  return files.length ? files : undefined;
}

/** `<@U…>` without a `|name` label, as search returns mentions. */
const UNLABELLED_MENTION = /<@([UW][A-Z0-9]+)>/g;

function unlabelledMentions(text: string): string[] {
  return [...text.matchAll(UNLABELLED_MENTION)].map((match) => match[1]!);
}

/**
 * Search gives mentions as bare ids; the timeline shows names, so each known one gets Slack's `|name` label.
 * Characters that would end the markup early are left out of the label.
 */
export function withMentionNames(
  text: string,
  nameOf: (userId: string) => string | null | undefined,
): string {
  return text.replace(UNLABELLED_MENTION, (markup, userId: string) => {
    const name = nameOf(userId)?.replace(/[<>|]/g, '').trim();
    return name ? `<@${userId}|${name}>` : markup;
  });
}

export type SlackGatherContext = {
  client: SlackClient;
  /** Names looked up with `users.info`, shared between gatherings. */
  cache: Cache;
  accessToken: string;
  /** Unix seconds. */
  now: number;
};

/**
 * One workspace's gathering through `search.messages` (newest first, 100 per query), three searches at once:
 * mentions of me; DMs and group DMs; all-mentions (`<!channel>`, `<!here>`, `<!everyone>`) and mentions of my user
 * groups (listed once per 10 minutes). Then the senders' names (cached). Thread replies are told from their
 * permalink. What search cannot find is in decision 023. `position_index` is the message's rank among what was
 * found in its conversation, 1 being the newest.
 */
export async function gatherSlack(
  context: SlackGatherContext,
  account: ConnectorAccount,
): Promise<Gathered<SlackSourceMessage>> {
  const workspace = account.workspaceId ?? account.connectionId;
  const me = account.platformUserId;
  const after = afterDate(context.now);
  const call = <T>(method: string, args: Record<string, unknown>, schema: z.ZodType<T>) =>
    context.client.call(workspace, context.accessToken, method, args, schema);
  const search = async (query: string) =>
    (
      await call(
        'search.messages',
        { query: `${query} after:${after}`, sort: 'timestamp', sort_dir: 'desc', count: MESSAGE_WINDOW_SIZE },
        searchResponseSchema,
      )
    ).messages.matches;

  const myGroups = async (): Promise<string[]> => {
    const key = `slack-groups:${workspace}:${me}`;
    const cached = await context.cache.get<string[]>(key);
    if (cached) return cached;
    const { usergroups } = await call('usergroups.list', { include_users: true }, userGroupsSchema);
    const mine = usergroups.filter((group) => group.users?.includes(me)).map((group) => group.id);
    await context.cache.set(key, mine, GROUPS_CACHE_SECONDS);
    return mine;
  };
  const broadcasts = async () =>
    search([...ALL_MENTIONS, ...(await myGroups()).map((id) => `<!subteam^${id}>`)].join(' OR '));
  const found = (await Promise.all([search(`<@${me}>`), search('is:dm OR is:mpim'), broadcasts()])).flat();

  const since = context.now - SLACK_LOOKBACK_DAYS * 86_400;
  const unique = new Map<string, SearchMatch>();
  for (const match of found) {
    const key = slackPlatformMessageId(match.channel.id, match.ts);
    if (match.user !== me && Number(match.ts) >= since && !unique.has(key)) unique.set(key, match);
  }
  const latest = [...unique.values()]
    .sort((a, b) => Number(b.ts) - Number(a.ts))
    .slice(0, MESSAGE_WINDOW_SIZE);

  const people = new Set<string>();
  for (const match of latest) {
    if (match.user) people.add(match.user);
    for (const userId of unlabelledMentions(match.text)) if (userId !== me) people.add(userId);
  }
  const users = new Map<string, SlackUser>();
  await mapWithConcurrency([...people], USER_LOOKUPS_AT_ONCE, async (userId) => {
    const key = `slack-user:${workspace}:${userId}`;
    let user = await context.cache.get<SlackUser>(key);
    if (!user) {
      try {
        user = (await call('users.info', { user: userId }, slackUserInfoSchema)).user;
      } catch (error) {
        // A deleted or external user keeps the handle search gave; anything else fails the gathering.
        if (error instanceof ProviderError && error.failure === 'not_found') return;
        throw error;
      }
      await context.cache.set(key, user, NAME_CACHE_SECONDS);
    }
    users.set(userId, user);
  });
  await rememberNames(context.cache, workspace, users);
  const nameOf = (userId: string): string | null | undefined => {
    if (userId === me) return account.accountName;
    const user = users.get(userId);
    return user && slackDisplayName(user);
  };

  const ranks = new Map<string, number>();
  const messages = latest.map((match): SlackSourceMessage => {
    const rank = (ranks.get(match.channel.id) ?? 0) + 1;
    ranks.set(match.channel.id, rank);
    const sender = match.user ? users.get(match.user) : undefined;
    const senderName = sender ? slackDisplayName(sender) : (match.username ?? match.user ?? 'Slack');
    const isIm = match.channel.is_im ?? match.channel.id.startsWith('D');
    const isMpim = match.channel.is_mpim ?? false;
    const conversation = {
      id: match.channel.id,
      name: isIm ? senderName : (match.channel.name ?? match.channel.id),
      is_channel: !isIm && !isMpim,
      is_group: !isIm && !isMpim && (match.channel.is_private ?? match.channel.is_group ?? false),
      is_im: isIm,
      is_mpim: isMpim,
    };
    const threadTs = threadTsOf(match.permalink);
    const types = classifySlackMessage({
      text: match.text,
      ts: match.ts,
      threadTs,
      conversation,
      myUserId: me,
    });
    const sendTime = Math.floor(Number(match.ts));
    const files = filesOf(match);
    return {
      platform: 'slack',
      message_id: match.ts,
      ts: match.ts,
      ...(threadTs ? { thread_ts: threadTs } : {}),
      platform_message_id: slackPlatformMessageId(match.channel.id, match.ts),
      body: match.text,
      content: withMentionNames(match.text, nameOf),
      send_time: sendTime,
      formatted_time: new Date(sendTime * 1000).toISOString(),
      account: {
        account_id: match.user ?? '',
        name: senderName,
        avatar_image_url: sender?.profile?.image_72 ?? null,
      },
      conversation_info: conversation,
      account_info: {
        account_name: account.accountName,
        workspace_name: account.workspaceName,
        connection_id: account.connectionId,
        platform_user_id: me,
      },
      mention_types: types,
      is_mention: mentionsMe(types),
      is_dm: types.is_dm,
      position_index: Math.min(rank, MESSAGE_WINDOW_SIZE),
      original_url: match.permalink,
      tags: [],
      ...(files ? { files } : {}),
      ...(match.subtype ? { subtype: match.subtype } : {}),
    };
  });
  return { messages, checked: ranks.size, total: ranks.size };
}
