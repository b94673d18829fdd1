import { useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { accountErrorCodes, type DeleteAccountRequest } from '../../../../contract/account.ts';
import type { SocialProvider } from '../../../../contract/social-sign-in.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { useToast } from '../../../components/ui/use-toast.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useDeleteAccount } from '../api/delete-account.ts';
import { useStartReauthentication } from '../api/start-reauthentication.ts';

/**
 * The danger zone: deleting the account after a confirmation, with the password for e-mail users (SPEC §5), or
 * for an account without one after signing in with its provider again (decision 140): the dialog sends the person
 * there, and opens again with the code when they come back. While a subscription is in force the server refuses;
 * the dialog closes and `onActiveSubscription` shows the card.
 */
export function DeleteAccountSection({
  oauthProvider,
  reauthenticationCode,
  onReauthenticationUsed,
  onDeleted,
  onActiveSubscription,
  subscriptionRef,
}: {
  /** The provider an account without a password signs in with; undefined for e-mail users. */
  oauthProvider: SocialProvider | undefined;
  /** The code of the sign-in the person just made again to confirm, when they came back with one. */
  reauthenticationCode: string | undefined;
  /** The code works once: the page forgets it. */
  onReauthenticationUsed: () => void;
  onDeleted: () => void;
  onActiveSubscription: () => void;
  /** Where focus goes when the dialog closes because a subscription must be cancelled first. */
  subscriptionRef: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation('account');
  const { showToast } = useToast();
  const [open, setOpen] = useState(reauthenticationCode !== undefined);
  const [password, setPassword] = useState('');
  const [refused, setRefused] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const remove = useDeleteAccount();
  const reauthenticate = useStartReauthentication();
  const needsPassword = oauthProvider === undefined;
  const provider = oauthProvider ? t(`profile.provider.${oauthProvider}`) : '';
  const mustSignInAgain = !needsPassword && reauthenticationCode === undefined;

  const close = () => {
    setOpen(false);
    setPassword('');
    if (reauthenticationCode !== undefined) onReauthenticationUsed();
  };
  const signInAgain = () => {
    if (!oauthProvider) return;
    reauthenticate.mutate(oauthProvider, {
      onError: () => showToast(t('reauthentication.startFailed', { provider }), 'error'),
    });
  };
  const proof: DeleteAccountRequest = needsPassword ? { password } : { reauthenticationCode };
  const confirm = () =>
    remove.mutate(proof, {
      onSettled: () => {
        if (reauthenticationCode !== undefined) onReauthenticationUsed();
      },
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
        } else if (error instanceof ApiError && error.code === 'RATE_LIMITED') {
          // Password guesses are slowed like sign-in (decision 063): say so rather than "failed".
          showToast(t('toast.tooManyAttempts'), 'error', 5000);
        } else if (error instanceof ApiError && error.code === accountErrorCodes.reauthenticationRequired) {
          showToast(t('reauthentication.expired', { provider }), 'error', 5000);
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
            {mustSignInAgain ? (
              <Button
                className="bg-red-600 hover:bg-red-700"
                disabled={reauthenticate.isPending || reauthenticate.isSuccess}
                onClick={signInAgain}
              >
                {t('reauthentication.continue', { provider })}
              </Button>
            ) : (
              <Button
                className="bg-red-600 hover:bg-red-700"
                disabled={remove.isPending || (needsPassword && password === '')}
                onClick={confirm}
              >
                {t(remove.isPending ? 'danger.deleting' : 'danger.confirm')}
              </Button>
            )}
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
        {!needsPassword && (
          <p className="text-sm text-slate-700">
            {t(mustSignInAgain ? 'reauthentication.explain' : 'reauthentication.confirmed', { provider })}
          </p>
        )}
      </Dialog>
    </section>
  );
}
