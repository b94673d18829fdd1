import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ui/use-toast.ts';
import { useReplySettings, useUpdateReplySettings } from '../api/reply-settings.ts';

/** The account page's "auto-done when I reply" (decision 154), saved per person as soon as it changes. */
export function ReplySettingsCard() {
  const { t } = useTranslation('awaiting');
  const { showToast } = useToast();
  const settings = useReplySettings();
  const update = useUpdateReplySettings();
  const hintId = useId();
  const checked = update.isPending
    ? (update.variables.auto_done ?? false)
    : (settings.data?.auto_done ?? false);
  return (
    <section
      aria-labelledby="reply-settings-title"
      className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="reply-settings-title" className="text-lg font-semibold text-slate-900">
        {t('settings.title')}
      </h2>
      <label className="mt-4 flex items-start gap-3">
        <input
          type="checkbox"
          className="mt-1 size-4 shrink-0 rounded border-slate-400 accent-indigo-600"
          checked={checked}
          disabled={!settings.data}
          aria-describedby={hintId}
          onChange={(event) =>
            update.mutate(
              { auto_done: event.target.checked },
              {
                onSuccess: () => showToast(t('settings.saved'), 'success'),
                onError: () => showToast(t('settings.saveFailed'), 'error'),
              },
            )
          }
        />
        <span>
          <span className="font-medium text-slate-900">{t('settings.autoDone')}</span>
          <span id={hintId} className="mt-1 block text-sm text-slate-600">
            {t('settings.autoDoneHint')}
          </span>
        </span>
      </label>
    </section>
  );
}
