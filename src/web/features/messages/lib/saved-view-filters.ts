import type { SavedView, SavedViewFiltersInput, ViewState } from '../../../../contract/saved-views.ts';
import type { MessageFilters } from './message-filters.ts';

/** What a view names that is gone: its tag, and how many of its connections. */
export interface MissingReferences {
  tag: boolean;
  connections: number;
}

/**
 * What is gone of what a view names: the server says which tag (and connections) it knew to be gone; a connection
 * removed on this page since shows at once, since the list's connections are always current.
 */
export function missingOf(view: SavedView, connectionIds: ReadonlySet<string>): MissingReferences {
  const gone = new Set(view.missing.connection_ids);
  for (const id of view.filters.connection_ids) if (!connectionIds.has(id)) gone.add(id);
  return { tag: view.missing.tag, connections: gone.size };
}

export const hasMissing = (missing: MissingReferences) => missing.tag || missing.connections > 0;

/** The list's filters for a view, without what is gone: the view still applies the rest. */
export function listFiltersOf(view: SavedView, connectionIds: ReadonlySet<string>): MessageFilters {
  const { filters } = view;
  const gone = new Set(view.missing.connection_ids);
  return {
    platform: filters.platform,
    types: filters.types,
    tagId: view.missing.tag ? null : filters.tag_id,
    connectionIds: filters.connection_ids.filter((id) => connectionIds.has(id) && !gone.has(id)),
    words: filters.words,
    sender: null,
    sentFrom: null,
    sentTo: null,
  };
}

/** The list's filters and its Inbox / Snoozed state, as a view saves them. */
export function viewFiltersOf(filters: MessageFilters, state: ViewState): SavedViewFiltersInput {
  return {
    platform: filters.platform,
    types: [...filters.types],
    tag_id: filters.tagId,
    connection_ids: [...filters.connectionIds],
    state,
    words: filters.words.trim(),
  };
}

const sameMembers = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item) => b.includes(item));

/** Whether two sets of the list's filters choose the same messages (the order of choices aside). */
export function sameFilters(a: MessageFilters, b: MessageFilters): boolean {
  return (
    a.platform === b.platform &&
    sameMembers(a.types, b.types) &&
    a.tagId === b.tagId &&
    sameMembers(a.connectionIds, b.connectionIds) &&
    a.words.trim() === b.words.trim() &&
    a.sender === b.sender &&
    a.sentFrom === b.sentFrom &&
    a.sentTo === b.sentTo
  );
}

/** `ids` with `id` moved to `index` (clamped to the ends). */
export function movedTo(ids: readonly string[], id: string, index: number): string[] {
  const rest = ids.filter((item) => item !== id);
  const at = Math.max(0, Math.min(rest.length, index));
  return [...rest.slice(0, at), id, ...rest.slice(at)];
}
