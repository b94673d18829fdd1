import { useQueryClient } from '@tanstack/react-query';
import { Inbox, SearchX } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  MessageTypeFilter,
  PlatformConnection,
  Tag,
  UnifiedMessage,
} from '../../../../contract/messages.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { useToast } from '../../../components/ui/use-toast.ts';
import { colorOf, connectionColors } from '../../../lib/connection-color.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { pageCount } from '../../../lib/page-window.ts';
import { useNow } from '../../../lib/use-now.ts';
import { NewMessagesPill } from './NewMessagesPill.tsx';
import { useLiveMessages } from '../hooks/use-live-messages.ts';
import { connectionMessagesQueryOptions } from '../api/get-connection-messages.ts';
import { HIDDEN_MESSAGES_QUERY_KEY } from '../api/get-hidden-ids.ts';
import { useActionGuard } from '../hooks/use-action-guard.ts';
import { useHiding } from '../hooks/use-hiding.ts';
import { useMessageListState } from '../hooks/use-message-filters.ts';
import {
  useGatherAfresh,
  useRefreshTimeline,
  useTimeline,
  type TimelineAccount,
} from '../hooks/use-timeline.ts';
import type { Restriction } from '../lib/action-restrictions.ts';
import { applyFilters, facetCounts, tagChoices } from '../lib/message-filters.ts';
import { refreshOutcome, refreshToast } from '../lib/refresh-outcome.ts';
import { AccountProgress } from './AccountProgress.tsx';
import { BulkBar } from './BulkBar.tsx';
import { BulkHideDialog } from './BulkHideDialog.tsx';
import { ExpiryDialog } from './ExpiryDialog.tsx';
import { FetchFailures } from './FetchFailures.tsx';
import { MessageCard } from './MessageCard.tsx';
import { MessageListHeader } from './MessageListHeader.tsx';
import { MessageListSkeleton } from './MessageListSkeleton.tsx';
import { Pagination } from './Pagination.tsx';

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
}

export function MessageList({ connections, restriction, userTags, onEditTags, onBulkTag }: MessageListProps) {
  const { t } = useTranslation('messages');
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const timeline = useTimeline(connections);
  const live = useLiveMessages();
  const colors = useMemo(() => connectionColors(connections), [connections]);
  const refreshTimeline = useRefreshTimeline(connections);
  const gatherAfresh = useGatherAfresh();
  const allowed = useActionGuard(restriction);
  const now = useNow();
  const [{ filters, page: requestedPage }, dispatch] = useMessageListState();
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [expiryMessage, setExpiryMessage] = useState<UnifiedMessage | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const [showHidden, setShowHidden] = useState(false);
  const [confirmingHide, setConfirmingHide] = useState(false);
  const listTopRef = useRef<HTMLDivElement>(null);
  const { isHidden, isFading, hide, hideMany, unhide } = useHiding();
  const pageIds = useRef<readonly string[]>([]);

  const hiddenCount = useMemo(
    () => timeline.messages.filter((message) => isHidden(message.id)).length,
    [timeline.messages, isHidden],
  );
  const listed = useMemo(
    () =>
      showHidden
        ? timeline.messages
        : timeline.messages.filter((message) => !isHidden(message.id) || isFading(message.id)),
    [timeline.messages, isHidden, isFading, showHidden],
  );
  const filtered = useMemo(() => applyFilters(listed, filters), [listed, filters]);
  const counts = useMemo(() => facetCounts(listed, filters), [listed, filters]);
  const tags = useMemo(() => tagChoices(userTags, timeline.messages), [userTags, timeline.messages]);
  const selectedMessages = useMemo(
    () => timeline.messages.filter((message) => selected.has(message.id)),
    [timeline.messages, selected],
  );
  const pages = pageCount(filtered.length, PAGE_SIZE);
  const page = Math.min(requestedPage, pages);

  // SPEC §4: when hiding empties the last page, the list moves back a page.
  useEffect(() => {
    if (requestedPage > pages) dispatch({ type: 'page', page: pages });
  }, [dispatch, pages, requestedPage]);
  const pageMessages = filtered.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  useEffect(() => {
    pageIds.current = pageMessages.map((message) => message.id);
  }, [pageMessages]);
  /** Keyboard users keep their place: focus moves on to the next card's hide action, so they can keep going. */
  const hideKeepingPlace = useCallback(
    (message: UnifiedMessage) => {
      const ids = pageIds.current;
      const index = ids.indexOf(message.id);
      const neighbour = ids[index + 1] ?? ids[index - 1];
      const focusedCard = document.activeElement?.closest('[data-message-id]');
      hide(message);
      if (!neighbour || focusedCard?.getAttribute('data-message-id') !== message.id) return;
      document
        .querySelector<HTMLElement>(`[data-message-id="${CSS.escape(neighbour)}"] [data-action="hide"]`)
        ?.focus();
    },
    [hide],
  );
  const selectedOnPage = pageMessages.filter((message) => selected.has(message.id)).length;
  const pageSelection =
    selectedOnPage === 0 ? 'none' : selectedOnPage === pageMessages.length ? 'all' : 'some';

  const toggleSelected = useCallback((id: string) => {
    setSelected((previous) => {
      const next = new Set(previous);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }, []);
  const toggleType = useCallback(
    (messageType: MessageTypeFilter) => dispatch({ type: 'toggle-type', messageType }),
    [dispatch],
  );

  const selectPage = (select: boolean) => {
    setSelected((previous) => {
      const next = new Set(previous);
      for (const message of pageMessages) {
        if (select) next.add(message.id);
        else next.delete(message.id);
      }
      return next;
    });
  };

  const changePage = (nextPage: number, from: 'top' | 'bottom') => {
    dispatch({ type: 'page', page: nextPage });
    if (from === 'bottom') listTopRef.current?.scrollIntoView({ block: 'start' });
  };

  const refresh = async (force: boolean) => {
    if (!allowed('refresh')) return;
    setRefreshing(true);
    try {
      // Hides made in another tab or on another device show after a refresh too.
      const [kind] = await Promise.all([
        refreshTimeline({ force }),
        queryClient.invalidateQueries({ queryKey: HIDDEN_MESSAGES_QUERY_KEY }),
      ]);
      const accounts = connections.map((connection) => {
        const state = queryClient.getQueryState(
          connectionMessagesQueryOptions(connection.platform, connection.id).queryKey,
        );
        return { data: state?.data, error: state?.error ?? null };
      });
      const afresh = kind === 'full';
      const toast = refreshToast(refreshOutcome(accounts, { afresh }), t, {
        afresh,
        language: currentLanguage(),
      });
      showToast(toast.text, toast.type);
    } finally {
      setRefreshing(false);
    }
  };

  const hideSelected = () => {
    setConfirmingHide(false);
    hideMany(selectedMessages.filter((message) => !isHidden(message.id)));
    setSelected(new Set());
  };

  const bulkTag = () => {
    if (allowed('tag')) onBulkTag(selectedMessages);
  };

  const retry = (accounts: readonly TimelineAccount[]) => {
    void gatherAfresh(accounts.map((account) => account.connection));
  };

  if (timeline.isLoading) return <MessageListSkeleton />;

  const failed = timeline.accounts.filter((account) => account.status === 'error');
  const failedPlatforms = new Set(failed.map((account) => account.connection.platform));
  const allFailed = failed.length === timeline.accounts.length && failedPlatforms.size === 2;

  return (
    <div className="space-y-4">
      <MessageListHeader
        filters={filters}
        counts={counts}
        tags={tags}
        connections={connections}
        colors={colors}
        dispatch={dispatch}
        pageSelection={pageSelection}
        onSelectPage={selectPage}
        refreshing={refreshing}
        onRefresh={(force) => void refresh(force)}
        hiddenCount={hiddenCount}
        showingHidden={showHidden}
        onToggleHidden={() => setShowHidden((value) => !value)}
        shown={filtered.length}
      />
      <NewMessagesPill
        count={live.pending.length}
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
        <BulkBar
          count={selectedMessages.length}
          onClear={() => setSelected(new Set())}
          onHide={() => setConfirmingHide(true)}
          onTag={bulkTag}
        />
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

      {timeline.messages.length === 0 ? (
        failed.length === timeline.accounts.length ? null : (
          <EmptyState icon={Inbox} title={t('list.noMessagesTitle')} body={t('list.noMessagesBody')} />
        )
      ) : filtered.length === 0 ? (
        <EmptyState
          icon={SearchX}
          title={t('list.noMatchesTitle')}
          body={t('list.noMatchesBody')}
          action={
            <Button variant="secondary" onClick={() => dispatch({ type: 'clear' })}>
              {t('list.clearFilters')}
            </Button>
          }
        />
      ) : (
        <div ref={listTopRef} className="scroll-mt-20 space-y-3">
          <Pagination
            page={page}
            pageCount={pages}
            pageSize={PAGE_SIZE}
            total={filtered.length}
            position="top"
            onPageChange={(next) => changePage(next, 'top')}
          />
          <ol aria-label={t('list.label')} className="space-y-3">
            {pageMessages.map((message) => (
              <li key={message.id}>
                <MessageCard
                  message={message}
                  accountColor={colorOf(colors, message.account_info.connection_id)}
                  now={now}
                  selected={selected.has(message.id)}
                  activeTypes={filters.types}
                  onToggleSelected={toggleSelected}
                  onToggleType={toggleType}
                  onShowExpiry={setExpiryMessage}
                  allowed={allowed}
                  hidden={isHidden(message.id)}
                  fading={isFading(message.id)}
                  onHide={hideKeepingPlace}
                  onUnhide={unhide}
                  onEditTags={onEditTags}
                />
              </li>
            ))}
          </ol>
          <Pagination
            page={page}
            pageCount={pages}
            pageSize={PAGE_SIZE}
            total={filtered.length}
            position="bottom"
            onPageChange={(next) => changePage(next, 'bottom')}
          />
        </div>
      )}

      <ExpiryDialog message={expiryMessage} onClose={() => setExpiryMessage(null)} />
    </div>
  );
}
