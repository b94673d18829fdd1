import { Suspense, useCallback, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type {
  MessageTypeFilter,
  PlatformConnection,
  Tag,
  UnifiedMessage,
} from '../../../../contract/messages.ts';
import type { QuietHours } from '../../../../contract/rules.ts';
import { colorOf, connectionColors } from '../../../lib/connection-color.ts';
import type { UndoApi } from '../../../lib/use-undo-stack.ts';
import { useNow } from '../../../lib/use-now.ts';
import { TriageOverlays } from '../actions/TriageOverlays.tsx';
import { useTriage, type ListActionHandlers } from '../actions/use-triage.ts';
import type { ActionContext } from '../actions/message-actions.ts';
import { useActionGuard } from '../hooks/use-action-guard.ts';
import { useValueAfterPaint } from '../hooks/use-after-paint.ts';
import { useCardFocus } from '../hooks/use-card-focus.ts';
import { useDensity } from '../hooks/use-density.ts';
import { useHiding } from '../hooks/use-hiding.ts';
import { useHandledIds } from '../hooks/use-handled-ids.ts';
import { useListTriage } from '../hooks/use-list-triage.ts';
import { useListRefresh } from '../hooks/use-list-refresh.ts';
import { useLiveMessages } from '../hooks/use-live-messages.ts';
import { PAGE_SIZE, useListPage } from '../hooks/use-list-page.ts';
import { useMessageListState } from '../hooks/use-message-filters.ts';
import { useSavedViews } from '../hooks/use-saved-views.ts';
import { SearchMatchContext } from '../hooks/search-match-context.ts';
import { useMessageSearch } from '../hooks/use-message-search.ts';
import { useRuleViews } from '../hooks/use-rule-views.ts';
import { useSelection } from '../hooks/use-selection.ts';
import { useStableCallback } from '../../../lib/use-stable-callback.ts';
import { useGatherAfresh, useTimeline, type TimelineAccount } from '../hooks/use-timeline.ts';
import { useUndoableHiding } from '../hooks/use-undoable-hiding.ts';
import type { Restriction } from '../lib/action-restrictions.ts';
import { applyFilters, facetCounts, hasActiveFilters, tagChoices } from '../lib/message-filters.ts';
import { AccountProgress, isCatchingUp } from './AccountProgress.tsx';
import { BulkBar } from './BulkBar.tsx';
import { BulkHideDialog } from './BulkHideDialog.tsx';
import { ExpiryDialog } from './ExpiryDialog.tsx';
import { FetchFailures } from './FetchFailures.tsx';
import { ListEmpty, ListStatus, type EmptyReason } from './ListStatus.tsx';
import { HandledContext } from './HandledMarker.tsx';
import { LazySnoozeDialog } from './LazySnoozeDialog.tsx';
import { MessageListHeader } from './MessageListHeader.tsx';
import { MessageListSkeleton } from './MessageListSkeleton.tsx';
import { MessagePage } from './MessagePage.tsx';
import { NewMessagesPill } from './NewMessagesPill.tsx';
import { AwaitingView, SnoozedView } from './on-demand.ts';
import { focusSearchBox, SearchBox } from './SearchBox.tsx';
import { TriageViewSwitch } from './TriageViewSwitch.tsx';
import { viewTabId, ViewTabs } from './ViewTabs.tsx';

const VIEW_PANEL_ID = 'message-view-panel';

interface MessageListProps {
  /** The user's connections on both platforms; keep the array stable between renders. */
  connections: readonly PlatformConnection[];
  restriction: Restriction | null;
  /** All of the user's tags, for the tag filter; keep the array stable between renders. */
  userTags: readonly Tag[];
  /** Opens the tag picker for one message; keep it stable between renders. */
  onEditTags(message: UnifiedMessage): void;
  /** Opens the bulk-tag sheet for the selected messages. */
  onBulkTag(messages: readonly UnifiedMessage[]): void;
  /** Where hides (and the tag changes made beside the list) are offered for undoing. */
  undo: UndoApi;
  /** Whose recent commands the palette lists first. */
  userId: string | undefined;
  /** The person's quiet hours: the new-messages button waits while they last. */
  quietHours?: QuietHours | null;
}

/** Presses a card's own button (reply), so the shortcut does just what the button does. */
function pressCardAction(id: string, action: string) {
  document
    .querySelector<HTMLElement>(`article[data-message-id="${CSS.escape(id)}"] [data-action="${action}"]`)
    ?.click();
}

export function MessageList({
  connections,
  restriction,
  userTags,
  onEditTags,
  onBulkTag,
  undo,
  userId,
  quietHours = null,
}: MessageListProps) {
  const navigate = useNavigate();
  const timeline = useTimeline(connections);
  const live = useLiveMessages();
  const colors = useMemo(() => connectionColors(connections), [connections]);
  const colorOfConnection = useCallback((id: string) => colorOf(colors, id), [colors]);
  const gatherAfresh = useGatherAfresh();
  const allowed = useActionGuard(restriction);
  const now = useNow();
  const [{ filters, page: requestedPage }, dispatch] = useMessageListState();
  const selection = useSelection();
  const [expiryMessage, setExpiryMessage] = useState<UnifiedMessage | null>(null);
  const { refreshing, refresh } = useListRefresh(connections, allowed);
  const [showHidden, setShowHidden] = useState(false);
  const [confirmingHide, setConfirmingHide] = useState(false);
  const listTopRef = useRef<HTMLDivElement>(null);
  const [density, setDensity] = useDensity(userId);
  const hiding = useHiding();
  const { isHidden, isFading, unhide } = hiding;
  const focusCardRef = useRef<(id: string) => void>(() => undefined);
  const triaged = useListTriage({
    messages: timeline.messages,
    pending: live.pending,
    undo,
    selection,
    focusCard: (id) => focusCardRef.current(id),
  });
  // Inbox, Important and Muted are the list under the rules' eyes; Snoozed and Awaiting reply are lists of their own.
  const showsList = triaged.view !== 'snoozed' && triaged.view !== 'awaiting';
  const inView = useRuleViews(triaged.messages, triaged.view, live.pending, quietHours, now);
  const handledIds = useHandledIds(!timeline.isLoading);

  const hiddenCount = useMemo(
    () => inView.messages.filter((message) => isHidden(message.id)).length,
    [inView.messages, isHidden],
  );
  const listed = useMemo(
    () =>
      showHidden
        ? inView.messages
        : inView.messages.filter((message) => !isHidden(message.id) || isFading(message.id)),
    [inView.messages, isHidden, isFading, showHidden],
  );
  const search = useMessageSearch({
    searched: filters.words,
    onSearch: (words) => dispatch({ type: 'apply', filters: { ...filters, words } }),
  });
  const { matches } = search;
  // The list's own filter decides what is listed (live messages included, as the views count them); the server's
  // matches give the marks to highlight, with the same folding and the same plain text.
  const filtered = useMemo(() => applyFilters(listed, filters), [listed, filters]);
  // A filter change shows its cards in the frame of the click; the header (its counts, its pressed filters) and the
  // view tabs are drawn after that frame is painted (decision 174): they were most of the click's work.
  const header = useValueAfterPaint(
    useMemo(() => ({ filters, shown: filtered.length }), [filters, filtered.length]),
  );
  const headerFilters = header.filters;
  const counts = useMemo(() => facetCounts(listed, headerFilters), [listed, headerFilters]);
  const tags = useMemo(() => tagChoices(userTags, timeline.messages), [userTags, timeline.messages]);
  const savedViews = useSavedViews({
    listed,
    pending: live.pending,
    snoozedCount: triaged.waiting.length,
    filters: headerFilters,
    state: triaged.view === 'inbox' || triaged.view === 'snoozed' ? triaged.view : null,
    apply: (next, state) => {
      dispatch({ type: 'apply', filters: next });
      triaged.setView(state);
    },
    connections,
  });
  const selectedMessages = useMemo(
    () => timeline.messages.filter((message) => selection.selected.has(message.id)),
    [timeline.messages, selection.selected],
  );
  const { page, pages, pageMessages, pageIds, pageSelection, changePage } = useListPage({
    filtered,
    requestedPage,
    dispatch,
    selected: selection.selected,
    listTopRef,
  });
  const cardFocus = useCardFocus({
    messages: filtered,
    pageMessages,
    pageSize: PAGE_SIZE,
    page,
    onPageChange: (next) => dispatch({ type: 'page', page: next }),
  });
  useLayoutEffect(() => {
    focusCardRef.current = cardFocus.focusCard;
  });
  const { hideKeepingPlace, hideMessages } = useUndoableHiding({
    hiding,
    undo,
    selection,
    pageIds,
    focusCard: cardFocus.focusCard,
  });
  // Hide, done and snooze write to the server: offline, the card's buttons say so instead of failing.
  const hideFromCard = useCallback(
    (message: UnifiedMessage) => {
      if (allowed('triage')) hideKeepingPlace(message);
    },
    [allowed, hideKeepingPlace],
  );
  const { runOnCard } = triaged;
  const triageFromCard = useCallback<typeof runOnCard>(
    (action, message) => {
      if (allowed('triage')) runOnCard(action, message);
    },
    [allowed, runOnCard],
  );

  const toggleType = useCallback(
    (messageType: MessageTypeFilter) => dispatch({ type: 'toggle-type', messageType }),
    [dispatch],
  );

  // The header, the pill and the view switch are memoised: a page change leaves them as they are.
  const selectPage = useStableCallback((select: boolean) => selection.setAll(pageMessages, select));
  const refreshList = useStableCallback((force: boolean) => void refresh(force));
  const toggleHidden = useCallback(() => setShowHidden((value) => !value), []);
  const revealNew = useStableCallback(() => {
    live.reveal();
    dispatch({ type: 'page', page: 1 });
    listTopRef.current?.scrollIntoView({ block: 'start' });
  });
  const searchBox = useMemo(() => <SearchBox search={search} />, [search]);

  const closeHideDialog = useCallback(() => setConfirmingHide(false), []);
  const closeExpiry = useCallback(() => setExpiryMessage(null), []);
  const hideSelected = useStableCallback(() => {
    setConfirmingHide(false);
    hideMessages(selectedMessages.filter((message) => !isHidden(message.id)));
    selection.clear();
  });

  const retry = (accounts: readonly TimelineAccount[]) => {
    void gatherAfresh(accounts.map((account) => account.connection));
  };

  const context: ActionContext = {
    focused: cardFocus.focused !== null,
    selected: selectedMessages.length,
    pageSelection,
    canUndo: undo.canUndo,
    filtersActive: hasActiveFilters(filters),
    activeTypes: filters.types,
    hiddenCount,
    showingHidden: showHidden,
  };
  const handlers: ListActionHandlers = {
    next: () => cardFocus.move(1),
    previous: () => cardFocus.move(-1),
    select: (message) => selection.toggle(message.id),
    hide: (messages, fromSelection) => {
      if (fromSelection) setConfirmingHide(true);
      else if (!isHidden(messages[0]!.id)) hideKeepingPlace(messages[0]!);
    },
    tag: (messages, fromSelection) => (fromSelection ? onBulkTag(messages) : onEditTags(messages[0]!)),
    reply: (message) => pressCardAction(message.id, 'reply'),
    openOriginal: (message) => window.open(message.original_url, '_blank', 'noopener,noreferrer'),
    selectPage: () => selection.setAll(pageMessages, pageSelection !== 'all'),
    clearSelection: selection.clear,
    undo: () => void undo.undoLatest(),
    filterMention: () => toggleType('mention'),
    filterDm: () => toggleType('dm'),
    filterReply: () => toggleType('reply'),
    filterAllMention: () => toggleType('all-mention'),
    clearFilters: () => dispatch({ type: 'clear' }),
    toggleHidden,
    refresh: () => void refresh(false),
    search: focusSearchBox,
    ...triaged.handlers,
    goInbox: () => {
      triaged.setView('inbox');
      dispatch({ type: 'page', page: 1 });
      listTopRef.current?.scrollIntoView({ block: 'start' });
    },
    goTags: () => void navigate('/tags'),
    views: () => document.getElementById(viewTabId(savedViews.active?.id ?? ''))?.focus(),
    goRules: () => void navigate('/rules'),
  };
  const triage = useTriage({
    handlers,
    focused: showsList ? cardFocus.focused : null,
    selected: showsList ? selectedMessages : [],
    allowed,
    userId,
    enabled: !timeline.isLoading,
  });
  const showShortcuts = useStableCallback(() => triage.setOverlay('help'));

  // The list waits for its saved views and for what is snoozed or done, so it neither moves nor drops cards once drawn.
  // Its first drawing is one render: decision 175's deferred drawing needs React's concurrent rendering, which Preact
  // does not have (decision 180), and the render costs less there.
  const waiting = timeline.isLoading || savedViews.loading || triaged.loading;
  if (waiting) return <MessageListSkeleton />;

  const failed = timeline.accounts.filter((account) => account.status === 'error');
  const failedPlatforms = new Set(failed.map((account) => account.connection.platform));
  const allFailed = failed.length === timeline.accounts.length && failedPlatforms.size === 2;
  const emptyReason: EmptyReason | null =
    timeline.messages.length === 0 && triaged.view === 'inbox'
      ? connections.some(isCatchingUp)
        ? 'catching-up'
        : 'no-messages'
      : listed.length === 0 && triaged.view !== 'inbox'
        ? 'empty-view'
        : filtered.length === 0
          ? 'no-matches'
          : null;

  // On the line of the dashboard's "Messages" heading, at its end: a line of its own would cost the compact list
  // its twelfth row at 1440×900 (decision 152). A phone has no room beside the heading for its five views: there
  // they take a line of their own.
  const viewSwitch = (
    <div className="flex justify-end sm:-mt-12">
      <TriageViewSwitch
        view={triaged.view}
        snoozedCount={triaged.waiting.length}
        onChange={triaged.setView}
      />
    </div>
  );
  // The tabs come before the panel that shows the chosen view, which is the rest of the list.
  const viewPanel = {
    id: VIEW_PANEL_ID,
    role: 'tabpanel',
    'aria-labelledby': savedViews.active ? viewTabId(savedViews.active.id) : undefined,
  };
  const withViews = (panel: ReactNode) => (
    <>
      {viewSwitch}
      <ViewTabs views={savedViews} panelId={VIEW_PANEL_ID} allowed={allowed} />
      {panel}
    </>
  );
  if (!showsList) {
    const otherList = (
      <div className="space-y-4" {...viewPanel}>
        <Suspense fallback={<MessageListSkeleton />}>
          {triaged.view === 'awaiting' ? (
            <AwaitingView messages={timeline.messages} now={now} />
          ) : (
            <SnoozedView
              waiting={triaged.waiting}
              messageOf={triaged.messageOf}
              now={triaged.now}
              onUnsnooze={triaged.unsnooze}
            />
          )}
        </Suspense>
        <TriageOverlays triage={triage} context={context} more={savedViews.paletteCommands} />
      </div>
    );
    return withViews(otherList);
  }

  const inboxList = (
    <div className="space-y-4" {...viewPanel}>
      <MessageListHeader
        filters={headerFilters}
        counts={counts}
        tags={tags}
        connections={connections}
        colors={colors}
        dispatch={dispatch}
        pageSelection={pageSelection}
        onSelectPage={selectPage}
        refreshing={refreshing}
        onRefresh={refreshList}
        hiddenCount={hiddenCount}
        showingHidden={showHidden}
        onToggleHidden={toggleHidden}
        onShowShortcuts={showShortcuts}
        shown={header.shown}
        density={density}
        onDensityChange={setDensity}
        searchBox={searchBox}
      />
      <NewMessagesPill count={inView.pendingCount} onReveal={revealNew} />
      <AccountProgress
        accounts={timeline.accounts}
        updatedAt={timeline.updatedAt}
        colorOf={colorOfConnection}
      />
      <FetchFailures failed={failed} allFailed={allFailed} onRetry={retry} />

      {selectedMessages.length > 0 && (
        <BulkBar count={selectedMessages.length} onRun={triage.run} onClear={selection.clear} />
      )}
      <BulkHideDialog
        open={confirmingHide}
        count={selectedMessages.length}
        onConfirm={hideSelected}
        onClose={closeHideDialog}
      />

      <ListStatus search={search} shown={filtered.length} announcement={cardFocus.announcement} />

      {emptyReason ? (
        emptyReason === 'no-messages' && failed.length === timeline.accounts.length ? null : (
          <ListEmpty
            reason={emptyReason}
            view={triaged.view}
            search={search}
            onClearFilters={() => dispatch({ type: 'clear' })}
          />
        )
      ) : (
        <HandledContext value={handledIds}>
          <SearchMatchContext value={matches}>
            <MessagePage
              triageOf={triaged.triageOf}
              onTriageCard={triageFromCard}
              listTopRef={listTopRef}
              messages={pageMessages}
              page={page}
              pageCount={pages}
              pageSize={PAGE_SIZE}
              total={filtered.length}
              onPageChange={changePage}
              colorOf={colorOfConnection}
              now={now}
              selected={selection.selected}
              focusedId={cardFocus.focused?.id ?? null}
              onFocusCard={cardFocus.follow}
              activeTypes={filters.types}
              onToggleSelected={selection.toggle}
              onToggleType={toggleType}
              onShowExpiry={setExpiryMessage}
              allowed={allowed}
              isHidden={isHidden}
              isFading={isFading}
              onHide={hideFromCard}
              onUnhide={unhide}
              onEditTags={onEditTags}
              density={density}
            />
          </SearchMatchContext>
        </HandledContext>
      )}

      <ExpiryDialog message={expiryMessage} onClose={closeExpiry} />
      <LazySnoozeDialog
        count={triaged.snoozeCount}
        onSnooze={triaged.confirmSnooze}
        onCancel={triaged.cancelSnooze}
      />
      <TriageOverlays triage={triage} context={context} more={savedViews.paletteCommands} />
    </div>
  );
  return withViews(inboxList);
}
