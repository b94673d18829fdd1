import { z } from 'zod/mini';
import { platformSchema } from './messages.ts';
import { messageRefSchema } from './tags.ts';

/** Hidden messages ("check and hide", SPEC §3, §7): only `(platform, platform_message_id)` is stored. */

export const HIDE_BATCH_MAX_ITEMS = 500;
/** Hidden messages one user (one sign-in on a demo account) may keep (decision 073). */
export const HIDDEN_MESSAGES_PER_USER_MAX = 50_000;
export const hiddenErrorCodes = { limit: 'HIDDEN_LIMIT' } as const;
/** Server-side cache lifetimes (SPEC §9). */
export const HIDDEN_IDS_CACHE_SECONDS = 300;
export const HIDDEN_STATS_CACHE_SECONDS = 600;

const isoDateTime = z.iso.datetime({ offset: true });

export const hideBatchSchema = z.strictObject({
  messages: z
    .array(messageRefSchema)
    .check(
      z.minLength(1, 'must hold at least one message'),
      z.maxLength(HIDE_BATCH_MAX_ITEMS, `must hold at most ${HIDE_BATCH_MAX_ITEMS} messages`),
    ),
});
export type HideBatchInput = z.infer<typeof hideBatchSchema>;
export const hideBatchResponseSchema = z.object({ success: z.literal(true), hidden: z.int() });

export const hiddenQuerySchema = z.object({ ids_only: z.optional(z.enum(['true', 'false', '1', '0'])) });

export const hiddenIdsSchema = z.object({
  chatwork: z.array(z.string()),
  slack: z.array(z.string()),
});
export type HiddenIds = z.infer<typeof hiddenIdsSchema>;
export const hiddenIdsResponseSchema = z.object({ hidden_message_ids: hiddenIdsSchema });

export const hiddenMessageSchema = z.object({
  platform: platformSchema,
  platform_message_id: z.string(),
  hidden_at: isoDateTime,
});
export type HiddenMessage = z.infer<typeof hiddenMessageSchema>;
export const hiddenMessagesResponseSchema = z.object({ hidden_messages: z.array(hiddenMessageSchema) });

export const hiddenStatsSchema = z.object({
  total: z.int().check(z.nonnegative()),
  chatwork: z.int().check(z.nonnegative()),
  slack: z.int().check(z.nonnegative()),
});
export type HiddenStats = z.infer<typeof hiddenStatsSchema>;

export const unhideAllResponseSchema = z.object({ success: z.literal(true), unhidden: z.int() });
