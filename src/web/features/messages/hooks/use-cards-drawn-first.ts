import { useEffect, useState } from 'react';
import type { UnifiedMessage } from '../../../../contract/messages.ts';
import { afterPaint } from './use-after-paint.ts';
import type { Density } from './use-density.ts';

/**
 * The least height of a card and of a compact row (measured at 412 and 1280 px wide: cards 230–400 px, rows 45 and
 * 77 px), so that a screen's height divided by it is at least the number of cards the screen can show.
 */
const LEAST_HEIGHT: Record<Density, number> = { comfortable: 200, compact: 44 };

/**
 * Cards added in each frame while the list's first drawing fills in. A card costs a phone at 4× CPU slow-down 15–20
 * ms to build, style and lay out: two keep each frame's task under the 50 ms that counts as blocking (decision 186).
 */
const CARDS_PER_FRAME = 2;

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

/** What a page draws in this frame: the cards to show, and the cards of the page before, hidden until they go. */
export interface DrawnCards {
  shown: readonly UnifiedMessage[];
  /** Cards drawn before that this page no longer holds: hidden now, and removed with the rest of the page. */
  leaving: readonly UnifiedMessage[];
}

const noCards: readonly UnifiedMessage[] = [];

/**
 * The page's messages to draw in this frame (decisions 165, 169 and 186). A page or filter change draws at once the
 * cards one screen can show (and every card up to the one the keyboard moves to), and the rest of the page right after
 * that frame is painted (a further click before then draws its own page instead): the reader sees the new page within
 * a frame, and the whole page, 20 cards, is in the document a moment later for find-in-page and screen readers. The
 * previous page's cards are hidden in that first frame and removed with the rest: taking 20 cards out of the document
 * cost as much as drawing the new ones. The list's first drawing, with no other page to take down, fills in the rest a
 * few cards a frame instead, so opening the inbox on a phone holds no long task for cards off screen. Cards already
 * drawn stay drawn: a live message arriving or a card hidden never takes the others down and up again.
 */
export function useCardsDrawnFirst(
  messages: readonly UnifiedMessage[],
  { density, focusedId, listId }: DrawnFirstOptions,
): DrawnCards {
  // The cards drawn a frame after they came: the last page drawn whole, or as much of this one as has filled in.
  const [settled, setSettled] = useState<readonly UnifiedMessage[]>(noCards);
  const settledIds = new Set(settled.map((message) => message.id));
  const complete = messages.every((message) => settledIds.has(message.id));
  if (complete && settled.length !== messages.length) {
    // A card left without a new one coming (hidden, or its account removed): nothing is left to hide later.
    setSettled(messages);
  }
  let shown = messages;
  let leaving = noCards;
  // How many of the page's first cards this frame draws whatever was drawn before.
  let first = messages.length;
  if (!complete) {
    const focusedIndex = messages.findIndex((message) => message.id === focusedId);
    first = Math.max(cardsOnScreen(density, listId), focusedIndex + 1);
    shown = messages.filter((message, index) => index < first || settledIds.has(message.id));
    const pageIds = new Set(messages.map((message) => message.id));
    leaving = settled.filter((message) => !pageIds.has(message.id));
  }
  const fillingIn = leaving.length === 0;

  useEffect(() => {
    if (complete) return;
    return afterPaint(() => {
      if (!fillingIn) return setSettled(messages);
      const drawn = new Set(settled.map((message) => message.id));
      let more = CARDS_PER_FRAME;
      setSettled(messages.filter((message, index) => index < first || drawn.has(message.id) || more-- > 0));
    });
  }, [complete, fillingIn, first, messages, settled]);

  return { shown, leaving };
}
