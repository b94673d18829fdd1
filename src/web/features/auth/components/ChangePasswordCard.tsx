import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { useToast } from '../../../components/ui/use-toast.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useChangePassword } from '../api/sessions.ts';
import { NewPasswordField } from './NewPasswordField.tsx';

/** For e-mail users: the current password proves it is them; every other session ends on success. */
export function ChangePasswordCard() {
  const { t } = useTranslation('auth');
  const { showToast } = useToast();
  const change = useChangePassword();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          setCurrentPassword('');
          setNewPassword('');
          showToast(t('changePassword.done'), 'success');
        },
        onError: (error) =>
          showToast(
            error instanceof ApiError && error.code === 'WRONG_PASSWORD'
              ? t('changePassword.wrong')
              : t('changePassword.failed'),
            'error',
          ),
      },
    );
  };

  return (
    <section
      aria-labelledby="password-title"
      className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="password-title" className="text-lg font-semibold text-slate-900">
        {t('changePassword.title')}
      </h2>
      <form onSubmit={submit} className="mt-4 space-y-4">
        <TextField
          label={t('changePassword.current')}
          type="password"
          name="current-password"
          autoComplete="current-password"
          required
          value={currentPassword}
          onChange={(event) => setCurrentPassword(event.target.value)}
        />
        <NewPasswordField label={t('changePassword.new')} value={newPassword} onChange={setNewPassword} />
        <Button type="submit" disabled={change.isPending}>
          {t('changePassword.submit')}
        </Button>
      </form>
    </section>
  );
}
