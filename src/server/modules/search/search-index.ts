import { matchesTypeFilter, messageIdOf } from '../../../contract/classification.ts';
import { plainTextOf } from '../../../contract/markup/plain-text.ts';
import type { MentionTypes, SourceMessage } from '../../../contract/messages.ts';
import type { SearchMatch, SearchQuery } from '../../../contract/search.ts';
import { containsAllTerms, findTerms, foldText, type FoldedText } from '../../../contract/text-search.ts';

/** One message as search needs it: its words folded once, when the index is built, and what the filters read. */
export type IndexedMessage = {
  id: string;
  /** The text as gathered, to tell an edited message from one already folded. */
  content: string;
  send_time: number;
  connection_id: string;
  sender_id: string;
  mention_types: MentionTypes;
  folded: FoldedText;
};

/** Messages of one gathered result, folded for search, newest first as the result has them. */
export type SearchIndex = readonly IndexedMessage[];

/**
 * Folds the messages of a gathered result. Messages already folded in `previous` (the index of the result this one
 * replaced: a live change or a new gathering mostly keeps what was there) are taken from it when their text is
 * unchanged, so only new and edited messages are folded again.
 */
export function buildSearchIndex(
  messages: readonly SourceMessage[],
  previous: SearchIndex = [],
): SearchIndex {
  const known = new Map(previous.map((entry) => [entry.id, entry]));
  return messages.map((message) => {
    const id = messageIdOf(message.platform, message.platform_message_id);
    const before = known.get(id);
    return {
      id,
      content: message.content,
      send_time: message.send_time,
      connection_id: message.account_info.connection_id,
      sender_id: String(message.account.account_id),
      mention_types: message.mention_types,
      folded: before?.content === message.content ? before.folded : foldText(plainTextOf(message)),
    };
  });
}

/** The filters of a query other than its words, as one test of an indexed message. */
export function queryFilter(query: Omit<SearchQuery, 'q'>): (message: IndexedMessage) => boolean {
  const from = query.from ? Date.parse(query.from) / 1000 : -Infinity;
  const to = query.to ? Date.parse(query.to) / 1000 : Infinity;
  return (message) =>
    (!query.type || matchesTypeFilter(message.mention_types, query.type)) &&
    (!query.connection || message.connection_id === query.connection) &&
    (!query.sender || message.sender_id === query.sender) &&
    message.send_time >= from &&
    message.send_time <= to;
}

/** The messages of an index that pass the filter and hold every term, newest first. */
export function searchIndex(
  index: SearchIndex,
  terms: readonly string[],
  filter: (message: IndexedMessage) => boolean,
): IndexedMessage[] {
  return index.filter((message) => filter(message) && containsAllTerms(message.folded.text, terms));
}

/** A match as the answer names it, with where its terms are in the card's plain text. */
export function toMatch(message: IndexedMessage, terms: readonly string[]): SearchMatch {
  return { id: message.id, highlights: findTerms(message.folded, terms) ?? [] };
}
