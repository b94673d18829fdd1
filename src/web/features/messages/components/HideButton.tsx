import { CheckCheck, EyeOff, Undo2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';

interface HideButtonProps {
  sender: string;
  hidden: boolean;
  onHide(): void;
  onUnhide(): void;
  className: string;
}

/** A card's "check and hide" action, or, on a hidden card shown with "show all hidden", its badge and Unhide. */
export function HideButton({ sender, hidden, onHide, onUnhide, className }: HideButtonProps) {
  const { t } = useTranslation('hiding');
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
      aria-label={t('hideLabel', { sender })}
      onClick={onHide}
    >
      <CheckCheck aria-hidden="true" className="size-3.5" />
      {t('hide')}
    </button>
  );
}
