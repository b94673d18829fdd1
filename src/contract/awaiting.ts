import { z } from 'zod/mini';
import { platformSchema } from './messages.ts';
import { platformMessageIdSchema } from './tags.ts';

/**
 * Handled messages and conversations awaiting a reply (issue 24, docs/decisions/154). The server keeps ids and
 * times only: which inbox message the person answered (from Matome or natively) and, per conversation, when the
 * person last wrote there and when anyone else last did.
 */

/** How long a conversation may wait before it is listed: the choices of the Awaiting reply view. */
export const AWAITING_DAY_CHOICES = [1, 3, 7] as const;
export type AwaitingDays = (typeof AWAITING_DAY_CHOICES)[number];
export const DEFAULT_AWAITING_DAYS: AwaitingDays = 3;
export const awaitingDaysSchema = z.union([z.literal(1), z.literal(3), z.literal(7)]);

/** Handled marks older than this are not listed (and are swept): no inbox reaches that far back. */
export const HANDLED_KEPT_DAYS = 90;

const isoDateTime = z.iso.datetime({ offset: true });

/** Where the person's answer came from: the reply box of Matome, or their own message on the platform. */
export const handledVia = ['matome', 'slack', 'chatwork'] as const;
export type HandledVia = (typeof handledVia)[number];

export const handledMarkSchema = z.object({
  platform: platformSchema,
  platform_message_id: z.string(),
  handled_at: isoDateTime,
  via: z.enum(handledVia),
});
export type HandledMark = z.infer<typeof handledMarkSchema>;
export const handledResponseSchema = z.object({ handled: z.array(handledMarkSchema) });
export type HandledResponse = z.infer<typeof handledResponseSchema>;

/** The person's own settings of this feature. */
export const replySettingsSchema = z.object({
  /** A message the person answered is marked done at once (until its thread moves). */
  auto_done: z.boolean(),
  awaiting_days: awaitingDaysSchema,
});
export type ReplySettings = z.infer<typeof replySettingsSchema>;
export const replySettingsUpdateSchema = z
  .strictObject({ auto_done: z.optional(z.boolean()), awaiting_days: z.optional(awaitingDaysSchema) })
  .check(
    z.refine((update) => update.auto_done !== undefined || update.awaiting_days !== undefined, {
      message: 'must change auto_done or awaiting_days',
    }),
  );
export type ReplySettingsUpdate = z.infer<typeof replySettingsUpdateSchema>;

/** `GET /api/awaiting?days=3`; without `days`, the person's own choice. */
export const awaitingQuerySchema = z.strictObject({
  days: z.optional(
    z.pipe(
      z.enum(AWAITING_DAY_CHOICES.map(String) as ['1', '3', '7'], { message: 'must be 1, 3 or 7' }),
      z.transform((days) => Number(days) as AwaitingDays),
    ),
  ),
});

/** A DM or group DM, a Slack thread, or a ChatWork room whose latest message of the person addressed someone. */
export const conversationKinds = ['dm', 'thread', 'room'] as const;
export type ConversationKind = (typeof conversationKinds)[number];

export const awaitingConversationSchema = z.object({
  id: z.uuid(),
  platform: platformSchema,
  connection_id: z.string(),
  /** The connected account, as the connections panel names it. */
  account_name: z.nullable(z.string()),
  workspace_name: z.nullable(z.string()),
  kind: z.enum(conversationKinds),
  /** Slack channel id or ChatWork room id. */
  conversation_id: z.string(),
  /** The thread's parent `ts` for a Slack thread. */
  thread_ts: z.nullable(z.string()),
  /** Whom the person wrote to: a Slack user id or ChatWork account id, where known. */
  counterpart_id: z.nullable(z.string()),
  /** The person's latest message there, and when they wrote it. */
  platform_message_id: z.string(),
  written_at: isoDateTime,
  original_url: z.url(),
});
export type AwaitingConversation = z.infer<typeof awaitingConversationSchema>;
export const awaitingResponseSchema = z.object({
  days: awaitingDaysSchema,
  conversations: z.array(awaitingConversationSchema),
});
export type AwaitingResponse = z.infer<typeof awaitingResponseSchema>;
export const awaitingIdParamsSchema = z.object({ id: z.uuid() });

/** The optional field of the reply calls that names the inbox message answered. */
export const replyToSchema = z.nullish(platformMessageIdSchema);

export const awaitingErrorCodes = { notFound: 'NOT_FOUND' } as const;
