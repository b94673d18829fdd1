import { z } from 'zod/mini';
import { connectionIdSchema } from './connections.ts';
import { messageTypeFilterSchema } from './messages.ts';
import { inputText } from './text.ts';

/**
 * Search over the messages Matome holds for the signed-in user (issue 24, decision 155): every account of both
 * platforms at once, in what the time-limited message cache holds. Words are matched as `text-search.ts` decides
 * (width, kana and case folded; Japanese anywhere, Latin words from their start); every word must be found.
 */

/** The longest query: longer ones are refused rather than cut, so a result never answers words it ignored. */
export const SEARCH_QUERY_MAX_LENGTH = 200;
/**
 * The most matches one answer names, newest first. The list pages through them on the client; a search finding
 * more says so (`truncated`) and the person narrows it with more words or filters.
 */
export const SEARCH_RESULT_CAP = 500;

const isoDate = z.iso.datetime({ offset: true });

export const searchQuerySchema = z
  .object({
    q: inputText().check(z.trim(), z.minLength(1), z.maxLength(SEARCH_QUERY_MAX_LENGTH)),
    /** Only messages of this type (as the list's type filter counts them). */
    type: z.optional(messageTypeFilterSchema),
    /** Only messages gathered through this connection. */
    connection: z.optional(connectionIdSchema),
    /** Only messages from this sender: their id on the platform, as a card's sender carries it. */
    sender: z.optional(inputText().check(z.minLength(1), z.maxLength(100))),
    /** Sent at or after this time (ISO 8601). */
    from: z.optional(isoDate),
    /** Sent at or before this time (ISO 8601). */
    to: z.optional(isoDate),
  })
  .check(
    z.refine((query) => !query.from || !query.to || Date.parse(query.from) <= Date.parse(query.to), {
      message: '`from` must not be after `to`',
      path: ['from'],
    }),
  );
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** A range of a card's plain text (`plainTextOf`), in UTF-16 units, `start` inclusive, `end` exclusive. */
export const highlightSchema = z.object({ start: z.int().check(z.nonnegative()), end: z.int() });

export const searchMatchSchema = z.object({
  /** The message id of the list (`messageIdOf`: platform and platform message id). */
  id: z.string(),
  /** Where the words are in the message's plain text, sorted and merged. */
  highlights: z.array(highlightSchema),
});
export type SearchMatch = z.infer<typeof searchMatchSchema>;

export const searchResponseSchema = z.object({
  /** Newest first, at most `SEARCH_RESULT_CAP`. */
  matches: z.array(searchMatchSchema),
  /** More messages matched than `matches` names. */
  truncated: z.boolean(),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
