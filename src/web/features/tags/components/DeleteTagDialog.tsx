import { useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button.tsx';
import { Dialog } from '../../../components/ui/Dialog.tsx';

interface DeleteTagDialogProps {
  /** The name of the tag to delete; null when the dialog is closed. */
  name: string | null;
  deleting: boolean;
  onConfirm(): void;
  onClose(): void;
  /** Where focus goes when the dialog closes; the opener when it holds nothing (it is gone once its tag is). */
  returnFocusRef: RefObject<HTMLElement | null>;
}

/** SPEC §2: a tag is deleted only after this confirmation. */
export function DeleteTagDialog({
  name,
  deleting,
  onConfirm,
  onClose,
  returnFocusRef,
}: DeleteTagDialogProps) {
  const { t } = useTranslation('tags');
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={name !== null}
      onClose={onClose}
      title={t('delete.title')}
      description={t('delete.confirm')}
      initialFocusRef={cancelRef}
      returnFocusRef={returnFocusRef}
      footer={
        <>
          <Button ref={cancelRef} variant="secondary" onClick={onClose}>
            {t('delete.cancel')}
          </Button>
          <Button onClick={onConfirm} disabled={deleting} className="bg-red-600 hover:bg-red-700">
            {t('delete.action')}
          </Button>
        </>
      }
    >
      <p className="font-medium text-slate-900">{name}</p>
    </Dialog>
  );
}
