import { useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { accountErrorCodes } from '../../../../contract/account.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { useToast } from '../../../components/ui/use-toast.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useDeleteAccount } from '../api/delete-account.ts';

/**
 * The danger zone: deleting the account after a confirmation, with the password for e-mail users (SPEC §5). While
 * a subscription is in force the server refuses; the dialog closes and `onActiveSubscription` shows the card.
 */
export function DeleteAccountSection({
  needsPassword,
  onDeleted,
  onActiveSubscription,
  subscriptionRef,
}: {
  needsPassword: boolean;
  onDeleted: () => void;
  onActiveSubscription: () => void;
  /** Where focus goes when the dialog closes because a subscription must be cancelled first. */
  subscriptionRef: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation('account');
  const { showToast } = useToast();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [refused, setRefused] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const remove = useDeleteAccount();

  const close = () => {
    setOpen(false);
    setPassword('');
  };
  const confirm = () =>
    remove.mutate(needsPassword ? password : undefined, {
      onSuccess: () => {
        showToast(t('toast.deleted'), 'success');
        onDeleted();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === accountErrorCodes.activeSubscription) {
          showToast(t('toast.activeSubscription'), 'error', 5000);
          setRefused(true);
          close();
          onActiveSubscription();
        } else if (error instanceof ApiError && error.code === 'WRONG_PASSWORD') {
          showToast(t('toast.wrongPassword'), 'error');
        } else {
          showToast(t('toast.failed'), 'error');
        }
      },
    });

  return (
    <section
      aria-labelledby="danger-zone"
      className="space-y-3 rounded-xl border border-red-200 bg-white p-6"
    >
      <h2 id="danger-zone" className="text-lg font-semibold text-red-700">
        {t('danger.title')}
      </h2>
      <p className="text-sm text-slate-700">{t('danger.body')}</p>
      <Button
        ref={opener}
        className="bg-red-600 text-white hover:bg-red-700"
        onClick={() => {
          setRefused(false);
          setOpen(true);
        }}
      >
        {t('danger.delete')}
      </Button>
      <Dialog
        open={open}
        onClose={() => {
          if (!remove.isPending) close();
        }}
        title={t('danger.dialogTitle')}
        description={t('danger.dialogBody')}
        returnFocusRef={refused ? subscriptionRef : opener}
        footer={
          <>
            <Button variant="secondary" onClick={close} disabled={remove.isPending}>
              {t('danger.cancel')}
            </Button>
            <Button
              className="bg-red-600 hover:bg-red-700"
              disabled={remove.isPending || (needsPassword && password === '')}
              onClick={confirm}
            >
              {t(remove.isPending ? 'danger.deleting' : 'danger.confirm')}
            </Button>
          </>
        }
      >
        {needsPassword && (
          <TextField
            label={t('danger.password')}
            hint={t('danger.passwordHint')}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        )}
      </Dialog>
    </section>
  );
}
