import { useTranslation } from 'react-i18next';

export type ListView = 'inbox' | 'snoozed' | 'awaiting';

interface TriageViewSwitchProps {
  view: ListView;
  snoozedCount: number;
  onChange(view: ListView): void;
}

const className =
  'inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-white aria-pressed:bg-white aria-pressed:text-slate-900 aria-pressed:shadow-sm';

/** Inbox, Snoozed or Awaiting reply: the list's views (g then i, g then s, g then a). */
export function TriageViewSwitch({ view, snoozedCount, onChange }: TriageViewSwitchProps) {
  const { t } = useTranslation('triage');
  return (
    <div role="group" aria-label={t('views.label')} className="inline-flex gap-1 rounded-lg bg-slate-100 p-1">
      <button
        type="button"
        className={className}
        aria-pressed={view === 'inbox'}
        onClick={() => onChange('inbox')}
      >
        {t('views.inbox')}
      </button>
      <button
        type="button"
        className={className}
        aria-pressed={view === 'snoozed'}
        onClick={() => onChange('snoozed')}
      >
        {t('views.snoozed')}
        <span className="rounded-full bg-slate-200 px-1.5 text-xs tabular-nums">{snoozedCount}</span>
      </button>
      <button
        type="button"
        className={className}
        aria-pressed={view === 'awaiting'}
        onClick={() => onChange('awaiting')}
      >
        {t('views.awaiting')}
      </button>
    </div>
  );
}
