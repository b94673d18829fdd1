import type { UnifiedMessage } from '../../../../contract/messages.ts';
import { ariaKeyShortcut } from '../../../lib/shortcut-keys.ts';
import { useCardTriage, type CardTriageActionId } from '../actions/card-triage.ts';
import { messageActions } from '../actions/message-actions.ts';
import { useRepeatedText } from '../../../lib/RepeatedTextScope.tsx';

interface TriageCardButtonsProps {
  message: UnifiedMessage;
  /** The card the keyboard is on: its buttons carry their keys. */
  focused: boolean;
  className: string;
}

const ids: readonly CardTriageActionId[] = ['done', 'snooze'];

/** A card's Done and Snooze buttons, from the action registry (docs/decisions/151). */
export function TriageCardButtons({ message, focused, className }: TriageCardButtonsProps) {
  const t = useRepeatedText('triage');
  const run = useCardTriage();
  if (!run) return null;
  return ids.map((id) => {
    const { icon: Icon, keys } = messageActions[id];
    return (
      <button
        key={id}
        type="button"
        className={className}
        data-action={id}
        aria-label={t(`actions.${id}.card`, { sender: message.sender.name })}
        aria-keyshortcuts={focused ? ariaKeyShortcut(keys) : undefined}
        onClick={() => run(id, message)}
      >
        <Icon aria-hidden="true" className="size-3.5" />
        <span className="max-sm:sr-only">{t(`actions.${id}.label`)}</span>
      </button>
    );
  });
}
