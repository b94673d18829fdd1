import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ui/use-toast.ts';
import { canKeepInbox, isKeepingInbox, setKeepingInbox } from '../../../lib/offline-inbox.ts';

/**
 * The account page's "keep my inbox on this device" (docs/decisions/158): a setting of this browser, not of the
 * account, off until the person turns it on. The service worker reads the same setting.
 */
export function KeepInboxCard() {
  const { t } = useTranslation('offline');
  const { showToast } = useToast();
  const hintId = useId();
  const available = canKeepInbox();
  const [keeping, setKeeping] = useState<boolean | null>(available ? null : false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!available) return;
    let active = true;
    void isKeepingInbox().then((on) => active && setKeeping(on));
    return () => {
      active = false;
    };
  }, [available]);

  const change = async (on: boolean) => {
    setSaving(true);
    setKeeping(on);
    try {
      await setKeepingInbox(on);
      showToast(t(on ? 'keepInbox.on' : 'keepInbox.off'), 'success');
    } catch {
      setKeeping(!on);
      showToast(t('keepInbox.failed'), 'error');
    } finally {
      setSaving(false);
    }
  };

  return (
    <section
      aria-labelledby="keep-inbox-title"
      className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="keep-inbox-title" className="text-lg font-semibold text-slate-900">
        {t('keepInbox.title')}
      </h2>
      <label className="mt-4 flex items-start gap-3">
        <input
          type="checkbox"
          className="mt-1 size-4 shrink-0 rounded border-slate-400 accent-indigo-600"
          checked={keeping ?? false}
          disabled={!available || keeping === null || saving}
          aria-describedby={hintId}
          onChange={(event) => void change(event.target.checked)}
        />
        <span>
          <span className="font-medium text-slate-900">{t('keepInbox.label')}</span>
          <span id={hintId} className="mt-1 block text-sm text-slate-600">
            {available ? t('keepInbox.hint') : t('keepInbox.unavailable')}
          </span>
        </span>
      </label>
    </section>
  );
}
