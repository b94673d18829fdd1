import { z } from 'zod';
import { classifySlackMessage } from '../../../contract/classification.ts';
import { slackFileSchema, slackTsSchema, type SlackSourceMessage } from '../../../contract/messages.ts';
import type { ConnectorAccount } from '../connector-account.ts';
import { slackSourceMessage } from './slack-inbound.ts';

const channelTypeSchema = z.enum(['im', 'mpim', 'channel', 'group']);

/** What the Events API posts (https://api.slack.com/apis/events-api#callback-field). */
export const slackEventsBodySchema = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('url_verification'), challenge: z.string().max(500) }),
  z.looseObject({
    type: z.literal('app_rate_limited'),
    team_id: z.string(),
    minute_rate_limited: z.number(),
  }),
  z.looseObject({
    type: z.literal('event_callback'),
    team_id: z.string(),
    event_id: z.string().min(1).max(100),
    event_time: z.number().optional(),
    /** Names the event for `apps.event.authorizations.list`, which lists every installation that can see it. */
    event_context: z.string().max(2000).optional(),
    event: z.looseObject({ type: z.string() }),
    authorizations: z
      .array(z.looseObject({ team_id: z.string().optional(), user_id: z.string().optional() }))
      .default([]),
  }),
]);
export type SlackEventsBody = z.infer<typeof slackEventsBodySchema>;
export type SlackEventCallback = Extract<SlackEventsBody, { type: 'event_callback' }>;

export const slackMessageEventSchema = z.looseObject({
  type: z.literal('message'),
  channel: z.string().min(1),
  channel_type: channelTypeSchema,
  user: z.string().min(1),
  text: z.string().default(''),
  ts: slackTsSchema,
  thread_ts: z.optional(slackTsSchema),
  subtype: z.string().optional(),
  files: z.array(z.unknown()).optional(),
});
export type SlackMessageEvent = z.infer<typeof slackMessageEventSchema>;

/** Subtypes that are a new message someone wrote; joins, topics and bot posts are not for an inbox. */
const NEW_MESSAGE_SUBTYPES = new Set([undefined, 'file_share', 'thread_broadcast', 'me_message']);

/** `message_changed` (docs.slack.dev/reference/events/message/message_changed): the message as it is now. */
const changedEventSchema = z.looseObject({
  type: z.literal('message'),
  subtype: z.literal('message_changed'),
  channel: z.string().min(1),
  channel_type: channelTypeSchema,
  // The message as it is now: a posted message's fields, without the ones the event itself carries.
  message: slackMessageEventSchema.omit({ type: true, channel: true, channel_type: true }),
});
/** `message_deleted` (docs.slack.dev/reference/events/message/message_deleted): which message went. */
const deletedEventSchema = z.looseObject({
  type: z.literal('message'),
  subtype: z.literal('message_deleted'),
  channel: z.string().min(1),
  deleted_ts: slackTsSchema,
});

/** What a message event does to the inbox: a message to add, one that changed, or one that is gone. */
export type SlackMessageChange =
  | { kind: 'posted'; message: SlackMessageEvent }
  | { kind: 'changed'; message: SlackMessageEvent }
  | { kind: 'deleted'; channel: string; ts: string };

export function slackMessageChange(event: unknown): SlackMessageChange | null {
  const changed = changedEventSchema.safeParse(event);
  if (changed.success) {
    const { channel, channel_type, message } = changed.data;
    return { kind: 'changed', message: { type: 'message', channel, channel_type, ...message } };
  }
  const deleted = deletedEventSchema.safeParse(event);
  if (deleted.success) return { kind: 'deleted', channel: deleted.data.channel, ts: deleted.data.deleted_ts };
  const posted = slackMessageEventSchema.safeParse(event);
  if (posted.success && NEW_MESSAGE_SUBTYPES.has(posted.data.subtype)) {
    return { kind: 'posted', message: posted.data };
  }
  return null;
}

/** What is already known of the conversation and the sender, from the cache; the event carries only ids. */
export type SlackEventNames = {
  /** The channel's name without `#`, as gatherings saw it. */
  conversationName: string | undefined;
  senderName: string | undefined;
  senderAvatar: string | null;
  nameOf: (userId: string) => string | undefined;
};

/**
 * A posted or changed message as the message routes would give it to this account's user, classified by the rules
 * gathered messages follow (SPEC §5), or null when it is their own. Whether it concerns them is the intake's call
 * (`concernsMember`).
 */
export function slackEventMessage(
  event: SlackMessageEvent,
  account: ConnectorAccount,
  names: SlackEventNames,
): SlackSourceMessage | null {
  const me = account.platformUserId;
  if (event.user === me) return null;
  const isIm = event.channel_type === 'im';
  const isMpim = event.channel_type === 'mpim';
  const senderName = names.senderName ?? event.user;
  const conversation = {
    id: event.channel,
    name: isIm ? senderName : (names.conversationName ?? event.channel),
    is_channel: event.channel_type === 'channel',
    is_group: event.channel_type === 'group',
    is_im: isIm,
    is_mpim: isMpim,
  };
  const types = classifySlackMessage({
    text: event.text,
    ts: event.ts,
    threadTs: event.thread_ts,
    conversation,
    myUserId: me,
  });
  const files = (event.files ?? []).flatMap((file) => {
    const parsed = slackFileSchema.safeParse(file);
    return parsed.success ? [parsed.data] : [];
  });
  // The event does not carry the workspace's domain, which a permalink needs; Slack's redirect opens the channel.
  const originalUrl = `https://slack.com/app_redirect?${new URLSearchParams({
    channel: event.channel,
    ...(account.workspaceId ? { team: account.workspaceId } : {}),
  })}`;
  return slackSourceMessage({
    account,
    ts: event.ts,
    threadTs: event.thread_ts,
    channelId: event.channel,
    text: event.text,
    nameOf: (userId) => (userId === me ? account.accountName : names.nameOf(userId)),
    sender: { id: event.user, name: senderName, avatar: names.senderAvatar },
    conversation,
    types,
    positionIndex: 1,
    originalUrl,
    files,
    subtype: event.subtype,
  });
}
