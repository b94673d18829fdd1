import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxSettingCard } from '../../../components/ui/CheckboxSettingCard.tsx';
import { useToast } from '../../../components/ui/use-toast.ts';
import { canKeepInbox, isKeepingInbox, setKeepingInbox } from '../../../lib/offline-inbox.ts';

/**
 * The account page's "keep my inbox on this device" (docs/decisions/158): a setting of this browser, not of the
 * account, off until the person turns it on. The service worker reads the same setting.
 */
export function KeepInboxCard() {
  const { t } = useTranslation('offline');
  const { showToast } = useToast();
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
    <CheckboxSettingCard
      titleId="keep-inbox-title"
      title={t('keepInbox.title')}
      label={t('keepInbox.label')}
      hint={available ? t('keepInbox.hint') : t('keepInbox.unavailable')}
      checked={keeping ?? false}
      disabled={!available || keeping === null || saving}
      onChange={(on) => void change(on)}
    />
  );
}
