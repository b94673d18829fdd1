import { startTransition, useEffect, useState } from 'react';
import type { UnifiedMessage } from '../../../../contract/messages.ts';
import type { Density } from './use-density.ts';

/**
 * The least height of a card and of a compact row (measured at 412 and 1280 px wide: cards 230–400 px, rows 45 and
 * 77 px), so that a screen's height divided by it is at least the number of cards the screen can show.
 */
const LEAST_HEIGHT: Record<Density, number> = { comfortable: 200, compact: 44 };

/**
 * How many cards the screen can show below the list's top edge, with one more for the card cut by the screen's
 * bottom edge. Read while a new page is drawn, before its cards are in: the page was laid out for the click that
 * asked for it, so the reading costs no layout. Any answer draws the right cards; it only decides how many wait
 * for the next frame.
 */
function cardsOnScreen(density: Density, listId: string): number {
  const top = Math.max(0, document.getElementById(listId)?.getBoundingClientRect().top ?? 0);
  return Math.max(0, Math.ceil((window.innerHeight - top) / LEAST_HEIGHT[density])) + 1;
}

interface DrawnFirstOptions {
  density: Density;
  /** The card the keyboard is on: it and every card above it are drawn at once, so focus can move to it. */
  focusedId: string | null;
  /** The id of the list, whose top edge tells how much of the screen its cards have. */
  listId: string;
}

/**
 * The page's messages to draw in this frame (decision 165). A page or filter change draws at once the cards one
 * screen can show (and every card up to the one the keyboard moves to), and the rest of the page right after that
 * frame is painted, in a transition that a further click interrupts: the reader sees the new page within a frame,
 * and the whole page, 20 cards, is in the document a moment later for find-in-page and screen readers. Cards already
 * drawn stay drawn: a live message arriving or a card hidden never takes the others down and up again.
 */
export function useCardsDrawnFirst(
  messages: readonly UnifiedMessage[],
  { density, focusedId, listId }: DrawnFirstOptions,
): readonly UnifiedMessage[] {
  const [drawn, setDrawn] = useState<ReadonlySet<string>>(() => new Set());
  const complete = messages.every((message) => drawn.has(message.id));
  let shown = messages;
  if (!complete) {
    const focusedIndex = messages.findIndex((message) => message.id === focusedId);
    const first = Math.max(cardsOnScreen(density, listId), focusedIndex + 1);
    shown = messages.filter((message, index) => index < first || drawn.has(message.id));
  }

  useEffect(() => {
    if (complete) return;
    // After the frame that shows the first cards: a task posted from the frame's own callbacks runs once it is painted.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() =>
        startTransition(() => setDrawn(new Set(messages.map((message) => message.id)))),
      );
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [complete, messages]);

  return shown;
}
