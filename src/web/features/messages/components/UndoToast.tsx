import { useTranslation } from 'react-i18next';

/** A toast's text with an Undo button beside it. */
export function UndoToast({ text, onUndo }: { text: string; onUndo(): void }) {
  const { t } = useTranslation('hiding');
  return (
    <span className="flex flex-wrap items-center justify-between gap-2">
      <span>{text}</span>
      <button
        type="button"
        onClick={onUndo}
        className="rounded-md px-2 py-0.5 font-semibold text-emerald-900 underline underline-offset-2 hover:bg-emerald-100"
      >
        {t('undo')}
      </button>
    </span>
  );
}
