import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_WINDOW_SIZE, type UnifiedMessage } from '../../../../contract/messages.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { Dialog } from '../../../components/ui/Dialog.tsx';

/** Explains the warning icon on messages near the end of the 100-message window (SPEC §4, §9). */
function ExpiryDialogView({ message, onClose }: { message: UnifiedMessage | null; onClose(): void }) {
  const { t } = useTranslation('messages');
  const platform = message ? t(`platforms.${message.platform}`) : '';
  const location = message
    ? t(`card.location.${message.location.type}`, { name: message.location.name })
    : '';
  return (
    <Dialog
      open={message !== null}
      onClose={onClose}
      title={t('expiry.title')}
      footer={<Button onClick={onClose}>{t('expiry.close')}</Button>}
    >
      {message && (
        <div className="space-y-3 text-sm text-slate-700">
          <p>
            {t('expiry.body', {
              window: MESSAGE_WINDOW_SIZE,
              position: message.position_index,
              location,
            })}
          </p>
          <p>{t('expiry.advice', { platform })}</p>
        </div>
      )}
    </Dialog>
  );
}

/** Memoised: a page change draws the list again without it. */
export const ExpiryDialog = memo(ExpiryDialogView);
