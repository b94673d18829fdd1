import { z } from 'zod/mini';
import { languageSchema } from './auth.ts';
import { isTimeZone } from './rules.ts';
import { inputText } from './text.ts';

/**
 * The morning digest (issue 25, docs/decisions/160): an optional e-mail at a local time on days with something
 * waiting, with counts, the oldest unanswered conversations, the senders who wrote most and links into Matome;
 * never any message content.
 */

export const DEFAULT_DIGEST_TIME = '08:30';
/** The digest of a day goes out at most this many minutes after its time (a server that was down catches up). */
export const DIGEST_LATE_MINUTES = 180;

const clockTime = inputText().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM (24-hour)'));
const timeZone = inputText().check(
  z.maxLength(64),
  z.regex(/^[A-Za-z][A-Za-z0-9_+\-/]*$/, 'must be an IANA time zone, e.g. Asia/Tokyo'),
  z.refine(isTimeZone, 'must be an IANA time zone, e.g. Asia/Tokyo'),
);

/** `GET /api/digest/settings`: `time_zone` is null until the person first saves (the web then offers its own). */
export const digestSettingsSchema = z.object({
  enabled: z.boolean(),
  time: clockTime,
  time_zone: z.nullable(z.string()),
});
export type DigestSettings = z.infer<typeof digestSettingsSchema>;

/** `PUT /api/digest/settings`: the whole setting, with the interface language the mail is to be written in. */
export const digestSettingsUpdateSchema = z.strictObject({
  enabled: z.boolean(),
  time: clockTime,
  time_zone: timeZone,
  language: languageSchema,
});
export type DigestSettingsUpdate = z.infer<typeof digestSettingsUpdateSchema>;

/** The unsubscribe link's query: `?token=…`. */
export const digestUnsubscribeQuerySchema = z.strictObject({
  token: inputText().check(z.maxLength(200)),
});

export const digestErrorCodes = { badToken: 'INVALID_UNSUBSCRIBE_LINK' } as const;
