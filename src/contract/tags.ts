import { z } from 'zod/mini';
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
export const tagRecordSchema = z.extend(tagSchema, { created_at: isoDateTime, updated_at: isoDateTime });
export type TagRecord = z.infer<typeof tagRecordSchema>;

const tagName = inputText().check(
  z.trim(),
  z.minLength(1, 'must not be empty'),
  z.maxLength(TAG_NAME_MAX_LENGTH, `must be at most ${TAG_NAME_MAX_LENGTH} characters`),
);
/** An empty Japanese name or description means "none". */
const optionalText = (max: number) =>
  z.pipe(
    z.nullish(inputText().check(z.trim(), z.maxLength(max, `must be at most ${max} characters`))),
    z.transform((value) => value || null),
  );
const tagColor = z.pipe(
  inputText().check(z.regex(/^#[0-9A-Fa-f]{6}$/, 'must be a colour like #6B7280')),
  z.transform((value) => value.toUpperCase()),
);

export const tagCreateSchema = z.strictObject({
  name: tagName,
  name_jp: optionalText(TAG_NAME_MAX_LENGTH),
  color: z.optional(tagColor),
  description: optionalText(TAG_DESCRIPTION_MAX_LENGTH),
});
export type TagCreateInput = z.input<typeof tagCreateSchema>;
/** A create request after validation: trimmed, empty optional texts as null, colour upper-case. */
export type TagCreate = z.output<typeof tagCreateSchema>;

/** Only the fields given change; `null` or an empty text clears the Japanese name or the description. */
export const tagUpdateSchema = z.strictObject({
  name: z.optional(tagName),
  name_jp: z.optional(optionalText(TAG_NAME_MAX_LENGTH)),
  color: z.optional(tagColor),
  description: z.optional(optionalText(TAG_DESCRIPTION_MAX_LENGTH)),
});
export type TagUpdateInput = z.input<typeof tagUpdateSchema>;
export type TagUpdate = z.output<typeof tagUpdateSchema>;

export const platformMessageIdSchema = inputText().check(
  z.minLength(1, 'must not be empty'),
  z.maxLength(PLATFORM_MESSAGE_ID_MAX_LENGTH, `must be at most ${PLATFORM_MESSAGE_ID_MAX_LENGTH} characters`),
);

/** One message, as tags and hidden state identify it. */
export const messageRefSchema = z.strictObject({
  platform: platformSchema,
  platform_message_id: platformMessageIdSchema,
});
export type MessageRef = z.infer<typeof messageRefSchema>;

export const tagLinkCreateSchema = z.extend(messageRefSchema, { tag_id: z.uuid() });
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

export const tagStatisticSchema = z.object({ tag: tagRecordSchema, total: z.int().check(z.nonnegative()) });
export type TagStatistic = z.infer<typeof tagStatisticSchema>;

export const successSchema = z.object({ success: z.literal(true) });
export const dataResponseSchema = <T extends z.ZodMiniType>(data: T) =>
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
