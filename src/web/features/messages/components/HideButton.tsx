import { messageActions } from '../actions/message-actions.ts';
import { EyeOff, Undo2 } from 'lucide-react';
import { useRepeatedText } from '../../../lib/RepeatedTextScope.tsx';

interface HideButtonProps {
  sender: string;
  hidden: boolean;
  /** `aria-keyshortcuts` of the hide action, on the card the keyboard is on. */
  keyShortcut?: string;
  onHide(): void;
  onUnhide(): void;
  className: string;
}

/** A card's "check and hide" action, or, on a hidden card shown with "show all hidden", its badge and Unhide. */
export function HideButton({ sender, hidden, keyShortcut, onHide, onUnhide, className }: HideButtonProps) {
  const t = useRepeatedText('hiding');
  const tTriage = useRepeatedText('triage');
  const HideIcon = messageActions.hide.icon;
  if (hidden) {
    return (
      <span className="ml-auto inline-flex items-center gap-2">
        <span className="inline-flex items-center gap-1 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-700">
          <EyeOff aria-hidden="true" className="size-3" />
          {t('hiddenBadge')}
        </span>
        <button
          type="button"
          className={className}
          aria-label={t('unhideLabel', { sender })}
          onClick={onUnhide}
        >
          <Undo2 aria-hidden="true" className="size-3.5" />
          {t('unhide')}
        </button>
      </span>
    );
  }
  return (
    <button
      type="button"
      className={`${className} ml-auto`}
      data-action="hide"
      aria-label={tTriage('actions.hide.card', { sender })}
      aria-keyshortcuts={keyShortcut}
      onClick={onHide}
    >
      <HideIcon aria-hidden="true" className="size-3.5" />
      {tTriage('actions.hide.label')}
    </button>
  );
}
