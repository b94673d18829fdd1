import {
  MESSAGE_ID_PATTERN,
  type AccountStatsByPlatform,
  type ChatworkSourceMessage,
  type DisplayedType,
  type FileAttachment,
  type MentionTypes,
  type MessageSummary,
  type MessageTypeFilter,
  type Platform,
  type SlackSourceMessage,
  type SourceMessage,
  type UnifiedMessage,
} from './messages.ts';

/**
 * Message classification (SPEC §5) and the pure helpers built on it, shared by server and web. The precedence of
 * `displayedType` and the reading of the ChatWork rules are explained in docs/decisions/006-message-classification.md.
 */

// ---------------------------------------------------------------------------------------------------------------
// ChatWork

const CHATWORK_QUOTE_TAG = /\[(\/?)qt\]/gi;
const CHATWORK_TO = /\[To:(\d+)\]/gi;
const CHATWORK_REPLY = /\[rp\s+aid=(\d+)\s+to=\d+-\d+\s*\]/gi;
const CHATWORK_TO_ALL = /\[toall\]/i;

/**
 * Removes `[qt]…[/qt]` quotes (nested ones too): ChatWork does not notify for markers inside a quote. An unclosed
 * `[qt]` is left as text, as ChatWork shows it. Linear in the length of the body.
 */
export function stripChatworkQuotes(body: string): string {
  const open: number[] = [];
  const removed: [number, number][] = [];
  for (const match of body.matchAll(CHATWORK_QUOTE_TAG)) {
    if (match[1] === '') {
      open.push(match.index);
    } else {
      const start = open.pop();
      if (start === undefined) continue;
      const end = match.index + match[0].length;
      while (removed.length > 0 && removed[removed.length - 1]![0] >= start) removed.pop();
      removed.push([start, end]);
    }
  }
  if (removed.length === 0) return body;
  let result = '';
  let cursor = 0;
  for (const [start, end] of removed) {
    result += body.slice(cursor, start);
    cursor = end;
  }
  return result + body.slice(cursor);
}

export type ChatworkClassificationInput = {
  body: string;
  roomType: 'group' | 'direct';
  /** The connected user's ChatWork account id. */
  myAccountId: number | string;
};

/**
 * - mention: `[To:me]`, unless the message is also a reply to me or carries `[toall]`;
 * - reply: `[rp aid=me to=room-message]` (a reply to one of my messages);
 * - all-mention: `[toall]`, in any letter case;
 * - dm: posted in a direct room.
 * Markers inside quotes do not count.
 */
export function classifyChatworkMessage(input: ChatworkClassificationInput): MentionTypes {
  const me = String(input.myAccountId);
  const body = stripChatworkQuotes(input.body);
  const toMe = [...body.matchAll(CHATWORK_TO)].some((match) => match[1] === me);
  const isReply = [...body.matchAll(CHATWORK_REPLY)].some((match) => match[1] === me);
  const isAllMention = CHATWORK_TO_ALL.test(body);
  return {
    is_direct_mention: toMe && !isReply && !isAllMention,
    is_reply: isReply,
    is_all_mention: isAllMention,
    is_dm: input.roomType === 'direct',
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Slack

const SLACK_USER_MENTION = /<@([UW][A-Z0-9]+)(?:\|[^>]*)?>/g;
const SLACK_ALL_MENTION = /<!(?:channel|here|everyone)(?:\|[^>]*)?>/i;

export type SlackClassificationInput = {
  text: string;
  ts: string;
  threadTs?: string | undefined;
  conversation: { is_im: boolean; is_mpim: boolean };
  /** The connected user's Slack user id. */
  myUserId: string;
};

/**
 * - mention: `<@ME>` or `<@ME|name>`;
 * - all-mention: `<!channel>`, `<!here>` or `<!everyone>`, each optionally with `|label`;
 * - reply: `thread_ts` present and different from `ts` (a thread parent has `thread_ts` equal to `ts`);
 * - dm: an im or an mpim (group DM).
 */
export function classifySlackMessage(input: SlackClassificationInput): MentionTypes {
  return {
    is_direct_mention: [...input.text.matchAll(SLACK_USER_MENTION)].some(
      (match) => match[1] === input.myUserId,
    ),
    is_reply: input.threadTs !== undefined && input.threadTs !== input.ts,
    is_all_mention: SLACK_ALL_MENTION.test(input.text),
    is_dm: input.conversation.is_im || input.conversation.is_mpim,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Types shown and filtered

/**
 * The one type a card leads with, most personal first: dm, then mention, then reply (a Slack thread reply shows as
 * `thread`: Slack has no reply-to-message, only threads), then all-mention. A message with no flag was gathered for
 * a reason no marker shows (a user-group mention, for instance) and shows as a mention.
 */
export function displayedType(types: MentionTypes, platform: Platform): DisplayedType {
  if (types.is_dm) return 'dm';
  if (types.is_direct_mention) return 'mention';
  if (types.is_reply) return platform === 'slack' ? 'thread' : 'reply';
  if (types.is_all_mention) return 'all-mention';
  return 'mention';
}

/** Whether a message belongs under a type filter; a message with several flags is under each of them. */
export function matchesTypeFilter(types: MentionTypes, filter: MessageTypeFilter): boolean {
  switch (filter) {
    case 'mention':
      return types.is_direct_mention;
    case 'dm':
      return types.is_dm;
    case 'reply':
      return types.is_reply;
    case 'all-mention':
      return types.is_all_mention;
  }
}

/** The type badges of a card, in the filter order. */
export function typeBadges(types: MentionTypes): MessageTypeFilter[] {
  return (['mention', 'dm', 'reply', 'all-mention'] as const).filter((filter) =>
    matchesTypeFilter(types, filter),
  );
}

/** True when the message addresses me at all (a direct mention, a reply to me or an all-mention). */
export function mentionsMe(types: MentionTypes): boolean {
  return types.is_direct_mention || types.is_reply || types.is_all_mention;
}

// ---------------------------------------------------------------------------------------------------------------
// Message ids

/** SPEC §5: a message id must start with `chatwork-` or `slack-` (and carry something after it). */
export function isValidMessageId(id: unknown): id is string {
  return typeof id === 'string' && MESSAGE_ID_PATTERN.test(id);
}

export function parseMessageId(id: string): { platform: Platform; platformMessageId: string } | null {
  const match = MESSAGE_ID_PATTERN.exec(id);
  if (!match) return null;
  return { platform: match[1] as Platform, platformMessageId: match[2]! };
}

export function messageIdOf(platform: Platform, platformMessageId: string): string {
  return `${platform}-${platformMessageId}`;
}

/** The key of a Slack message within the platform: `ts` is unique only within its conversation. */
export function slackPlatformMessageId(channelId: string, ts: string): string {
  return `${channelId}-${ts}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Unified message

const IMAGE_FILE_NAME = /\.(?:png|jpe?g|gif|webp|bmp|svg|heic|heif|avif)$/i;

function chatworkFiles(message: ChatworkSourceMessage): FileAttachment[] {
  if (!message.file) return [];
  return [
    {
      id: String(message.file.file_id),
      name: message.file.filename,
      size: message.file.filesize,
      isImage: IMAGE_FILE_NAME.test(message.file.filename),
    },
  ];
}

function slackFiles(message: SlackSourceMessage): FileAttachment[] {
  return (message.files ?? []).map((file) => ({
    id: file.id,
    name: file.name,
    size: file.size,
    isImage: file.mimetype.startsWith('image/'),
    url: file.permalink,
  }));
}

/** The platform-neutral message the timeline shows. */
export function toUnifiedMessage(message: SourceMessage): UnifiedMessage {
  const common = {
    id: messageIdOf(message.platform, message.platform_message_id),
    message_id: message.message_id,
    platform: message.platform,
    platform_message_id: message.platform_message_id,
    content: message.content,
    send_time: message.send_time,
    sender: {
      id: String(message.account.account_id),
      name: message.account.name,
      avatar_url: message.account.avatar_image_url,
    },
    account_info: message.account_info,
    mention_types: message.mention_types,
    displayed_type: displayedType(message.mention_types, message.platform),
    original_url: message.original_url,
    original_message: message,
    position_index: message.position_index,
    tags: message.tags,
  };
  if (message.platform === 'chatwork') {
    return {
      ...common,
      location: {
        type: message.room_info.type === 'direct' ? 'dm' : 'room',
        name: message.room_info.name,
        id: String(message.room_info.room_id),
      },
      files: chatworkFiles(message),
    };
  }
  const conversation = message.conversation_info;
  return {
    ...common,
    location: {
      type: conversation.is_im ? 'dm' : conversation.is_mpim ? 'group' : 'channel',
      name: conversation.name,
      id: conversation.id,
    },
    files: slackFiles(message),
    ...(message.standard_emoji ? { standard_emoji: message.standard_emoji } : {}),
  };
}

/** Newest first; ties broken by id so the order is stable. */
export function compareNewestFirst(
  a: { send_time: number; platform_message_id: string },
  b: { send_time: number; platform_message_id: string },
): number {
  if (a.send_time !== b.send_time) return b.send_time - a.send_time;
  return a.platform_message_id < b.platform_message_id
    ? 1
    : a.platform_message_id > b.platform_message_id
      ? -1
      : 0;
}

// ---------------------------------------------------------------------------------------------------------------
// Counts

type Counts = Pick<MessageSummary, 'mentions' | 'replies' | 'all_mentions' | 'direct_messages'>;

function countTypes(messages: readonly { mention_types: MentionTypes }[]): Counts {
  const counts: Counts = { mentions: 0, replies: 0, all_mentions: 0, direct_messages: 0 };
  for (const { mention_types: types } of messages) {
    if (types.is_direct_mention) counts.mentions += 1;
    if (types.is_reply) counts.replies += 1;
    if (types.is_all_mention) counts.all_mentions += 1;
    if (types.is_dm) counts.direct_messages += 1;
  }
  return counts;
}

/** The summary of a message result; a message with several flags counts under each. */
export function summarizeMessages(
  messages: readonly { mention_types: MentionTypes }[],
  accountsProcessed: number,
): MessageSummary {
  return { total_messages: messages.length, ...countTypes(messages), accounts_processed: accountsProcessed };
}

/** The counting part of per-account stats for the messages of one connection. */
export function accountCounts(
  messages: readonly { mention_types: MentionTypes }[],
): Pick<
  AccountStatsByPlatform[Platform],
  'messages_found' | 'mentions' | 'direct_messages' | 'replies' | 'all_mentions'
> {
  return { messages_found: messages.length, ...countTypes(messages) };
}

/** Counts per type filter, for the filter buttons. */
export function countByTypeFilter(
  messages: readonly { mention_types: MentionTypes }[],
): Record<MessageTypeFilter, number> {
  const counts = countTypes(messages);
  return {
    mention: counts.mentions,
    dm: counts.direct_messages,
    reply: counts.replies,
    'all-mention': counts.all_mentions,
  };
}
