import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DigestSettings } from '../../../../contract/digest.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { useToast } from '../../../components/ui/use-toast.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useDigestSettings, useSaveDigestSettings } from '../api/digest-settings.ts';

const inputClassName = 'block rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900';

/** Every zone the browser knows, with the saved one first when the browser does not list it. */
function zonesWith(current: string): string[] {
  const known = Intl.supportedValuesOf('timeZone');
  return known.includes(current) ? known : [current, ...known];
}

function DigestForm({ saved }: { saved: DigestSettings }) {
  const { t } = useTranslation('digest');
  const { showToast } = useToast();
  const save = useSaveDigestSettings();
  const enabledId = useId();
  const hintId = useId();
  const [enabled, setEnabled] = useState(saved.enabled);
  const [time, setTime] = useState(saved.time);
  // A person who never saved gets their browser's zone to start with.
  const [timeZone, setTimeZone] = useState(
    saved.time_zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { enabled, time, time_zone: timeZone, language: currentLanguage() },
      {
        onSuccess: (settings) =>
          showToast(t(settings.enabled ? 'savedOn' : 'savedOff', { time: settings.time }), 'success'),
        onError: () => showToast(t('saveFailed'), 'error'),
      },
    );
  };

  return (
    <form className="mt-4 space-y-4" onSubmit={submit}>
      <fieldset className="space-y-4" disabled={save.isPending}>
        <div className="flex items-start gap-3">
          <input
            id={enabledId}
            type="checkbox"
            className="mt-1 size-4 shrink-0 rounded border-slate-400 accent-indigo-600"
            checked={enabled}
            aria-describedby={hintId}
            onChange={(event) => setEnabled(event.target.checked)}
          />
          <div>
            <label htmlFor={enabledId} className="font-medium text-slate-900">
              {t('enabled')}
            </label>
            <p id={hintId} className="mt-1 text-sm text-slate-600">
              {t('hint')}
            </p>
          </div>
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <label className="space-y-1 text-sm font-medium text-slate-800">
            <span className="block">{t('time')}</span>
            <input
              type="time"
              required
              className={inputClassName}
              value={time}
              onChange={(event) => setTime(event.target.value)}
            />
          </label>
          <label className="space-y-1 text-sm font-medium text-slate-800">
            <span className="block">{t('timeZone')}</span>
            <select
              className={inputClassName}
              value={timeZone}
              onChange={(event) => setTimeZone(event.target.value)}
            >
              {zonesWith(timeZone).map((zone) => (
                <option key={zone} value={zone}>
                  {zone}
                </option>
              ))}
            </select>
          </label>
        </div>
        <Button type="submit" variant="secondary" size="sm">
          {t('save')}
        </Button>
      </fieldset>
    </form>
  );
}

/**
 * The account page's morning digest (decision 160): an e-mail at a local time on days with something waiting,
 * off until the person turns it on; the mail is written in the language the page is in when they save.
 */
export function DigestSettingsCard() {
  const { t } = useTranslation('digest');
  const settings = useDigestSettings();
  return (
    <section
      aria-labelledby="digest-settings-title"
      className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="digest-settings-title" className="text-lg font-semibold text-slate-900">
        {t('title')}
      </h2>
      {settings.isError && <p className="mt-2 text-sm text-red-700">{t('loadFailed')}</p>}
      {settings.data && <DigestForm saved={settings.data} />}
    </section>
  );
}
