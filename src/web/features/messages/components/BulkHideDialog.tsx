import { memo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button.tsx';
import { Dialog } from '../../../components/ui/Dialog.tsx';

interface BulkHideDialogProps {
  open: boolean;
  count: number;
  onConfirm(): void;
  onClose(): void;
}

/** Asks before hiding the selected messages (SPEC §4). */
function BulkHideDialogView({ open, count, onConfirm, onClose }: BulkHideDialogProps) {
  const { t } = useTranslation('hiding');
  const confirmRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('confirmTitle', { count })}
      description={t('confirmBody')}
      initialFocusRef={confirmRef}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button ref={confirmRef} onClick={onConfirm}>
            {t('confirm')}
          </Button>
        </>
      }
    />
  );
}

/** Memoised: a page change draws the list again without it. */
export const BulkHideDialog = memo(BulkHideDialogView);
