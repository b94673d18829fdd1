import { z } from 'zod/mini';
import { messageTypeFilters, messageTypeFilterSchema, platformSchema } from './messages.ts';
import { inputText } from './text.ts';

/**
 * Saved views (issue 24, docs/decisions/157): a name in the person's own words and the filters of the message
 * list, in the person's order. Views hold ids and words the person typed, never message content.
 */

export const VIEW_NAME_MAX_LENGTH = 40;
export const VIEW_WORDS_MAX_LENGTH = 200;
/** Connections one view may name: more than anyone connects (the paid plans stop well below). */
export const VIEW_CONNECTIONS_MAX = 50;
/** Views one user may keep, the three defaults included: more tabs than a screen can show in a row. */
export const SAVED_VIEWS_PER_USER_MAX = 30;

/** The defaults every user has: they can be renamed and moved, not deleted, and their filters stay as they are. */
export const defaultViewKinds = ['all', 'mentions', 'dms'] as const;
export const defaultViewKindSchema = z.enum(defaultViewKinds);
export type DefaultViewKind = z.infer<typeof defaultViewKindSchema>;

/** Inbox: what is neither snoozed nor done. Snoozed: what waits to come back. */
export const viewStates = ['inbox', 'snoozed'] as const;
export const viewStateSchema = z.enum(viewStates);
export type ViewState = z.infer<typeof viewStateSchema>;

const distinct = <T>(values: readonly T[]) => new Set(values).size === values.length;

export const savedViewFiltersSchema = z.strictObject({
  platform: z._default(z.union([z.literal('all'), platformSchema]), 'all'),
  types: z._default(
    z
      .array(messageTypeFilterSchema)
      .check(z.maxLength(messageTypeFilters.length), z.refine(distinct, 'must not repeat a type')),
    [],
  ),
  tag_id: z._default(z.nullable(z.uuid()), null),
  connection_ids: z._default(
    z
      .array(z.uuid())
      .check(
        z.maxLength(VIEW_CONNECTIONS_MAX, `must name at most ${VIEW_CONNECTIONS_MAX} connections`),
        z.refine(distinct, 'must not repeat a connection'),
      ),
    [],
  ),
  state: z._default(viewStateSchema, 'inbox'),
  /** Search words as the person typed them; empty means none. */
  words: z._default(
    inputText().check(
      z.trim(),
      z.maxLength(VIEW_WORDS_MAX_LENGTH, `must be at most ${VIEW_WORDS_MAX_LENGTH} characters`),
    ),
    '',
  ),
});
export type SavedViewFiltersInput = z.input<typeof savedViewFiltersSchema>;
export type SavedViewFilters = z.output<typeof savedViewFiltersSchema>;

export const defaultViewFilters: Record<DefaultViewKind, SavedViewFilters> = {
  all: savedViewFiltersSchema.parse({}),
  mentions: savedViewFiltersSchema.parse({ types: ['mention'] }),
  dms: savedViewFiltersSchema.parse({ types: ['dm'] }),
};

const viewName = inputText().check(
  z.trim(),
  z.minLength(1, 'must not be empty'),
  z.maxLength(VIEW_NAME_MAX_LENGTH, `must be at most ${VIEW_NAME_MAX_LENGTH} characters`),
);

/** Filters as the server answers them: what it stored, read without the checks of what it takes in. */
const storedFiltersSchema = z.object({
  platform: z.union([z.literal('all'), platformSchema]),
  types: z.array(messageTypeFilterSchema),
  tag_id: z.nullable(z.string()),
  connection_ids: z.array(z.string()),
  state: viewStateSchema,
  words: z.string(),
});

export const savedViewSchema = z.object({
  id: z.string(),
  /** Null on a default the person has not renamed: it is shown in their language. */
  name: z.nullable(z.string()),
  default_kind: z.nullable(defaultViewKindSchema),
  filters: storedFiltersSchema,
  /** What the view names that is gone: a deleted tag, connections no longer there. It still works without them. */
  missing: z.object({ tag: z.boolean(), connection_ids: z.array(z.string()) }),
  created_at: z.iso.datetime({ offset: true }),
  updated_at: z.iso.datetime({ offset: true }),
});
export type SavedView = z.infer<typeof savedViewSchema>;

export const savedViewCreateSchema = z.strictObject({ name: viewName, filters: savedViewFiltersSchema });
export type SavedViewCreateInput = z.input<typeof savedViewCreateSchema>;
export type SavedViewCreate = z.output<typeof savedViewCreateSchema>;

/**
 * Only the fields given change. A default takes a name (null gives it back its own) but not filters; a view of
 * the person's own needs a name.
 */
export const savedViewUpdateSchema = z
  .strictObject({ name: z.optional(z.nullable(viewName)), filters: z.optional(savedViewFiltersSchema) })
  .check(
    z.refine((update) => update.name !== undefined || update.filters !== undefined, 'must change something'),
  );
export type SavedViewUpdateInput = z.input<typeof savedViewUpdateSchema>;
export type SavedViewUpdate = z.output<typeof savedViewUpdateSchema>;

/** Every one of the user's views, each once, in the new order. */
export const savedViewOrderSchema = z.strictObject({
  ids: z
    .array(z.uuid())
    .check(
      z.minLength(1),
      z.maxLength(SAVED_VIEWS_PER_USER_MAX),
      z.refine(distinct, 'must not repeat a view'),
    ),
});
export type SavedViewOrder = z.infer<typeof savedViewOrderSchema>;

export const savedViewErrorCodes = {
  notFound: 'NOT_FOUND',
  limit: 'VIEW_LIMIT',
  nameTaken: 'VIEW_NAME_TAKEN',
  defaultView: 'VIEW_IS_DEFAULT',
  unknownReference: 'VIEW_UNKNOWN_REFERENCE',
  order: 'VIEW_ORDER_MISMATCH',
  demo: 'DEMO_RESTRICTED',
  testMode: 'TEST_MODE_RESTRICTED',
} as const;
