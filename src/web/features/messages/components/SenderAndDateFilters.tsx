import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListAction } from '../hooks/use-message-filters.ts';
import type { FacetCounts, MessageFilters } from '../lib/message-filters.ts';

/** The most senders the choice lists, those with most messages first; a longer list is no help to choose from. */
const SENDERS_LISTED = 100;

const labelClassName = 'mr-1 text-xs font-semibold tracking-wide text-slate-600 uppercase';
const fieldClassName = 'rounded-lg border border-slate-300 bg-white px-2.5 py-1.5 text-sm text-slate-800';

interface SenderAndDateFiltersProps {
  filters: MessageFilters;
  counts: FacetCounts;
  dispatch(action: ListAction): void;
}

/** Narrows the list (and a search) to one sender, on every account, and to the days a message was sent. */
export function SenderAndDateFilters({ filters, counts, dispatch }: SenderAndDateFiltersProps) {
  const { t } = useTranslation('messages');
  const senderId = useId();
  const senders = [...counts.senders].slice(0, SENDERS_LISTED);
  if (filters.sender !== null && !counts.senders.has(filters.sender)) senders.push([filters.sender, 0]);

  return (
    <>
      <div className="flex items-center gap-2">
        <label htmlFor={senderId} className={labelClassName}>
          {t('list.senderFilter')}
        </label>
        <select
          id={senderId}
          value={filters.sender ?? ''}
          onChange={(event) => dispatch({ type: 'sender', sender: event.target.value || null })}
          className={`${fieldClassName} max-w-56`}
        >
          <option value="">{t('list.anySender')}</option>
          {senders.map(([name, count]) => (
            <option key={name} value={name}>
              {t('list.count', { label: name, count })}
            </option>
          ))}
        </select>
      </div>
      <div role="group" aria-label={t('list.sentFilter')} className="flex flex-wrap items-center gap-2">
        <span aria-hidden="true" className={labelClassName}>
          {t('list.sentFilter')}
        </span>
        <DayInput
          label={t('list.sentFrom')}
          value={filters.sentFrom}
          max={filters.sentTo}
          onChange={(sentFrom) => dispatch({ type: 'sent-between', sentFrom, sentTo: filters.sentTo })}
        />
        <span aria-hidden="true" className="text-sm text-slate-600">
          {t('list.sentRangeTo')}
        </span>
        <DayInput
          label={t('list.sentTo')}
          value={filters.sentTo}
          min={filters.sentFrom}
          onChange={(sentTo) => dispatch({ type: 'sent-between', sentFrom: filters.sentFrom, sentTo })}
        />
      </div>
    </>
  );
}

interface DayInputProps {
  label: string;
  value: string | null;
  min?: string | null;
  max?: string | null;
  onChange(day: string | null): void;
}

/** One end of the days-sent range: a local day, or none (open-ended). */
function DayInput({ label, value, min, max, onChange }: DayInputProps) {
  return (
    <input
      type="date"
      aria-label={label}
      value={value ?? ''}
      min={min ?? undefined}
      max={max ?? undefined}
      onChange={(event) => onChange(event.target.value || null)}
      className={fieldClassName}
    />
  );
}
