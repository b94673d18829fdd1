import { z } from 'zod';
import { platformSchema, tagSchema } from './messages.ts';
import { inputText } from './text.ts';

/**
 * Tags and hidden messages (SPEC §3, §7). Both hold only message identifiers, `(platform, platform_message_id)`,
 * never message content.
 */

export const TAG_NAME_MAX_LENGTH = 50;
export const TAG_DESCRIPTION_MAX_LENGTH = 500;
export const PLATFORM_MESSAGE_ID_MAX_LENGTH = 200;
/** Rows one user may store (decision 073): far above any real use, low enough that nobody can fill the database. */
export const TAGS_PER_USER_MAX = 200;
export const TAG_LINKS_PER_USER_MAX = 20_000;

const isoDateTime = z.iso.datetime({ offset: true });

/** A tag as the tags calls return it: the tag shown on messages plus its timestamps. */
export const tagRecordSchema = tagSchema.extend({ created_at: isoDateTime, updated_at: isoDateTime });
export type TagRecord = z.infer<typeof tagRecordSchema>;

const tagName = inputText()
  .trim()
  .min(1, 'must not be empty')
  .max(TAG_NAME_MAX_LENGTH, `must be at most ${TAG_NAME_MAX_LENGTH} characters`);
/** An empty Japanese name or description means "none". */
const optionalText = (max: number) =>
  inputText()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .nullish()
    .transform((value) => value || null);
const tagColor = inputText()
  .regex(/^#[0-9A-Fa-f]{6}$/, 'must be a colour like #6B7280')
  .transform((value) => value.toUpperCase());

export const tagCreateSchema = z.strictObject({
  name: tagName,
  name_jp: optionalText(TAG_NAME_MAX_LENGTH),
  color: tagColor.optional(),
  description: optionalText(TAG_DESCRIPTION_MAX_LENGTH),
});
export type TagCreateInput = z.input<typeof tagCreateSchema>;
/** A create request after validation: trimmed, empty optional texts as null, colour upper-case. */
export type TagCreate = z.output<typeof tagCreateSchema>;

/** Only the fields given change; `null` or an empty text clears the Japanese name or the description. */
export const tagUpdateSchema = z.strictObject({
  name: tagName.optional(),
  name_jp: optionalText(TAG_NAME_MAX_LENGTH).optional(),
  color: tagColor.optional(),
  description: optionalText(TAG_DESCRIPTION_MAX_LENGTH).optional(),
});
export type TagUpdateInput = z.input<typeof tagUpdateSchema>;
export type TagUpdate = z.output<typeof tagUpdateSchema>;

export const platformMessageIdSchema = inputText()
  .min(1, 'must not be empty')
  .max(PLATFORM_MESSAGE_ID_MAX_LENGTH, `must be at most ${PLATFORM_MESSAGE_ID_MAX_LENGTH} characters`);

/** One message, as tags and hidden state identify it. */
export const messageRefSchema = z.strictObject({
  platform: platformSchema,
  platform_message_id: platformMessageIdSchema,
});
export type MessageRef = z.infer<typeof messageRefSchema>;

export const tagLinkCreateSchema = messageRefSchema.extend({ tag_id: z.uuid() });
export type TagLinkCreateInput = z.infer<typeof tagLinkCreateSchema>;

/** A message-tag link (SPEC §3). */
export const tagLinkSchema = z.object({
  id: z.string(),
  tag_id: z.string(),
  tag: tagRecordSchema,
  platform: platformSchema,
  platform_message_id: z.string(),
  created_at: isoDateTime,
});
export type TagLink = z.infer<typeof tagLinkSchema>;

export const tagStatisticSchema = z.object({ tag: tagRecordSchema, total: z.number().int().nonnegative() });
export type TagStatistic = z.infer<typeof tagStatisticSchema>;

export const successSchema = z.object({ success: z.literal(true) });
export const dataResponseSchema = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), data });

/** Error codes of the tag calls. */
export const tagErrorCodes = {
  notFound: 'NOT_FOUND',
  duplicateName: 'TAG_NAME_TAKEN',
  alreadyLinked: 'TAG_ALREADY_LINKED',
  limit: 'TAG_LIMIT',
  linkLimit: 'TAG_LINK_LIMIT',
  demo: 'DEMO_RESTRICTED',
  testMode: 'TEST_MODE_RESTRICTED',
} as const;
