import { useCallback, useLayoutEffect, useRef, useState, type FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { UnifiedMessage } from '../../../../contract/messages.ts';

export interface CardFocus {
  /** The focused card's message, when it is on the page shown. */
  focused: UnifiedMessage | null;
  /** j and k: the next or previous card, onto the next or previous page at the end of one. */
  move(step: 1 | -1): void;
  /** Makes a card the focused one and gives it focus, once it is on the page. */
  focusCard(id: string): void;
  /** For the list's focus events: the card that focus moved into becomes the focused one. */
  follow(event: FocusEvent<HTMLElement>): void;
  /** What a screen reader hears after a move: "Message 3 of 20 from Aiko Tanaka". */
  announcement: string;
}

interface CardFocusOptions {
  /** Every message the filters let through, in order. */
  messages: readonly UnifiedMessage[];
  /** The messages on the page shown. */
  pageMessages: readonly UnifiedMessage[];
  pageSize: number;
  page: number;
  onPageChange(page: number): void;
}

const cardOf = (id: string) =>
  document.querySelector<HTMLElement>(`article[data-message-id="${CSS.escape(id)}"]`);

/**
 * The focused card, kept by message id: it stays on its message when new messages arrive above it or the list
 * re-sorts, and when its message leaves the list the next key carries on from where it was.
 */
export function useCardFocus({
  messages,
  pageMessages,
  pageSize,
  page,
  onPageChange,
}: CardFocusOptions): CardFocus {
  const { t } = useTranslation('triage');
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const lastIndex = useRef(-1);
  const pendingFocus = useRef<string | null>(null);

  const focused = pageMessages.find((message) => message.id === focusedId) ?? null;
  const index = focused ? messages.indexOf(focused) : -1;

  useLayoutEffect(() => {
    if (index >= 0) lastIndex.current = index;
  }, [index]);

  // Focus moves once the card is rendered (on this page, or on the page a move turned to), before the next key.
  useLayoutEffect(() => {
    const id = pendingFocus.current;
    if (!id) return;
    pendingFocus.current = null;
    const card = cardOf(id);
    if (!card) return;
    card.focus({ preventScroll: true });
    card.scrollIntoView?.({ block: 'nearest' });
  });

  const focusCard = useCallback((id: string) => {
    pendingFocus.current = id;
    setFocusedId(id);
  }, []);

  const move = (step: 1 | -1) => {
    if (messages.length === 0) return;
    const pageStart = (page - 1) * pageSize;
    let from = index;
    // Nothing focused on this page: start at its edge, or where the focused message was before it left.
    if (from < 0) {
      const resumed =
        focusedId !== null && lastIndex.current >= pageStart && lastIndex.current < pageStart + pageSize;
      from = resumed
        ? lastIndex.current - (step > 0 ? 1 : 0)
        : step > 0
          ? pageStart - 1
          : pageStart + pageMessages.length;
    }
    const target = Math.max(0, Math.min(messages.length - 1, from + step));
    if (target === index) {
      if (step > 0) setAnnouncement(t('focus.end'));
      return;
    }
    const message = messages[target]!;
    const targetPage = Math.floor(target / pageSize) + 1;
    if (targetPage !== page) onPageChange(targetPage);
    focusCard(message.id);
    setAnnouncement(
      t('focus.position', { position: target + 1, total: messages.length, sender: message.sender.name }),
    );
  };

  const follow = useCallback((event: FocusEvent<HTMLElement>) => {
    const id = (event.target as Element).closest('[data-message-id]')?.getAttribute('data-message-id');
    if (id) setFocusedId(id);
  }, []);

  return { focused, move, focusCard, follow, announcement };
}
