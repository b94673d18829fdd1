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
import type { Cache } from '../../lib/cache.ts';
import { type ConnectorAccount, type Gathered } from '../connector-account.ts';
import type { SlackClient } from './slack-client.ts';
import { ProviderError } from '../provider-error.ts';
import { rememberConversationNames, rememberNames } from './slack-names.ts';
import { standardEmojiIn } from './slack-emoji.ts';
import { slackDisplayName, slackUserInfoSchema, type SlackUser } from './slack-oauth.ts';
import { isDirect, searchWorkspace, type SearchMatch } from './slack-searches.ts';

const NAME_CACHE_SECONDS = 60 * 60;

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
function withMentionNames(text: string, nameOf: (userId: string) => string | null | undefined): string {
  return text.replace(UNLABELLED_MENTION, (markup, userId: string) => {
    const name = nameOf(userId)?.replace(/[<>|]/g, '').trim();
    return name ? `<@${userId}|${name}>` : markup;
  });
}

/**
 * The text the timeline shows for a Slack text, its mentions labelled with names, and the standard emoji its short
 * names stand for, so that the browser draws them without Slack's table (docs/decisions/170).
 */
export function slackContent(
  text: string,
  nameOf: (userId: string) => string | null | undefined,
): Pick<SlackSourceMessage, 'content' | 'standard_emoji'> {
  const content = withMentionNames(text, nameOf);
  const standardEmoji = standardEmojiIn(content);
  return standardEmoji ? { content, standard_emoji: standardEmoji } : { content };
}

export type SlackGatherContext = {
  client: SlackClient;
  /** Names looked up with `users.info`, and per-connection lookups, shared between gatherings. */
  cache: Cache;
  accessToken: string;
  /** Unix seconds. */
  now: number;
  /** How old the workspace's shared searches may be (see `SearchContext`). */
  sharedMaxAgeSeconds: number;
};

/**
 * One workspace's gathering: the searches of `searchWorkspace` (decision 050), then the names of the senders and of
 * the people the messages mention (search gives mentions as bare ids), all looked up at once and cached for an
 * hour. Thread replies are told from their permalink. `position_index` is the message's rank among what was found
 * in its conversation, 1 being the newest.
 */
export async function gatherSlack(
  context: SlackGatherContext,
  account: ConnectorAccount,
): Promise<Gathered<SlackSourceMessage>> {
  const workspace = account.workspaceId ?? account.connectionId;
  const me = account.platformUserId;
  const {
    matches: latest,
    unavailable,
    backfill,
    turns,
  } = await searchWorkspace({
    ...context,
    workspace,
    me,
    spender: account.connectionId,
  });

  const people = new Set<string>();
  for (const match of latest) {
    if (match.user) people.add(match.user);
    for (const userId of unlabelledMentions(match.text)) if (userId !== me) people.add(userId);
  }
  const users = new Map<string, SlackUser>();
  // Every name at once: at most 100 messages, well within Tier 4's 100 calls a minute once cached.
  await Promise.all(
    [...people].map(async (userId) => {
      const key = `slack-user:${workspace}:${userId}`;
      let user = await context.cache.get<SlackUser>(key);
      if (!user) {
        try {
          user = (
            await context.client.call(
              workspace,
              context.accessToken,
              'users.info',
              { user: userId },
              slackUserInfoSchema,
            )
          ).user;
        } catch (error) {
          // A deleted or external user keeps the handle search gave; anything else fails the gathering.
          if (error instanceof ProviderError && error.failure === 'not_found') return;
          throw error;
        }
        await context.cache.set(key, user, NAME_CACHE_SECONDS);
      }
      users.set(userId, user);
    }),
  );
  await rememberNames(context.cache, workspace, users);
  await rememberConversationNames(
    context.cache,
    workspace,
    new Map(
      latest.flatMap((match) =>
        match.channel.name && !isDirect(match) ? [[match.channel.id, match.channel.name] as const] : [],
      ),
    ),
  );
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
    const isIm = isDirect(match);
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
    return slackSourceMessage({
      account,
      ts: match.ts,
      threadTs,
      channelId: match.channel.id,
      text: match.text,
      nameOf,
      sender: { id: match.user ?? '', name: senderName, avatar: sender?.profile?.image_72 ?? null },
      conversation,
      types,
      positionIndex: Math.min(rank, MESSAGE_WINDOW_SIZE),
      originalUrl: match.permalink,
      files: filesOf(match),
      subtype: match.subtype,
    });
  });
  return {
    messages,
    checked: ranks.size,
    total: ranks.size,
    backfill,
    ...(unavailable.length ? { unavailable } : {}),
    ...(turns.length ? { turns } : {}),
  };
}

/** A Slack message as Matome shows it to an account's user, from what a search match or a message event carries. */
export function slackSourceMessage(input: {
  account: ConnectorAccount;
  ts: string;
  threadTs?: string;
  channelId: string;
  text: string;
  nameOf: (userId: string) => string | null | undefined;
  sender: { id: string; name: string; avatar: string | null };
  conversation: SlackSourceMessage['conversation_info'];
  types: SlackSourceMessage['mention_types'];
  positionIndex: number;
  originalUrl: string;
  files?: SlackFile[];
  subtype?: string;
}): SlackSourceMessage {
  const { account, types } = input;
  const sendTime = Math.floor(Number(input.ts));
  return {
    platform: 'slack',
    message_id: input.ts,
    ts: input.ts,
    ...(input.threadTs ? { thread_ts: input.threadTs } : {}),
    platform_message_id: slackPlatformMessageId(input.channelId, input.ts),
    body: input.text,
    ...slackContent(input.text, input.nameOf),
    send_time: sendTime,
    formatted_time: new Date(sendTime * 1000).toISOString(),
    account: { account_id: input.sender.id, name: input.sender.name, avatar_image_url: input.sender.avatar },
    conversation_info: input.conversation,
    account_info: {
      account_name: account.accountName,
      workspace_name: account.workspaceName,
      connection_id: account.connectionId,
      platform_user_id: account.platformUserId,
    },
    mention_types: types,
    is_mention: mentionsMe(types),
    is_dm: types.is_dm,
    position_index: input.positionIndex,
    original_url: input.originalUrl,
    tags: [],
    ...(input.files?.length ? { files: input.files } : {}),
    ...(input.subtype ? { subtype: input.subtype } : {}),
  };
}
