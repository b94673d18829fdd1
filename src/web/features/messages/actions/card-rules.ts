import { createContext, useContext } from 'react';
import type { UnifiedMessage } from '../../../../contract/messages.ts';
import type { QuickRuleKind } from '../../../../contract/rules.ts';

/**
 * How a card's "Mute this channel or room" and "Always important from …" reach the page that makes the rule: one
 * stable function, provided around the list. Without it (a card drawn alone) the menu does not offer them.
 */
export const CardRulesContext = createContext<
  ((kind: QuickRuleKind, message: UnifiedMessage) => void) | null
>(null);

export const useCardRules = () => useContext(CardRulesContext);
