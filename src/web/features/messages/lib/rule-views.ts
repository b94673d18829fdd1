import type { SourceMessage, UnifiedMessage } from '../../../../contract/messages.ts';
import { ruleMarksOf } from '../../../../contract/rules.ts';
import type { ListView } from '../components/TriageViewSwitch.tsx';

/**
 * The messages a view of the list shows, as the person's rules marked them (decision 156): muted ones only under
 * Muted, never in the inbox or its counts; important ones in the inbox and under Important.
 */
export function messagesOfView(
  messages: readonly UnifiedMessage[],
  view: ListView,
): readonly UnifiedMessage[] {
  const marks = (message: UnifiedMessage) => ruleMarksOf(message.original_message);
  switch (view) {
    case 'muted':
      return messages.filter((message) => marks(message).muted);
    case 'important':
      return messages.filter((message) => marks(message).important && !marks(message).muted);
    default:
      return messages.some((message) => marks(message).muted)
        ? messages.filter((message) => !marks(message).muted)
        : messages;
  }
}

/** Live messages the new-messages button counts: not muted ones. */
export function unmutedPending(pending: readonly SourceMessage[]): readonly SourceMessage[] {
  return pending.some((message) => message.muted) ? pending.filter((message) => !message.muted) : pending;
}
