import { useMemo } from 'react';
import type { SourceMessage, UnifiedMessage } from '../../../../contract/messages.ts';
import { quietHoursEndAt } from '../../../../contract/quiet-hours.ts';
import type { QuietHours } from '../../../../contract/rules.ts';
import type { ListView } from '../components/TriageViewSwitch.tsx';
import { messagesOfView, unmutedPending } from '../lib/rule-views.ts';

/**
 * What the person's rules leave of the list (decision 156): the messages of the view (muted ones only under
 * Muted), and how many live messages the new-messages button announces — none during quiet hours, whose news waits
 * until they end (`now` moves at least once a minute).
 */
export function useRuleViews(
  messages: readonly UnifiedMessage[],
  view: ListView,
  pending: readonly SourceMessage[],
  quietHours: QuietHours | null,
  now: number,
) {
  const shown = useMemo(() => messagesOfView(messages, view), [messages, view]);
  const announced = useMemo(() => unmutedPending(pending), [pending]);
  const quiet = quietHoursEndAt(quietHours, new Date(now)) !== null;
  return { messages: shown, pendingCount: quiet ? 0 : announced.length };
}
