import { FlaskConical } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../../contract/auth.ts';
import type { TestModeState } from '../../../../contract/messages.ts';
import { useToast } from '../../../components/ui/use-toast.ts';
import { useUpdateTestMode } from '../api/update-test-mode.ts';

interface TestModePanelProps {
  state: TestModeState;
  /** Reloads what depends on test mode (connections and messages). */
  onChanged(): Promise<void>;
}

/** For users listed in TEST_MODE_EMAILS: show sample data in a chosen language instead of their connections. */
export function TestModePanel({ state, onChanged }: TestModePanelProps) {
  const { t } = useTranslation('dashboard');
  const { showToast } = useToast();
  const update = useUpdateTestMode(onChanged);
  const headingId = useId();
  const languageId = useId();

  const save = (change: Partial<Pick<TestModeState, 'enabled' | 'language'>>) => {
    update.mutate(
      { enabled: change.enabled ?? state.enabled, language: change.language ?? state.language },
      { onError: () => showToast(t('testMode.saveFailed'), 'error') },
    );
  };

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-amber-200 bg-amber-50 p-5 shadow-sm"
    >
      <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <FlaskConical aria-hidden="true" className="size-5 text-amber-700" />
        {t('testMode.heading')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('testMode.body')}</p>
      <label className="mt-4 flex items-center gap-2 text-sm font-medium text-slate-900">
        <input
          type="checkbox"
          className="size-4 accent-indigo-600"
          checked={state.enabled}
          disabled={update.isPending}
          onChange={(event) => save({ enabled: event.target.checked })}
        />
        {t('testMode.enabled')}
      </label>
      <div className="mt-3 flex items-center gap-2">
        <label htmlFor={languageId} className="text-sm text-slate-800">
          {t('testMode.language')}
        </label>
        <select
          id={languageId}
          value={state.language}
          disabled={update.isPending}
          onChange={(event) => save({ language: event.target.value as Language })}
          className="rounded-lg border border-slate-300 bg-white px-2.5 py-1.5 text-sm text-slate-800"
        >
          <option value="en">{t('testMode.languages.en')}</option>
          <option value="jp">{t('testMode.languages.jp')}</option>
        </select>
      </div>
    </section>
  );
}
