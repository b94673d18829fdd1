import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button.tsx';
import { Dialog } from '../../../components/ui/Dialog.tsx';

interface DeleteViewDialogProps {
  /** The view asked about; null keeps the dialog closed. */
  name: string | null;
  onConfirm(): void;
  onClose(): void;
}

/** Asks before deleting a view: its name and filters go; the messages it showed stay. */
export function DeleteViewDialog({ name, onConfirm, onClose }: DeleteViewDialogProps) {
  const { t } = useTranslation('views');
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={name !== null}
      onClose={onClose}
      title={t('delete.title', { name })}
      description={t('delete.description')}
      initialFocusRef={cancelRef}
      footer={
        <>
          <Button ref={cancelRef} variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button onClick={onConfirm}>{t('delete.confirm')}</Button>
        </>
      }
    />
  );
}
