import { Inbox, SearchX } from 'lucide-react';
import { useCallback, useMemo, useRef, useState, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type {
  MessageTypeFilter,
  PlatformConnection,
  Tag,
  UnifiedMessage,
} from '../../../../contract/messages.ts';
import type { QuietHours } from '../../../../contract/rules.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { colorOf, connectionColors } from '../../../lib/connection-color.ts';
import { pageCount } from '../../../lib/page-window.ts';
import type { UndoApi } from '../../../lib/use-undo-stack.ts';
import { useNow } from '../../../lib/use-now.ts';
import { TriageOverlays } from '../actions/TriageOverlays.tsx';
import { useTriage, type ListActionHandlers } from '../actions/use-triage.ts';
import type { ActionContext } from '../actions/message-actions.ts';
import { useActionGuard } from '../hooks/use-action-guard.ts';
import { useCardFocus } from '../hooks/use-card-focus.ts';
import { useDensity } from '../hooks/use-density.ts';
import { useHiding } from '../hooks/use-hiding.ts';
import { useListTriage } from '../hooks/use-list-triage.ts';
import { useListRefresh } from '../hooks/use-list-refresh.ts';
import { useLiveMessages } from '../hooks/use-live-messages.ts';
import { useMessageListState } from '../hooks/use-message-filters.ts';
import { useRuleViews } from '../hooks/use-rule-views.ts';
import { useSelection } from '../hooks/use-selection.ts';
import { useGatherAfresh, useTimeline, type TimelineAccount } from '../hooks/use-timeline.ts';
import { useUndoableHiding } from '../hooks/use-undoable-hiding.ts';
import type { Restriction } from '../lib/action-restrictions.ts';
import { applyFilters, facetCounts, hasActiveFilters, tagChoices } from '../lib/message-filters.ts';
import { AccountProgress } from './AccountProgress.tsx';
import { BulkBar } from './BulkBar.tsx';
import { BulkHideDialog } from './BulkHideDialog.tsx';
import { ExpiryDialog } from './ExpiryDialog.tsx';
import { FetchFailures } from './FetchFailures.tsx';
import { LazySnoozeDialog } from './LazySnoozeDialog.tsx';
import { MessageListHeader } from './MessageListHeader.tsx';
import { MessageListSkeleton } from './MessageListSkeleton.tsx';
import { MessagePage } from './MessagePage.tsx';
import { NewMessagesPill } from './NewMessagesPill.tsx';
import { SnoozedView } from './SnoozedView.tsx';
import { TriageViewSwitch } from './TriageViewSwitch.tsx';

/** SPEC §9. */
export const PAGE_SIZE = 20;

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
  const { t } = useTranslation('messages');
  const { t: tTriage } = useTranslation('triage');
  const navigate = useNavigate();
  const timeline = useTimeline(connections);
  const live = useLiveMessages();
  const colors = useMemo(() => connectionColors(connections), [connections]);
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
  const showsList = triaged.view !== 'snoozed';
  const inView = useRuleViews(triaged.messages, triaged.view, live.pending, quietHours, now);

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
  const filtered = useMemo(() => applyFilters(listed, filters), [listed, filters]);
  const counts = useMemo(() => facetCounts(listed, filters), [listed, filters]);
  const tags = useMemo(() => tagChoices(userTags, timeline.messages), [userTags, timeline.messages]);
  const selectedMessages = useMemo(
    () => timeline.messages.filter((message) => selection.selected.has(message.id)),
    [timeline.messages, selection.selected],
  );
  const pages = pageCount(filtered.length, PAGE_SIZE);
  const page = Math.min(requestedPage, pages);

  // SPEC §4: when hiding empties the last page, the list moves back a page.
  useEffect(() => {
    if (requestedPage > pages) dispatch({ type: 'page', page: pages });
  }, [dispatch, pages, requestedPage]);
  const pageMessages = useMemo(
    () => filtered.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
    [filtered, page],
  );
  const pageIds = useMemo(() => pageMessages.map((message) => message.id), [pageMessages]);
  const cardFocus = useCardFocus({
    messages: filtered,
    pageMessages,
    pageSize: PAGE_SIZE,
    page,
    onPageChange: (next) => dispatch({ type: 'page', page: next }),
  });
  useEffect(() => {
    focusCardRef.current = cardFocus.focusCard;
  });
  const { hideKeepingPlace, hideMessages } = useUndoableHiding({
    hiding,
    undo,
    selection,
    pageIds,
    focusCard: cardFocus.focusCard,
  });
  const selectedOnPage = pageMessages.filter((message) => selection.selected.has(message.id)).length;
  const pageSelection =
    selectedOnPage === 0 ? 'none' : selectedOnPage === pageMessages.length ? 'all' : 'some';

  const toggleType = useCallback(
    (messageType: MessageTypeFilter) => dispatch({ type: 'toggle-type', messageType }),
    [dispatch],
  );

  const changePage = (nextPage: number, from: 'top' | 'bottom') => {
    dispatch({ type: 'page', page: nextPage });
    if (from === 'bottom') listTopRef.current?.scrollIntoView({ block: 'start' });
  };

  const hideSelected = () => {
    setConfirmingHide(false);
    hideMessages(selectedMessages.filter((message) => !isHidden(message.id)));
    selection.clear();
  };

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
    toggleHidden: () => setShowHidden((value) => !value),
    refresh: () => void refresh(false),
    ...triaged.handlers,
    goInbox: () => {
      triaged.setView('inbox');
      dispatch({ type: 'page', page: 1 });
      listTopRef.current?.scrollIntoView({ block: 'start' });
    },
    goTags: () => void navigate('/tags'),
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

  if (timeline.isLoading) return <MessageListSkeleton />;

  const failed = timeline.accounts.filter((account) => account.status === 'error');
  const failedPlatforms = new Set(failed.map((account) => account.connection.platform));
  const allFailed = failed.length === timeline.accounts.length && failedPlatforms.size === 2;

  // On the line of the dashboard's "Messages" heading, at its end: a line of its own would cost the compact list
  // its twelfth row at 1440×900 (decision 152). A phone has no room beside the heading for its four views.
  const viewSwitch = (
    <div className="flex justify-end sm:-mt-12">
      <TriageViewSwitch
        view={triaged.view}
        snoozedCount={triaged.waiting.length}
        onChange={triaged.setView}
      />
    </div>
  );
  if (!showsList) {
    return (
      <div className="space-y-4">
        {viewSwitch}
        <SnoozedView
          waiting={triaged.waiting}
          messageOf={triaged.messageOf}
          now={triaged.now}
          onUnsnooze={triaged.unsnooze}
        />
        <TriageOverlays triage={triage} context={context} />
      </div>
    );
  }

  return (
    <div className="space-y-4">
      {viewSwitch}
      <MessageListHeader
        filters={filters}
        counts={counts}
        tags={tags}
        connections={connections}
        colors={colors}
        dispatch={dispatch}
        pageSelection={pageSelection}
        onSelectPage={(select) => selection.setAll(pageMessages, select)}
        refreshing={refreshing}
        onRefresh={(force) => void refresh(force)}
        hiddenCount={hiddenCount}
        showingHidden={showHidden}
        onToggleHidden={() => setShowHidden((value) => !value)}
        onShowShortcuts={() => triage.setOverlay('help')}
        shown={filtered.length}
        density={density}
        onDensityChange={setDensity}
      />
      <NewMessagesPill
        count={inView.pendingCount}
        onReveal={() => {
          live.reveal();
          dispatch({ type: 'page', page: 1 });
          listTopRef.current?.scrollIntoView({ block: 'start' });
        }}
      />
      <AccountProgress
        accounts={timeline.accounts}
        updatedAt={timeline.updatedAt}
        colorOf={(id) => colorOf(colors, id)}
      />
      <FetchFailures failed={failed} allFailed={allFailed} onRetry={retry} />

      {selectedMessages.length > 0 && (
        <BulkBar count={selectedMessages.length} onRun={triage.run} onClear={selection.clear} />
      )}
      <BulkHideDialog
        open={confirmingHide}
        count={selectedMessages.length}
        onConfirm={hideSelected}
        onClose={() => setConfirmingHide(false)}
      />

      <p role="status" className="sr-only">
        {t('list.resultsStatus', { count: filtered.length })}
      </p>
      <p role="status" className="sr-only">
        {cardFocus.announcement}
      </p>

      {timeline.messages.length === 0 && triaged.view === 'inbox' ? (
        failed.length === timeline.accounts.length ? null : (
          <EmptyState icon={Inbox} title={t('list.noMessagesTitle')} body={t('list.noMessagesBody')} />
        )
      ) : listed.length === 0 && triaged.view !== 'inbox' ? (
        <EmptyState
          icon={Inbox}
          title={tTriage(`views.${triaged.view}`)}
          body={tTriage(triaged.view === 'muted' ? 'views.emptyMuted' : 'views.emptyImportant')}
        />
      ) : filtered.length === 0 ? (
        <EmptyState
          icon={SearchX}
          title={t('list.noMatchesTitle')}
          body={t('list.noMatchesBody')}
          action={
            <Button variant="secondary" onClick={() => dispatch({ type: 'clear' })}>
              {tTriage('actions.clearFilters.label')}
            </Button>
          }
        />
      ) : (
        <MessagePage
          triageOf={triaged.triageOf}
          onTriageCard={triaged.runOnCard}
          listTopRef={listTopRef}
          messages={pageMessages}
          page={page}
          pageCount={pages}
          pageSize={PAGE_SIZE}
          total={filtered.length}
          onPageChange={changePage}
          colorOf={(id) => colorOf(colors, id)}
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
          onHide={hideKeepingPlace}
          onUnhide={unhide}
          onEditTags={onEditTags}
          density={density}
        />
      )}

      <ExpiryDialog message={expiryMessage} onClose={() => setExpiryMessage(null)} />
      <LazySnoozeDialog
        count={triaged.snoozeCount}
        onSnooze={triaged.confirmSnooze}
        onCancel={triaged.cancelSnooze}
      />
      <TriageOverlays triage={triage} context={context} />
    </div>
  );
}
