import { useId, useMemo, useState, type KeyboardEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '../../../../contract/auth-constants.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { formatSnoozeTime } from '../lib/snooze-format.ts';
import {
  parseSnoozePhrase,
  snoozePresets,
  type SnoozePresetId,
  type SnoozeRefusal,
} from '../lib/snooze-time.ts';

const PRESET_LABELS = {
  'later-today': 'preset.laterToday',
  'this-evening': 'preset.thisEvening',
  'tomorrow-morning': 'preset.tomorrowMorning',
  'next-monday': 'preset.nextMonday',
} as const satisfies Record<SnoozePresetId, string>;

const REFUSALS = {
  unparsable: 'refusal.unparsable',
  past: 'refusal.past',
  'too-far': 'refusal.tooFar',
} as const satisfies Record<SnoozeRefusal, string>;

export interface SnoozePickerProps {
  /** The time the choices are counted from. */
  now: Date;
  /** The person's IANA time zone. */
  timeZone: string;
  onSnooze(until: Date): void;
  onCancel(): void;
  /** The free-text field, for a dialog that focuses it when it opens. */
  phraseRef?: Ref<HTMLInputElement>;
}

/**
 * What the snooze dialog or sheet holds (issue 23): the presets, each with the time it stands for, and a field that
 * reads a time in the person's own words, English or Japanese, and says back what it understood before Snooze.
 */
export function SnoozePicker({ now, timeZone, onSnooze, onCancel, phraseRef }: SnoozePickerProps) {
  const { t, i18n } = useTranslation('snooze');
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const [phrase, setPhrase] = useState('');
  const presetsId = useId();
  const feedbackId = useId();

  const presets = useMemo(() => snoozePresets({ now, timeZone }), [now, timeZone]);
  const reading = useMemo(
    () => (phrase.trim() === '' ? null : parseSnoozePhrase(phrase, { now, timeZone, language })),
    [phrase, now, timeZone, language],
  );
  const shown = (until: Date) => formatSnoozeTime(until, { language, timeZone, now });

  const confirm = () => {
    if (reading?.ok) onSnooze(reading.until);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    // The Enter that chooses a word in a Japanese input method (IME) belongs to the composition, not to the form.
    if (event.nativeEvent.isComposing || event.keyCode === 229) return;
    confirm();
  };

  return (
    <div className="space-y-5 py-1">
      <div role="group" aria-labelledby={presetsId}>
        <h3 id={presetsId} className="text-sm font-medium text-slate-800">
          {t('presets')}
        </h3>
        <ul className="mt-2 grid gap-2">
          {presets.map(({ id, until }) => (
            <li key={id}>
              <Button variant="secondary" className="w-full" onClick={() => onSnooze(until)}>
                <span className="flex w-full flex-wrap items-baseline justify-between gap-x-3">
                  <span>{t(PRESET_LABELS[id])}</span>{' '}
                  <span className="font-normal text-slate-600 tabular-nums">{shown(until)}</span>
                </span>
              </Button>
            </li>
          ))}
        </ul>
      </div>
      <form
        className="space-y-2"
        onSubmit={(event) => {
          event.preventDefault();
          confirm();
        }}
      >
        <TextField
          ref={phraseRef}
          label={t('phrase')}
          placeholder={t('phrasePlaceholder')}
          autoComplete="off"
          enterKeyHint="done"
          value={phrase}
          onChange={(event) => setPhrase(event.target.value)}
          onKeyDown={onKeyDown}
          aria-describedby={feedbackId}
          aria-invalid={reading?.ok === false ? true : undefined}
        />
        <p
          id={feedbackId}
          aria-live="polite"
          className={`min-h-5 text-sm ${reading?.ok === false ? 'text-red-700' : 'font-medium text-slate-900'}`}
        >
          {reading && (reading.ok ? t('until', { time: shown(reading.until) }) : t(REFUSALS[reading.reason]))}
        </p>
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={onCancel}>
            {t('cancel')}
          </Button>
          <Button type="submit" disabled={!reading?.ok}>
            {t('confirm')}
          </Button>
        </div>
      </form>
    </div>
  );
}
