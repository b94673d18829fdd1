import { useId, useState, type FocusEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageTypeFilter, UnifiedMessage } from '../../../../contract/messages.ts';
import type { MessageTriage } from '../../../../contract/triage.ts';
import { RepeatedTextScope } from '../../../lib/RepeatedTextScope.tsx';
import { CardTriageContext, type CardTriageActionId } from '../actions/card-triage.ts';
import type { GuardedAction } from '../lib/action-restrictions.ts';
import type { Density } from '../hooks/use-density.ts';
import { useCardsDrawnFirst } from '../hooks/use-cards-drawn-first.ts';
import { MessageCard } from './MessageCard.tsx';
import { MessageRow } from './MessageRow.tsx';
import { Pagination } from './Pagination.tsx';
import { TriageMarker } from './TriageMarker.tsx';

interface MessagePageProps {
  listTopRef: Ref<HTMLDivElement>;
  messages: readonly UnifiedMessage[];
  page: number;
  pageCount: number;
  pageSize: number;
  total: number;
  onPageChange(page: number, from: 'top' | 'bottom'): void;
  colorOf(connectionId: string): string;
  now: number;
  selected: ReadonlySet<string>;
  focusedId: string | null;
  onFocusCard(event: FocusEvent<HTMLElement>): void;
  activeTypes: readonly MessageTypeFilter[];
  onToggleSelected(id: string): void;
  onToggleType(type: MessageTypeFilter): void;
  onShowExpiry(message: UnifiedMessage): void;
  allowed(action: GuardedAction): boolean;
  isHidden(id: string): boolean;
  isFading(id: string): boolean;
  onHide(message: UnifiedMessage): void;
  onUnhide(message: UnifiedMessage): void;
  onEditTags(message: UnifiedMessage): void;
  /** A message's snooze or done state, for the marker of one that came back. */
  triageOf?(id: string): MessageTriage | undefined;
  /** The cards' Done and Snooze buttons; keep it stable between renders. */
  onTriageCard?(id: CardTriageActionId, message: UnifiedMessage): void;
  density: Density;
}

/** One page of the list between its top and bottom pagination. */
export function MessagePage({
  listTopRef,
  messages,
  page,
  pageCount,
  pageSize,
  total,
  onPageChange,
  colorOf,
  selected,
  focusedId,
  onFocusCard,
  isHidden,
  isFading,
  triageOf,
  onTriageCard,
  density,
  ...cardProps
}: MessagePageProps) {
  const { t } = useTranslation('messages');
  const listId = useId();
  const { shown, leaving } = useCardsDrawnFirst(messages, { density, focusedId, listId });
  // Compact rows shown as cards (decision 152); forgotten when the density changes back and forth.
  const [asCards, setAsCards] = useState<ReadonlySet<string>>(new Set());
  const [shownDensity, setShownDensity] = useState(density);
  if (shownDensity !== density) {
    setShownDensity(density);
    setAsCards(new Set());
  }
  const showAsCard = (id: string) => {
    setAsCards((ids) => new Set(ids).add(id));
    // The row's button is gone with the row: the keyboard goes on from the card in its place.
    requestAnimationFrame(() =>
      document.querySelector<HTMLElement>(`article[data-message-id="${CSS.escape(id)}"]`)?.focus(),
    );
  };
  // The same props for a card that stays and for one leaving, so its memoised drawing is kept as it is.
  const drawCard = (message: UnifiedMessage) => {
    const props = {
      message,
      accountColor: colorOf(message.account_info.connection_id),
      selected: selected.has(message.id),
      focused: message.id === focusedId,
      hidden: isHidden(message.id),
      fading: isFading(message.id),
      ...cardProps,
    };
    return (
      <>
        <TriageMarker triage={triageOf?.(message.id)} now={cardProps.now} />
        {density === 'compact' && !asCards.has(message.id) ? (
          <MessageRow {...props} onExpand={showAsCard} />
        ) : (
          <MessageCard {...props} />
        )}
      </>
    );
  };
  const pagination = (position: 'top' | 'bottom') => (
    <Pagination
      page={page}
      pageCount={pageCount}
      pageSize={pageSize}
      total={total}
      position={position}
      onPageChange={(next) => onPageChange(next, position)}
    />
  );
  return (
    <RepeatedTextScope>
      <div ref={listTopRef} className="scroll-mt-20 space-y-3">
        {pagination('top')}
        <CardTriageContext value={onTriageCard ?? null}>
          <ol
            id={listId}
            aria-label={t('list.label')}
            className={
              density === 'compact'
                ? 'divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white'
                : 'space-y-3'
            }
            onFocus={onFocusCard}
          >
            {/* One array, so a card keeps its drawing when it goes from shown to leaving. */}
            {[...shown, ...leaving].map((message, index) =>
              index < shown.length ? (
                <li key={message.id}>{drawCard(message)}</li>
              ) : (
                // Out of sight, reach and the accessibility tree, but kept laid out: hiding it with display: none
                // took its layout apart at once, as costly as removing it.
                <li key={message.id} aria-hidden="true" className="[content-visibility:hidden]">
                  {drawCard(message)}
                </li>
              ),
            )}
          </ol>
        </CardTriageContext>
        {pagination('bottom')}
      </div>
    </RepeatedTextScope>
  );
}
