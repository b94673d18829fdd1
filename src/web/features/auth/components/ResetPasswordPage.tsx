import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Alert } from '../../../components/ui/Alert.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { NewPasswordField } from './NewPasswordField.tsx';
import { ApiError, isTransportError } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { linkTokenFromHash } from '../lib/link-token.ts';
import { AuthCard } from './AuthCard.tsx';

const linkClassName = 'font-semibold text-indigo-700 underline-offset-2 hover:underline';

/** Where a reset e-mail's link lands: choose a new password; every session of the account then ends. */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('resetPassword.title'));
  const location = useLocation();
  const token = linkTokenFromHash(location.hash);
  const reset = useResetPassword();
  const [password, setPassword] = useState('');

  const code = reset.error instanceof ApiError ? reset.error.code : undefined;
  const invalidLink = !token || code === 'INVALID_LINK';

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (token) reset.mutate({ token, password });
  };

  let content;
  if (reset.isSuccess) {
    content = (
      <p role="status" className="text-sm text-slate-800">
        {t('resetPassword.done')}{' '}
        <Link to="/login" className={linkClassName}>
          {t('resetPassword.login')}
        </Link>
      </p>
    );
  } else if (invalidLink) {
    content = (
      <Alert>
        {t('resetPassword.invalidLink')}{' '}
        <Link to="/forgot-password" className="font-semibold underline">
          {t('resetPassword.requestNew')}
        </Link>
      </Alert>
    );
  } else {
    content = (
      <form onSubmit={handleSubmit} className="space-y-5">
        {reset.error && (
          <Alert>
            {code === 'PASSWORD_TOO_COMMON'
              ? t('register.errors.PASSWORD_TOO_COMMON')
              : isTransportError(reset.error)
                ? reset.error.message
                : t('resetPassword.failed')}
          </Alert>
        )}
        <NewPasswordField label={t('resetPassword.password')} value={password} onChange={setPassword} />
        <Button type="submit" size="lg" className="w-full" disabled={reset.isPending}>
          {reset.isPending ? t('resetPassword.submitting') : t('resetPassword.submit')}
        </Button>
      </form>
    );
  }

  return (
    <AuthCard
      title={t('resetPassword.heading')}
      intro={t('resetPassword.intro')}
      footer={
        <Link to="/login" className={linkClassName}>
          {t('forgotPassword.backToLogin')}
        </Link>
      }
    >
      {content}
    </AuthCard>
  );
}
