import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { quietHoursEndAt } from '../../../../contract/quiet-hours.ts';
import {
  ruleMatchModes,
  type QuietHours,
  type RuleMatchMode,
  type RuleSettings,
} from '../../../../contract/rules.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { CheckboxField } from './CheckboxField.tsx';

interface RuleSettingsFormProps {
  settings: RuleSettings;
  readOnly: boolean;
  saving: boolean;
  onSave(settings: RuleSettings): void;
}

const DEFAULT_QUIET: Omit<QuietHours, 'time_zone'> = { start: '22:00', end: '07:00' };

function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

function timeZones(current: string): string[] {
  const known = Intl.supportedValuesOf('timeZone');
  return known.includes(current) ? known : [current, ...known];
}

const fieldClassName = 'block rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900';

function TimeField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
}) {
  return (
    <label className="space-y-1 text-sm font-medium text-slate-800">
      <span className="block">{label}</span>
      <input
        type="time"
        required
        className={fieldClassName}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}

/** First match or all matches, saved as soon as it is chosen; quiet hours, saved with their button. */
export function RuleSettingsForm({ settings, readOnly, saving, onSave }: RuleSettingsFormProps) {
  const { t } = useTranslation('rules');
  const [enabled, setEnabled] = useState(settings.quiet_hours !== null);
  const [quiet, setQuiet] = useState<QuietHours>(
    settings.quiet_hours ?? { ...DEFAULT_QUIET, time_zone: browserTimeZone() },
  );
  const endsAt = quietHoursEndAt(settings.quiet_hours, new Date());

  const chooseMode = (mode: RuleMatchMode) => onSave({ ...settings, match_mode: mode });
  const saveQuiet = (event: FormEvent) => {
    event.preventDefault();
    onSave({ ...settings, quiet_hours: enabled ? quiet : null });
  };

  return (
    <div className="space-y-6">
      <fieldset className="space-y-2" disabled={readOnly || saving}>
        <legend className="font-semibold text-slate-900">{t('mode.label')}</legend>
        {ruleMatchModes.map((mode) => (
          <label key={mode} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name="rule-match-mode"
              className="size-4 accent-indigo-600"
              checked={settings.match_mode === mode}
              onChange={() => chooseMode(mode)}
            />
            {t(`mode.${mode}`)}
          </label>
        ))}
      </fieldset>

      <form className="space-y-3" onSubmit={saveQuiet} aria-labelledby="quiet-hours-heading">
        <h2 id="quiet-hours-heading" className="text-lg font-semibold text-slate-900">
          {t('quiet.heading')}
        </h2>
        <p className="text-sm text-slate-600">{t('quiet.description')}</p>
        {endsAt && (
          <p className="text-sm text-indigo-800">
            {t('quiet.now', {
              time: endsAt.toLocaleTimeString(currentLanguage() === 'jp' ? 'ja' : 'en', {
                timeStyle: 'short',
              }),
            })}
          </p>
        )}
        <fieldset className="space-y-3" disabled={readOnly || saving}>
          <CheckboxField checked={enabled} onChange={setEnabled}>
            {t('quiet.enabled')}
          </CheckboxField>
          {enabled && (
            <div className="flex flex-wrap items-end gap-3">
              <TimeField
                label={t('quiet.start')}
                value={quiet.start}
                onChange={(start) => setQuiet({ ...quiet, start })}
              />
              <TimeField
                label={t('quiet.end')}
                value={quiet.end}
                onChange={(end) => setQuiet({ ...quiet, end })}
              />
              <label className="space-y-1 text-sm font-medium text-slate-800">
                <span className="block">{t('quiet.timeZone')}</span>
                <select
                  className={fieldClassName}
                  value={quiet.time_zone}
                  onChange={(event) => setQuiet({ ...quiet, time_zone: event.target.value })}
                >
                  {timeZones(quiet.time_zone).map((zone) => (
                    <option key={zone} value={zone}>
                      {zone}
                    </option>
                  ))}
                </select>
              </label>
            </div>
          )}
          <Button type="submit" variant="secondary" size="sm">
            {t('quiet.save')}
          </Button>
        </fieldset>
      </form>
    </div>
  );
}
