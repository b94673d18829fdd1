import { memo } from 'react';
import { useTranslation } from 'react-i18next';

/** The list's views, in the switch's order: rules fill Important and Muted (decisions 154, 156). */
export const listViews = ['inbox', 'important', 'muted', 'snoozed', 'awaiting'] as const;
export type ListView = (typeof listViews)[number];

interface TriageViewSwitchProps {
  view: ListView;
  snoozedCount: number;
  onChange(view: ListView): void;
}

const className =
  'inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-white aria-pressed:bg-white aria-pressed:text-slate-900 aria-pressed:shadow-sm';

/** Inbox, Important, Muted, Snoozed or Awaiting reply: the list's views (g then i, p, m, s, a). */
function TriageViewSwitchView({ view, snoozedCount, onChange }: TriageViewSwitchProps) {
  const { t } = useTranslation('triage');
  return (
    <div role="group" aria-label={t('views.label')} className="inline-flex gap-1 rounded-lg bg-slate-100 p-1">
      {listViews.map((each) => (
        <button
          key={each}
          type="button"
          className={className}
          aria-pressed={view === each}
          onClick={() => onChange(each)}
        >
          {t(`views.${each}`)}
          {each === 'snoozed' && (
            <span className="rounded-full bg-slate-200 px-1.5 text-xs tabular-nums">{snoozedCount}</span>
          )}
        </button>
      ))}
    </div>
  );
}

/** Memoised: a page change draws the list again without it. */
export const TriageViewSwitch = memo(TriageViewSwitchView);
