import { useTranslation } from 'react-i18next';
import { CheckboxSettingCard } from '../../../components/ui/CheckboxSettingCard.tsx';
import { useToast } from '../../../components/ui/use-toast.ts';
import { useReplySettings, useUpdateReplySettings } from '../api/reply-settings.ts';

/** The account page's "auto-done when I reply" (decision 154), saved per person as soon as it changes. */
export function ReplySettingsCard() {
  const { t } = useTranslation('awaiting');
  const { showToast } = useToast();
  const settings = useReplySettings();
  const update = useUpdateReplySettings();
  const checked = update.isPending
    ? (update.variables.auto_done ?? false)
    : (settings.data?.auto_done ?? false);
  return (
    <CheckboxSettingCard
      titleId="reply-settings-title"
      title={t('settings.title')}
      label={t('settings.autoDone')}
      hint={t('settings.autoDoneHint')}
      checked={checked}
      disabled={!settings.data}
      onChange={(autoDone) =>
        update.mutate(
          { auto_done: autoDone },
          {
            onSuccess: () => showToast(t('settings.saved'), 'success'),
            onError: () => showToast(t('settings.saveFailed'), 'error'),
          },
        )
      }
    />
  );
}
