import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '../../../../contract/auth.ts';
import { Alert } from '../../../components/ui/Alert.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useChangeEmail } from '../api/change-email.ts';
import { focusOnMount } from '../../../lib/focus-on-mount.ts';

/** Which sentence explains a refused change: the server's own reasons, then a throttle, then anything else. */
function failureKey(error: unknown) {
  if (!(error instanceof ApiError)) return 'changeEmail.failed' as const;
  if (error.code === 'WRONG_PASSWORD') return 'changeEmail.wrongPassword' as const;
  if (error.statusCode === 429) return 'changeEmail.throttled' as const;
  if (error.statusCode === 400) return 'changeEmail.invalid' as const;
  return 'changeEmail.failed' as const;
}

/**
 * The new address and the current password; the address changes once the link sent to it is opened. An account
 * made with Google or GitHub has no password until one is set through "Forgot your password?", so it is told so.
 */
export function ChangeEmailForm({ user, onClose }: { user: User; onClose(sent: string | null): void }) {
  const { t } = useTranslation('account');
  const change = useChangeEmail();
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const sameAddress = newEmail.trim().toLowerCase() === user.email.toLowerCase();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = newEmail.trim();
    change.mutate(
      { newEmail: address, password, language: currentLanguage() },
      { onSuccess: () => onClose(address) },
    );
  };

  return (
    <form onSubmit={submit} className="space-y-3">
      <TextField
        label={t('changeEmail.newEmail')}
        type="email"
        name="new-email"
        autoComplete="email"
        required
        ref={focusOnMount}
        value={newEmail}
        onChange={(event) => setNewEmail(event.target.value)}
        hint={sameAddress ? t('changeEmail.sameAddress') : undefined}
      />
      <TextField
        label={t('changeEmail.password')}
        type="password"
        name="current-password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        hint={
          user.oauthProvider
            ? t('changeEmail.noPasswordHint', { provider: t(`profile.provider.${user.oauthProvider}`) })
            : undefined
        }
      />
      {change.isError && <Alert>{t(failureKey(change.error))}</Alert>}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={change.isPending || sameAddress}>
          {t('changeEmail.submit')}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => onClose(null)}>
          {t('profile.cancel')}
        </Button>
      </div>
    </form>
  );
}
