import { matchesTypeFilter } from '../../../../contract/classification.ts';
import type { MessageTypeFilter, Platform, Tag, UnifiedMessage } from '../../../../contract/messages.ts';
import { messageTypeFilters } from '../../../../contract/messages.ts';
import { compareNames } from '../../../lib/intl-format.ts';
import { matchesWords } from './message-words.ts';

export type PlatformFilter = Platform | 'all';

/**
 * What the list shows. Within the type filter and the connection chips, choices widen the list (any of them
 * matches); across filters they narrow it. Nothing chosen means no restriction.
 */
export interface MessageFilters {
  platform: PlatformFilter;
  types: readonly MessageTypeFilter[];
  tagId: string | null;
  connectionIds: readonly string[];
  /** Search words as typed (matched as `searchTerms` / `containsAllTerms` match them); empty means none. */
  words: string;
  /**
   * Only messages from senders of this name, on every account: one person has another id in each workspace and
   * on ChatWork, but the same name. A refinement of the moment, not kept in saved views.
   */
  sender: string | null;
  /** Sent on or after this local day (YYYY-MM-DD), on or before `sentTo`; null means open-ended. */
  sentFrom: string | null;
  sentTo: string | null;
}

export const noFilters: MessageFilters = {
  platform: 'all',
  types: [],
  tagId: null,
  connectionIds: [],
  words: '',
  sender: null,
  sentFrom: null,
  sentTo: null,
};

export function hasActiveFilters(filters: MessageFilters): boolean {
  return (
    filters.platform !== 'all' ||
    filters.types.length > 0 ||
    filters.tagId !== null ||
    filters.connectionIds.length > 0 ||
    filters.words.trim() !== '' ||
    filters.sender !== null ||
    filters.sentFrom !== null ||
    filters.sentTo !== null
  );
}

/** How many filters are set, for the Filters button's label on a phone. */
export function activeFilterCount(filters: MessageFilters): number {
  return (
    (filters.platform !== 'all' ? 1 : 0) +
    filters.types.length +
    (filters.tagId !== null ? 1 : 0) +
    filters.connectionIds.length +
    (filters.sender !== null ? 1 : 0) +
    (filters.sentFrom !== null || filters.sentTo !== null ? 1 : 0)
  );
}

type Facet = 'platform' | 'types' | 'tag' | 'connections' | 'sender';
const FACETS: readonly Facet[] = ['platform', 'types', 'tag', 'connections', 'sender'];

/** Seconds since the epoch at the start of a local day (YYYY-MM-DD) plus `days`, in the browser's time zone. */
function startOfLocalDay(day: string, days = 0): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date + days).getTime() / 1000;
}

/**
 * The filters as predicates, worked out once for a pass over the list: each facet's own test, and the tests every
 * count shares (the days sent and the search words).
 */
function compile(filters: MessageFilters) {
  const from = filters.sentFrom === null ? null : startOfLocalDay(filters.sentFrom);
  const before = filters.sentTo === null ? null : startOfLocalDay(filters.sentTo, 1);
  const facet: Record<Facet, (message: UnifiedMessage) => boolean> = {
    platform: (message) => filters.platform === 'all' || message.platform === filters.platform,
    types: (message) =>
      filters.types.length === 0 ||
      filters.types.some((type) => matchesTypeFilter(message.mention_types, type)),
    tag: (message) => filters.tagId === null || message.tags.some((tag) => tag.id === filters.tagId),
    connections: (message) =>
      filters.connectionIds.length === 0 ||
      filters.connectionIds.includes(message.account_info.connection_id),
    sender: (message) => filters.sender === null || message.sender.name === filters.sender,
  };
  const shared = (message: UnifiedMessage) =>
    (from === null || message.send_time >= from) &&
    (before === null || message.send_time < before) &&
    matchesWords(message, filters.words);
  return { facet, shared };
}

export function applyFilters(messages: readonly UnifiedMessage[], filters: MessageFilters): UnifiedMessage[] {
  if (!hasActiveFilters(filters)) return messages as UnifiedMessage[];
  const { facet, shared } = compile(filters);
  return messages.filter((message) => FACETS.every((name) => facet[name](message)) && shared(message));
}

export interface FacetCounts {
  platform: Record<Platform, number>;
  types: Record<MessageTypeFilter, number>;
  connections: Map<string, number>;
  /** By tag id; a tag on no listed message is absent (0). */
  tags: Map<string, number>;
  /** By sender name, most messages first. */
  senders: Map<string, number>;
}

/**
 * The number beside each choice is how many messages the list would show with that choice made, given the other
 * filters: each facet is counted with every filter applied except its own.
 */
export function facetCounts(messages: readonly UnifiedMessage[], filters: MessageFilters): FacetCounts {
  const counts: FacetCounts = {
    platform: { chatwork: 0, slack: 0 },
    types: { mention: 0, dm: 0, reply: 0, 'all-mention': 0 },
    connections: new Map(),
    tags: new Map(),
    senders: new Map(),
  };
  const { facet, shared } = compile(filters);
  for (const message of messages) {
    if (!shared(message)) continue;
    // A message counts for every facet when it passes them all, and for the one it fails when it fails only one.
    let failed: Facet | null = null;
    let failures = 0;
    for (const name of FACETS) {
      if (facet[name](message)) continue;
      failed = name;
      failures += 1;
      if (failures > 1) break;
    }
    if (failures > 1) continue;
    const counted = (name: Facet) => failed === null || failed === name;
    if (counted('platform')) counts.platform[message.platform] += 1;
    if (counted('types')) {
      for (const type of messageTypeFilters) {
        if (matchesTypeFilter(message.mention_types, type)) counts.types[type] += 1;
      }
    }
    if (counted('connections')) {
      const id = message.account_info.connection_id;
      counts.connections.set(id, (counts.connections.get(id) ?? 0) + 1);
    }
    if (counted('tag')) {
      for (const tag of message.tags) counts.tags.set(tag.id, (counts.tags.get(tag.id) ?? 0) + 1);
    }
    if (counted('sender')) {
      const { name } = message.sender;
      counts.senders.set(name, (counts.senders.get(name) ?? 0) + 1);
    }
  }
  counts.senders = new Map([...counts.senders].sort(([a, x], [b, y]) => y - x || compareNames(a, b)));
  return counts;
}

/**
 * The tag filter's choices: every one of the user's tags, used or not, and any tag a message carries that the
 * list of tags does not (yet) have; once each, by name.
 */
export function tagChoices(userTags: readonly Tag[], messages: readonly UnifiedMessage[]): Tag[] {
  const byId = new Map<string, Tag>();
  for (const message of messages) for (const tag of message.tags) byId.set(tag.id, tag);
  for (const tag of userTags) byId.set(tag.id, tag);
  return [...byId.values()].sort((a, b) => compareNames(a.name, b.name));
}
