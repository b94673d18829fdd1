import type { FocusEvent, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageTypeFilter, UnifiedMessage } from '../../../../contract/messages.ts';
import type { MessageTriage } from '../../../../contract/triage.ts';
import { CardTriageContext, type CardTriageActionId } from '../actions/card-triage.ts';
import type { GuardedAction } from '../lib/action-restrictions.ts';
import { MessageCard } from './MessageCard.tsx';
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
  ...cardProps
}: MessagePageProps) {
  const { t } = useTranslation('messages');
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
    <div ref={listTopRef} className="scroll-mt-20 space-y-3">
      {pagination('top')}
      <CardTriageContext value={onTriageCard ?? null}>
        <ol aria-label={t('list.label')} className="space-y-3" onFocus={onFocusCard}>
          {messages.map((message) => (
            <li key={message.id}>
              <TriageMarker triage={triageOf?.(message.id)} now={cardProps.now} />
              <MessageCard
                message={message}
                accountColor={colorOf(message.account_info.connection_id)}
                selected={selected.has(message.id)}
                focused={message.id === focusedId}
                hidden={isHidden(message.id)}
                fading={isFading(message.id)}
                {...cardProps}
              />
            </li>
          ))}
        </ol>
      </CardTriageContext>
      {pagination('bottom')}
    </div>
  );
}
