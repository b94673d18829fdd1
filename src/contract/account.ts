import { z } from 'zod/mini';
import { NAME_MAX_LENGTH, userSchema } from './auth.ts';
import { googleCalendarStatusSchema } from './google.ts';
import { platformConnectionSchema } from './messages.ts';
import { inputText } from './text.ts';

/**
 * `DELETE /api/account/delete`: e-mail users give their password; OAuth-only users, who have none, give the
 * single-use code of a Google or GitHub sign-in they just made again in this browser (decision 140).
 */
export const deleteAccountRequestSchema = z.strictObject({
  password: z.optional(inputText().check(z.maxLength(1024))),
  reauthenticationCode: z.optional(inputText().check(z.minLength(20), z.maxLength(128))),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

/** The account calls answer `{success, message, data}` (SPEC §7). */
export const deleteAccountResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.null(),
});
export type DeleteAccountResponse = z.infer<typeof deleteAccountResponseSchema>;

export const accountErrorCodes = {
  activeSubscription: 'ACTIVE_SUBSCRIPTION',
  reauthenticationRequired: 'REAUTHENTICATION_REQUIRED',
} as const;

/** `PUT /api/account/profile`: the display name, held to the same rules as at registration. */
export const updateProfileRequestSchema = z.strictObject({
  name: inputText().check(z.trim(), z.minLength(1), z.maxLength(NAME_MAX_LENGTH)),
});
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;

/**
 * `GET /api/account/me`: the profile, the plan's connection usage and every connection the page lists. The usage
 * is the one the dashboard shows (`GET /api/connections/overview`): sample connections (demo accounts, test mode)
 * are listed but counted apart, since they do not count against the plan.
 */
export const accountInfoSchema = z.object({
  user: userSchema,
  connectionCount: z.int().check(z.nonnegative()),
  connectionLimit: z.int().check(z.positive()),
  sampleConnectionCount: z.int().check(z.nonnegative()),
  connections: z.object({
    slack: z.array(platformConnectionSchema),
    chatwork: z.array(platformConnectionSchema),
    googleCalendar: googleCalendarStatusSchema,
  }),
});
export type AccountInfo = z.infer<typeof accountInfoSchema>;

/** Mentions gathered on one UTC day, per platform (decision 124). */
export const mentionDaySchema = z.object({
  date: z.iso.date(),
  slack: z.int().check(z.nonnegative()),
  chatwork: z.int().check(z.nonnegative()),
});
export type MentionDay = z.infer<typeof mentionDaySchema>;

/** How many days the statistics chart covers, today included. */
export const MENTION_HISTORY_DAYS = 14;

/** `GET /api/account/stats`. */
export const accountStatsSchema = z.object({
  messageStats: z.object({
    totalProcessed: z.int().check(z.nonnegative()),
    totalHidden: z.int().check(z.nonnegative()),
    totalTags: z.int().check(z.nonnegative()),
  }),
  /** Oldest first, `MENTION_HISTORY_DAYS` entries ending today (UTC). */
  mentionsByDay: z.array(mentionDaySchema),
});
export type AccountStats = z.infer<typeof accountStatsSchema>;

function answerOf<T extends z.ZodMiniType>(data: T) {
  return z.object({ success: z.literal(true), message: z.string(), data });
}
export const accountInfoResponseSchema = answerOf(accountInfoSchema);
export type AccountInfoResponse = z.infer<typeof accountInfoResponseSchema>;
export const accountStatsResponseSchema = answerOf(accountStatsSchema);
export type AccountStatsResponse = z.infer<typeof accountStatsResponseSchema>;
export const updateProfileResponseSchema = answerOf(userSchema);
export type UpdateProfileResponse = z.infer<typeof updateProfileResponseSchema>;
