import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toUnifiedMessage } from '../../../../contract/classification.ts';
import type { PlatformConnection, SourceMessage, UnifiedMessage } from '../../../../contract/messages.ts';
import type { SavedView, ViewState } from '../../../../contract/saved-views.ts';
import type { MoreCommands } from '../actions/TriageOverlays.tsx';
import { useSavedViewsQuery } from '../api/get-saved-views.ts';
import { applyFilters, type MessageFilters } from '../lib/message-filters.ts';
import {
  listFiltersOf,
  missingOf,
  sameFilters,
  viewFiltersOf,
  type MissingReferences,
} from '../lib/saved-view-filters.ts';
import { useSavedViewWrites, type SavedViewWrites } from './use-saved-view-writes.ts';
import { awaitingFirstAnswer } from './first-answer.ts';
import { useStableCallback } from '../../../lib/use-stable-callback.ts';

export interface ViewTab {
  id: string;
  view: SavedView;
  /** The person's own name for it, or a default's name in the language on screen. */
  name: string;
  /**
   * How many messages it shows: the list's own filter over the same messages, so the two agree, and over those
   * waiting behind the new-messages pill, which the list shows when the pill is pressed.
   */
  count: number;
  missing: MissingReferences;
}

interface SavedViewsOptions {
  /** The inbox as the list filters it: triaged, without hidden messages unless they are shown. */
  listed: readonly UnifiedMessage[];
  /** Messages that arrived live and wait behind the new-messages pill: a view counts them the moment they come. */
  pending: readonly SourceMessage[];
  /** The snoozes waiting, which a Snoozed view lists. */
  snoozedCount: number;
  filters: MessageFilters;
  /** The list's state, or null while it shows a list no view holds (Awaiting reply): then no tab is chosen. */
  state: ViewState | null;
  /** Shows what a view chooses: its filters, on the Inbox or Snoozed list. */
  apply(filters: MessageFilters, state: ViewState): void;
  /** The user's connections; keep the array stable between renders. */
  connections: readonly PlatformConnection[];
}

export interface SavedViews {
  tabs: readonly ViewTab[];
  active: ViewTab | null;
  /** The views are on their way: the list waits for them, so their tabs do not push it down (a layout shift). */
  loading: boolean;
  choose(id: string): void;
  /** The list's filters are not the active view's any more: they can be saved as a view. */
  modified: boolean;
  /** Saves what the list shows now as a view and makes it the active one. */
  saveCurrent(name: string): Promise<void>;
  writes: SavedViewWrites;
  /** "Go to view: …" for each view, for the command palette. */
  paletteCommands: MoreCommands;
}

const COMMAND_PREFIX = 'view:';

/** Saved views as tabs above the list (docs/decisions/157): their live counts, the active one, choosing one. */
export function useSavedViews({
  listed,
  pending,
  snoozedCount,
  filters,
  state,
  apply,
  connections,
}: SavedViewsOptions): SavedViews {
  const { t } = useTranslation('views');
  const query = useSavedViewsQuery();
  const writes = useSavedViewWrites();
  const [activeId, setActiveId] = useState<string | null>(null);
  const connectionIds = useMemo(() => new Set(connections.map((item) => item.id)), [connections]);

  const effective = useMemo(
    () => (query.data ?? []).map((view) => ({ view, filters: listFiltersOf(view, connectionIds) })),
    [query.data, connectionIds],
  );
  const arrived = useMemo(() => pending.map(toUnifiedMessage), [pending]);
  const tabs = useMemo(
    () =>
      effective.map(({ view, filters: viewFilters }): ViewTab => ({
        id: view.id,
        view,
        name: view.name ?? t(`defaults.${view.default_kind ?? 'all'}`),
        count:
          view.filters.state === 'snoozed'
            ? snoozedCount
            : applyFilters(listed, viewFilters).length + applyFilters(arrived, viewFilters).length,
        missing: missingOf(view, connectionIds),
      })),
    [effective, listed, arrived, snoozedCount, connectionIds, t],
  );
  // Until one is chosen, the view that shows what the list shows (All, as the list opens) is the active one.
  const showing = effective.find(
    (item) => sameFilters(item.filters, filters) && item.view.filters.state === state,
  );
  const active =
    state === null
      ? null
      : (tabs.find((tab) => tab.id === (activeId ?? showing?.view.id)) ?? tabs[0] ?? null);

  const applyLatest = useStableCallback(apply);
  const choose = useCallback(
    (id: string) => {
      const chosen = effective.find((item) => item.view.id === id);
      if (!chosen) return;
      setActiveId(id);
      applyLatest(chosen.filters, chosen.view.filters.state);
    },
    [effective, applyLatest],
  );

  const activeFilters = effective.find((item) => item.view.id === active?.id);
  const modified =
    activeFilters !== undefined &&
    (!sameFilters(activeFilters.filters, filters) || activeFilters.view.filters.state !== state);

  const saveCurrent = useCallback(
    async (name: string) => {
      if (state === null) return;
      const view = await writes.save(name, viewFiltersOf(filters, state));
      setActiveId(view.id);
    },
    [filters, state, writes],
  );

  const paletteCommands = useMemo<MoreCommands>(
    () => ({
      commands: tabs.map((tab) => ({
        id: `${COMMAND_PREFIX}${tab.id}`,
        label: t('goTo', { name: tab.name }),
        keywords: [tab.name],
      })),
      run: (id) => choose(id.slice(COMMAND_PREFIX.length)),
    }),
    [tabs, choose, t],
  );

  const loading = awaitingFirstAnswer(query);
  // One object while nothing in it changes: the memoised tabs are not drawn again on a page change.
  return useMemo(
    () => ({ tabs, active, loading, choose, modified, saveCurrent, writes, paletteCommands }),
    [tabs, active, loading, choose, modified, saveCurrent, writes, paletteCommands],
  );
}
