import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlatformConnection } from '../../../../contract/messages.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { Dialog } from '../../../components/ui/Dialog.tsx';

interface DisconnectDialogProps {
  /** The connection to disconnect; null keeps the dialog closed. */
  connection: PlatformConnection | null;
  name: string;
  pending: boolean;
  onConfirm(): void;
  onClose(): void;
  returnFocusRef: RefObject<HTMLElement | null>;
}

/** Asks before a workspace or account is disconnected; Cancel gets the focus, so Enter never disconnects. */
export function DisconnectDialog({
  connection,
  name,
  pending,
  onConfirm,
  onClose,
  returnFocusRef,
}: DisconnectDialogProps) {
  const { t } = useTranslation('connections');
  return (
    <Dialog
      open={connection !== null}
      onClose={() => {
        if (!pending) onClose();
      }}
      title={t('disconnect.title', { name })}
      description={connection ? t(`disconnect.body.${connection.platform}`) : undefined}
      returnFocusRef={returnFocusRef}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            {t('disconnect.cancel')}
          </Button>
          <Button onClick={onConfirm} disabled={pending} className="bg-red-600 hover:bg-red-700">
            {t(pending ? 'disconnect.disconnecting' : 'disconnect.confirm')}
          </Button>
        </>
      }
    />
  );
}
