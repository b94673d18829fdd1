import { createContext, useContext } from 'react';
import type { UnifiedMessage } from '../../../../contract/messages.ts';

/** The registry's actions a card offers as buttons of its own (beside reply, view post and hide). */
export type CardTriageActionId = 'done' | 'snooze';

/**
 * How a card's Done and Snooze buttons reach the list's handlers without passing through every card's props: the
 * list provides one stable function. Without it (a card drawn alone) the buttons are not shown.
 */
export const CardTriageContext = createContext<
  ((id: CardTriageActionId, message: UnifiedMessage) => void) | null
>(null);

export const useCardTriage = () => useContext(CardTriageContext);
