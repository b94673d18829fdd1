import { z } from 'zod/mini';
import { languages } from './auth.ts';

/**
 * The message model shared by server and web (SPEC §3). Two layers:
 *
 * - **source messages** (`ChatworkSourceMessage`, `SlackSourceMessage`) are what the message routes return: close to
 *   each platform's own payload (ChatWork notation or Slack mrkdwn kept verbatim in `body`), plus what the server
 *   knows about them (classification, position in the retrieval window, the connection they came through, tags);
 * - the **unified message** (`UnifiedMessage`) is one platform-neutral shape for the timeline, built on the client by
 *   `toUnifiedMessage` in `classification.ts`.
 *
 * Field names are snake_case, as in SPEC and in both platforms' APIs. Times are Unix seconds unless the name ends in
 * `_at` (ISO 8601).
 */

export const platforms = ['chatwork', 'slack'] as const;
export const platformSchema = z.enum(platforms);
export type Platform = z.infer<typeof platformSchema>;
/** How each platform writes its own name. */
export const platformNames: Record<Platform, string> = { chatwork: 'ChatWork', slack: 'Slack' };

/** Only the latest 100 messages of a room or channel can be listed through the platform APIs (SPEC §9). */
export const MESSAGE_WINDOW_SIZE = 100;
/** From this `position_index` on, a message is among the oldest 20 of its window and about to drop out of it. */
export const EXPIRY_WARNING_POSITION = 81;
/** Content longer than this many characters starts collapsed. */
export const LONG_CONTENT_THRESHOLD = 150;
/** Sample data per platform for demo accounts and test mode (SPEC §9), unless SAMPLE_MESSAGES_PER_PLATFORM says otherwise. */
export const SAMPLE_MESSAGES_PER_PLATFORM = 90;
export const SAMPLE_TAG_COUNT = 8;
/** Server-side cache lifetimes of the message calls (SPEC §9). */
export const PLATFORM_MESSAGES_CACHE_SECONDS = 300;
export const CONNECTION_MESSAGES_CACHE_SECONDS = 60;

const unixSeconds = z.int().check(z.nonnegative());
const isoDateTime = z.iso.datetime({ offset: true });

// ---------------------------------------------------------------------------------------------------------------
// Tags

/** The 10 swatches for tags and connections (SPEC §3). */
export const TAG_COLORS = [
  '#EF4444',
  '#F59E0B',
  '#10B981',
  '#3B82F6',
  '#8B5CF6',
  '#F97316',
  '#06B6D4',
  '#84CC16',
  '#EC4899',
  '#6B7280',
] as const;
export const DEFAULT_TAG_COLOR = '#6B7280';

export const tagSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Shown instead of `name` when the interface language is jp. */
  name_jp: z.optional(z.string()),
  /** `#RRGGBB`; drawn with a hex-alpha `20` fill. */
  color: z.string().check(z.regex(/^#[0-9A-Fa-f]{6}$/)),
  description: z.optional(z.string()),
});
export type Tag = z.infer<typeof tagSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Classification

/** The flags a message carries; several may be true at once. The rules are in `classification.ts`. */
export const mentionTypesSchema = z.object({
  /** Names me: ChatWork `[To:me]` (without a reply to me or `[toall]`), Slack `<@ME>`. */
  is_direct_mention: z.boolean(),
  /** ChatWork: `[rp aid=me …]`, a reply to my message. Slack: a thread reply (`thread_ts` differs from `ts`). */
  is_reply: z.boolean(),
  /** ChatWork `[toall]`; Slack `<!channel>`, `<!here>`, `<!everyone>`. */
  is_all_mention: z.boolean(),
  /** ChatWork direct room; Slack im or mpim. */
  is_dm: z.boolean(),
});
export type MentionTypes = z.infer<typeof mentionTypesSchema>;

/** The four type filters of the message list, in the order they are shown. */
export const messageTypeFilters = ['mention', 'dm', 'reply', 'all-mention'] as const;
export const messageTypeFilterSchema = z.enum(messageTypeFilters);
export type MessageTypeFilter = z.infer<typeof messageTypeFilterSchema>;

/** The one type a card shows first; precedence in `displayedType` and docs/decisions/006. */
export const displayedTypes = ['dm', 'mention', 'reply', 'thread', 'all-mention'] as const;
export const displayedTypeSchema = z.enum(displayedTypes);
export type DisplayedType = z.infer<typeof displayedTypeSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Source messages

/** The connection a message was gathered through. */
export const accountInfoSchema = z.object({
  /** My name on that platform account; null when the platform did not say. */
  account_name: z.nullable(z.string()),
  /** ChatWork organisation or Slack workspace; null for a ChatWork account outside any organisation. */
  workspace_name: z.nullable(z.string()),
  connection_id: z.string(),
  /** My id on the platform (ChatWork account id as text, Slack user id); markers naming it address me. */
  platform_user_id: z.string(),
});
export type AccountInfo = z.infer<typeof accountInfoSchema>;

/** What the server adds to every source message. */
const gatheredFields = {
  /** Unique within the platform; with the platform it identifies a message for tags and hiding. */
  platform_message_id: z.string().check(z.minLength(1)),
  /** The body exactly as the platform returned it (ChatWork notation or Slack mrkdwn). */
  body: z.string(),
  /** The text the timeline renders; today the same as `body`, markup included (the web renders the markup). */
  content: z.string(),
  send_time: unixSeconds,
  /** `send_time` as ISO 8601 UTC. */
  formatted_time: isoDateTime,
  account_info: accountInfoSchema,
  mention_types: mentionTypesSchema,
  /** True when the message names me in any way: a direct mention, a reply to me or an all-mention. */
  is_mention: z.boolean(),
  /** Same as `mention_types.is_dm`. */
  is_dm: z.boolean(),
  /**
   * 1-based rank among the latest 100 messages of its room or channel, 1 being the newest. Only those 100 can be
   * listed, so from `EXPIRY_WARNING_POSITION` (81) on the message is about to fall out of reach.
   */
  position_index: z.int().check(z.gte(1), z.lte(MESSAGE_WINDOW_SIZE)),
  /** Link to the message on the platform. */
  original_url: z.url(),
  tags: z.array(tagSchema),
  /** Marked important by one of the person's rules (decision 156); absent when no rule did. */
  important: z.optional(z.boolean()),
  /** Muted by a rule: not shown or counted in the inbox, only in the Muted view. */
  muted: z.optional(z.boolean()),
  /** A rule's "notify" (true) or "never notify" (false), for push notifications; absent or null: no rule said. */
  notify: z.optional(z.nullable(z.boolean())),
};

export const chatworkRoomTypes = ['group', 'direct'] as const;

/** A file posted with a ChatWork message (`[download:file_id]` in the body). */
export const chatworkFileSchema = z.object({
  file_id: z.int(),
  filename: z.string(),
  /** Bytes. */
  filesize: z.int().check(z.nonnegative()),
  upload_time: unixSeconds,
});
export type ChatworkFile = z.infer<typeof chatworkFileSchema>;

export const chatworkSourceMessageSchema = z.object({
  platform: z.literal('chatwork'),
  /** ChatWork's message id: a 64-bit number as a decimal string (beyond JavaScript's safe integers). */
  message_id: z.string().check(z.regex(/^\d{1,20}$/)),
  ...gatheredFields,
  /** 0 unless the message was edited. */
  update_time: unixSeconds,
  /** The sender. */
  account: z.object({
    account_id: z.int(),
    name: z.string(),
    avatar_image_url: z.nullable(z.string()),
  }),
  room_info: z.object({
    room_id: z.int(),
    name: z.string(),
    type: z.enum(chatworkRoomTypes),
  }),
  file: z.optional(chatworkFileSchema),
});
export type ChatworkSourceMessage = z.infer<typeof chatworkSourceMessageSchema>;

/** Slack message timestamps: Unix seconds with six decimals, e.g. `1767225600.012345`. */
export const slackTsSchema = z.string().check(z.regex(/^\d{9,11}\.\d{6}$/));

export const slackFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string(),
  mimetype: z.string(),
  filetype: z.string(),
  /** Bytes. */
  size: z.int().check(z.nonnegative()),
  /** Opens the file in Slack. */
  permalink: z.url(),
  /** Download address; needs the user's token, so the browser cannot fetch it directly. */
  url_private: z.optional(z.url()),
});
export type SlackFile = z.infer<typeof slackFileSchema>;

/** A standard emoji and the Slack short name it is written as (`{ name: 'tada', emoji: '🎉' }`). */
export const standardEmojiSchema = z.object({ name: z.string(), emoji: z.string() });
export type StandardEmoji = z.infer<typeof standardEmojiSchema>;

export const slackSourceMessageSchema = z.object({
  platform: z.literal('slack'),
  /** Slack's message id, which is its `ts`; unique only within its conversation. */
  message_id: slackTsSchema,
  ts: slackTsSchema,
  /** Present for threads: equal to `ts` on a thread parent, the parent's `ts` on a reply. */
  thread_ts: z.optional(slackTsSchema),
  ...gatheredFields,
  /** The sender; Slack user ids are text (`U…`/`W…`). */
  account: z.object({
    account_id: z.string(),
    name: z.string(),
    avatar_image_url: z.nullable(z.string()),
  }),
  conversation_info: z.object({
    id: z.string(),
    /** Channel name without `#`; for ims and mpims the other members' names. */
    name: z.string(),
    is_channel: z.boolean(),
    /** A private channel. */
    is_group: z.boolean(),
    is_im: z.boolean(),
    is_mpim: z.boolean(),
  }),
  files: z.optional(z.array(slackFileSchema)),
  /**
   * The standard emoji that `:short_name:`s in `content` stand for; absent when there are none. A workspace's custom
   * emoji are not in it and stay text. The browser draws emoji from it alone, without Slack's table (decision 170).
   */
  standard_emoji: z.optional(z.array(standardEmojiSchema)),
  /** Slack message subtype, e.g. `thread_broadcast`; absent for ordinary messages. */
  subtype: z.optional(z.string()),
});
export type SlackSourceMessage = z.infer<typeof slackSourceMessageSchema>;

export const sourceMessageSchema = z.discriminatedUnion('platform', [
  chatworkSourceMessageSchema,
  slackSourceMessageSchema,
]);
export type SourceMessage = z.infer<typeof sourceMessageSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Results of the message calls

export const messageSummarySchema = z.object({
  total_messages: z.int().check(z.nonnegative()),
  /** Messages with `is_direct_mention`. */
  mentions: z.int().check(z.nonnegative()),
  /** Messages with `is_reply`. */
  replies: z.int().check(z.nonnegative()),
  /** Messages with `is_all_mention`. */
  all_mentions: z.int().check(z.nonnegative()),
  /** Messages with `is_dm`. */
  direct_messages: z.int().check(z.nonnegative()),
  /** Connections gathered from, whether or not they succeeded. */
  accounts_processed: z.int().check(z.nonnegative()),
});
export type MessageSummary = z.infer<typeof messageSummarySchema>;

export const accountFetchStatuses = ['completed', 'error'] as const;

const accountStatsFields = {
  account_name: z.nullable(z.string()),
  workspace_name: z.nullable(z.string()),
  connection_id: z.string(),
  messages_found: z.int().check(z.nonnegative()),
  mentions: z.int().check(z.nonnegative()),
  direct_messages: z.int().check(z.nonnegative()),
  replies: z.int().check(z.nonnegative()),
  all_mentions: z.int().check(z.nonnegative()),
  /** One failing account never fails the whole result: it reports `error` here and contributes no messages. */
  status: z.enum(accountFetchStatuses),
  /** Present when `status` is `error`; `code` is stable (e.g. `REAUTH_REQUIRED`, `RATE_LIMITED`). */
  error: z.optional(z.object({ code: z.string(), message: z.string() })),
  /** When this gathering was attempted, whether or not it succeeded. */
  fetched_at: isoDateTime,
  /** When this account was last gathered successfully; null when it never was. */
  last_success_at: z.nullable(isoDateTime),
  /**
   * The gathering failed (`status` is `error`) and the messages and counts are the last good ones, from
   * `last_success_at`, kept so that a failure does not empty the account (docs/decisions/080).
   */
  stale: z.boolean(),
  /**
   * Present when this answer reused a gathering that had finished before it was asked for, at `fetched_at`: a
   * connection is gathered from its provider at most once per 30 s (decisions 051 and 144). A refresh from
   * `next_gathering_at` on reaches the provider again. A failed gathering is never reused.
   */
  reused: z.optional(z.object({ next_gathering_at: isoDateTime })),
};

export const chatworkAccountStatsSchema = z.object({
  platform: z.literal('chatwork'),
  ...accountStatsFields,
  rooms_checked: z.int().check(z.nonnegative()),
  total_rooms: z.int().check(z.nonnegative()),
});
/** The kinds of Slack message a gathering searches for, one query each (decision 050). */
export const slackSearchKinds = [
  'direct_mentions',
  'dms',
  'group_dms',
  'all_mentions',
  'group_mentions',
] as const;
export type SlackSearchKind = (typeof slackSearchKinds)[number];
export const slackUnavailableReasons = [
  'plan_upgrade_required',
  'missing_scope',
  'rate_limited',
  'provider_error',
] as const;
/** A kind of Slack message a gathering could not search for, and why. */
export const slackUnavailableSchema = z.object({
  kind: z.enum(slackSearchKinds),
  reason: z.enum(slackUnavailableReasons),
});
export type SlackUnavailable = z.infer<typeof slackUnavailableSchema>;

export const slackAccountStatsSchema = z.object({
  platform: z.literal('slack'),
  ...accountStatsFields,
  channels_checked: z.int().check(z.nonnegative()),
  total_channels: z.int().check(z.nonnegative()),
  /**
   * Kinds of message this gathering could not look for, and why: user groups on a free workspace
   * (`plan_upgrade_required`), the search budget of the minute used up (`rate_limited`), and so on. The account
   * still completed; only these kinds are missing from it.
   */
  unavailable: z.optional(z.array(slackUnavailableSchema)),
});
export type ChatworkAccountStats = z.infer<typeof chatworkAccountStatsSchema>;
export type SlackAccountStats = z.infer<typeof slackAccountStatsSchema>;
export type AccountStats = ChatworkAccountStats | SlackAccountStats;

/** Newest first. `fetched_at` is when the result was gathered: a cached answer keeps its original time. */
export const chatworkMessageResultSchema = z.object({
  messages: z.array(chatworkSourceMessageSchema),
  accounts: z.array(chatworkAccountStatsSchema),
  summary: messageSummarySchema,
  fetched_at: isoDateTime,
});
export const slackMessageResultSchema = z.object({
  messages: z.array(slackSourceMessageSchema),
  accounts: z.array(slackAccountStatsSchema),
  summary: messageSummarySchema,
  fetched_at: isoDateTime,
});
export type ChatworkMessageResult = z.infer<typeof chatworkMessageResultSchema>;
export type SlackMessageResult = z.infer<typeof slackMessageResultSchema>;

export type SourceMessageByPlatform = { chatwork: ChatworkSourceMessage; slack: SlackSourceMessage };
export type AccountStatsByPlatform = { chatwork: ChatworkAccountStats; slack: SlackAccountStats };
export type MessageResultByPlatform = { chatwork: ChatworkMessageResult; slack: SlackMessageResult };
export const messageResultSchemas = {
  chatwork: chatworkMessageResultSchema,
  slack: slackMessageResultSchema,
} as const;

/**
 * Query of the message calls. `refresh=1` (or `force=1`) skips the server's cache, gathers afresh and refills the
 * cache; the client sends it on a forced refresh. Other parameters are ignored, so cache-busting ones are harmless.
 */
export const messageFetchQuerySchema = z.object({
  refresh: z.optional(z.enum(['0', '1', 'true', 'false'])),
  force: z.optional(z.enum(['0', '1', 'true', 'false'])),
});
export type MessageFetchQuery = z.infer<typeof messageFetchQuerySchema>;

/** Client-side progress of one account while the timeline loads (SPEC §3). */
export const accountLoadingStatuses = ['idle', 'loading', 'completed', 'error'] as const;
export const accountLoadingStateSchema = z.object({
  connection_id: z.string(),
  account_name: z.nullable(z.string()),
  workspace_name: z.nullable(z.string()),
  status: z.enum(accountLoadingStatuses),
});
export type AccountLoadingState = z.infer<typeof accountLoadingStateSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Connections

/** `reauth_required`: the platform refused the stored token; the user must connect again. */
export const connectionStatuses = ['active', 'error', 'reauth_required'] as const;

/**
 * How a Slack workspace's messages reach Matome (issue 22, decision 147): `live` while its events flow, `catching_up`
 * while this account's history is still being searched (what events brought is shown meanwhile), `polling` when
 * the workspace sends no events (searched every `polls_every_minutes`), `interrupted` when its events stopped or
 * Slack paused them (search fills the gap meanwhile).
 */
export const slackIntakeStates = ['live', 'catching_up', 'polling', 'interrupted'] as const;
export type SlackIntakeState = (typeof slackIntakeStates)[number];
export const slackIntakeSchema = z.object({
  state: z.enum(slackIntakeStates),
  /** When the workspace last delivered an event to Matome; null when it never did. */
  last_event_at: z.nullable(isoDateTime),
  /** This account's history: the searches it needs, and how many have been made. */
  backfill: z.object({ done: z.int().check(z.nonnegative()), total: z.int().check(z.nonnegative()) }),
  /** Minutes between searches while `polling` or `interrupted`; null while live. */
  polls_every_minutes: z.nullable(z.int().check(z.positive())),
  /** Searches of the workspace's 20 a minute still free in the last 60 s. */
  search_budget_left: z.int().check(z.nonnegative()),
  /**
   * Whether private channels, DMs and group DMs reach every member who can see them live (the server holds an
   * app-level token); without, they reach the member Slack named and the others at their next search.
   */
  private_live: z.boolean(),
});
export type SlackIntake = z.infer<typeof slackIntakeSchema>;

export const platformConnectionSchema = z.object({
  id: z.string(),
  platform: platformSchema,
  /** My id on the platform (ChatWork account id as text, Slack user id). */
  platform_user_id: z.string(),
  /** Null when unknown; the panel then shows its unknown-account label. */
  platform_user_name: z.nullable(z.string()),
  /** ChatWork organisation id or Slack team id. */
  platform_workspace_id: z.nullable(z.string()),
  /** Null for a ChatWork account outside any organisation; the panel then shows its no-workspace label. */
  platform_workspace_name: z.nullable(z.string()),
  platform_user_email: z.nullable(z.string()),
  platform_avatar_url: z.nullable(z.string()),
  created_at: isoDateTime,
  /** When the account was last gathered successfully; a failed gathering leaves it as it was. */
  last_success_at: z.nullable(isoDateTime),
  /** `error`: the latest gathering failed (the messages stats say why); cleared by the next success. */
  status: z.enum(connectionStatuses),
  /** A fake connection of a demo account or of test mode. */
  is_sample: z.boolean(),
  /** For a real Slack connection: how its workspace's messages reach Matome. */
  slack_intake: z.optional(slackIntakeSchema),
});
export type PlatformConnection = z.infer<typeof platformConnectionSchema>;

export const connectionStatusResponseSchema = z.object({
  connections: z.array(platformConnectionSchema),
});
export type ConnectionStatusResponse = z.infer<typeof connectionStatusResponseSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Unified message

/** Message ids are `{platform}-{platform_message_id}`; anything else is invalid and ignored (SPEC §5). */
export const MESSAGE_ID_PATTERN = /^(chatwork|slack)-(.+)$/s;

export const messageLocationTypes = ['room', 'channel', 'dm', 'group'] as const;

/** A file attachment as the card shows it (SPEC §3). */
export const fileAttachmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Bytes. */
  size: z.int().check(z.nonnegative()),
  isImage: z.boolean(),
  /** Where the file opens on the platform, when there is such a page. */
  url: z.optional(z.string()),
});
export type FileAttachment = z.infer<typeof fileAttachmentSchema>;

export const unifiedMessageSchema = z.object({
  /** `{platform}-{platform_message_id}`, e.g. `chatwork-1893276540123456789`, `slack-C07AB12CD-1767225600.012345`. */
  id: z.string().check(z.regex(MESSAGE_ID_PATTERN)),
  /** The platform's own id: ChatWork message id, Slack `ts`. */
  message_id: z.string(),
  platform: platformSchema,
  platform_message_id: z.string(),
  content: z.string(),
  send_time: unixSeconds,
  sender: z.object({ id: z.string(), name: z.string(), avatar_url: z.nullable(z.string()) }),
  location: z.object({
    /** room: ChatWork group chat; channel: Slack channel; dm: ChatWork direct chat or Slack im; group: Slack mpim. */
    type: z.enum(messageLocationTypes),
    name: z.string(),
    id: z.string(),
  }),
  account_info: accountInfoSchema,
  mention_types: mentionTypesSchema,
  displayed_type: displayedTypeSchema,
  original_url: z.string(),
  /** The source message, for what only it knows (room id or channel and `thread_ts` for replies). */
  original_message: sourceMessageSchema,
  position_index: z.int().check(z.gte(1), z.lte(MESSAGE_WINDOW_SIZE)),
  tags: z.array(tagSchema),
  files: z.array(fileAttachmentSchema),
  /** A Slack message's `standard_emoji`. */
  standard_emoji: z.optional(z.array(standardEmojiSchema)),
});
export type UnifiedMessage = z.infer<typeof unifiedMessageSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Test mode

/**
 * Test mode lets users listed in TEST_MODE_EMAILS see sample data in a chosen language instead of their real
 * connections. `available` says whether the user is listed; `enabled` is only ever true when available.
 */
export const testModeStateSchema = z.object({
  available: z.boolean(),
  enabled: z.boolean(),
  language: z.enum(languages),
});
export type TestModeState = z.infer<typeof testModeStateSchema>;

export const testModeUpdateSchema = z.strictObject({
  enabled: z.boolean(),
  language: z.enum(languages),
});
export type TestModeUpdate = z.infer<typeof testModeUpdateSchema>;
