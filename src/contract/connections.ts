import { z } from 'zod/mini';
import { planTypeSchema, type PlanType } from './auth.ts';
import { platformMessageIdSchema } from './tags.ts';
import { inputText } from './text.ts';

/** Slack workspaces and ChatWork accounts together, per plan (SPEC §6, §9). */
export const CONNECTION_LIMITS: Record<PlanType, number> = { free: 2, pro: 5, proplus: 10 };

/** The longest reply either platform is sent (SPEC §5 leaves it open; decision recorded with the connectors). */
export const REPLY_MAX_LENGTH = 10_000;

/** `POST /api/{platform}/connect`: where to send the browser for the provider's consent page. */
export const connectResponseSchema = z.object({ authUrl: z.url() });
export type ConnectResponse = z.infer<typeof connectResponseSchema>;

/**
 * `GET /api/connections/overview`: what the connections panel needs besides the connection lists: the plan, its
 * limit, how many connections count against it, and which providers this server has credentials for.
 */
export const connectionsOverviewSchema = z.object({
  plan: planTypeSchema,
  limit: z.int().check(z.positive()),
  /** The user's real connections; only these count against the limit. */
  used: z.int().check(z.nonnegative()),
  /** Sample connections a demo account or test mode shows in their place; never counted. */
  sample: z.int().check(z.nonnegative()),
  providers: z.object({
    slack: z.object({ configured: z.boolean() }),
    chatwork: z.object({ configured: z.boolean() }),
  }),
});
export type ConnectionsOverview = z.infer<typeof connectionsOverviewSchema>;

/** A connection id as paths and bodies carry it; one that is not the caller's (or not a uuid) is a 404. */
export const connectionIdSchema = inputText().check(z.minLength(1), z.maxLength(100));

/** Where the provider's consent page sends the browser back: `GET /api/{platform}/callback`. */
export const oauthCallbackQuerySchema = z.object({
  code: z.optional(inputText().check(z.maxLength(2048))),
  state: z.optional(inputText().check(z.maxLength(512))),
  error: z.optional(inputText().check(z.maxLength(512))),
});

/** `DELETE /api/{platform}/disconnect/{id}`. */
export const disconnectParamsSchema = z.object({ id: connectionIdSchema });
export const disconnectResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type DisconnectResponse = z.infer<typeof disconnectResponseSchema>;

const replyText = inputText().check(
  z.maxLength(REPLY_MAX_LENGTH),
  z.refine((text) => text.trim().length > 0, { message: 'must not be empty' }),
);

/** `POST /api/chatwork/reply`. */
export const chatworkReplyRequestSchema = z.object({
  connection_id: connectionIdSchema,
  room_id: inputText().check(z.minLength(1), z.maxLength(40)),
  message: replyText,
  /** The inbox message answered (`platform_message_id`): marked handled once the reply is posted. */
  reply_to: z.nullish(platformMessageIdSchema),
});
export type ChatworkReplyRequest = z.infer<typeof chatworkReplyRequestSchema>;

/** `POST /api/slack/reply`; `thread_ts` answers in the message's thread. */
export const slackReplyRequestSchema = z.object({
  connection_id: connectionIdSchema,
  channel_id: inputText().check(z.minLength(1), z.maxLength(40)),
  message: replyText,
  thread_ts: z.nullish(inputText().check(z.minLength(1), z.maxLength(40))),
  /** The inbox message answered (`platform_message_id`): marked handled once the reply is posted. */
  reply_to: z.nullish(platformMessageIdSchema),
});
export type SlackReplyRequest = z.infer<typeof slackReplyRequestSchema>;

export const replyResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type ReplyResponse = z.infer<typeof replyResponseSchema>;

/** Error codes of the connection routes, in `{code}` of the error shape. */
export const connectionErrorCodes = {
  limit: 'CONNECTION_LIMIT',
  notConfigured: 'PROVIDER_NOT_CONFIGURED',
  reauth: 'REAUTH_REQUIRED',
  demo: 'DEMO_RESTRICTED',
} as const;
