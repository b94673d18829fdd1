import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from '../../../../contract/auth.ts';
import { Alert } from '../../../components/ui/Alert.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { NewPasswordField } from './NewPasswordField.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useRegister } from '../api/register.ts';
import { useAuth } from '../hooks/use-auth.ts';
import { AuthCard, VerifyingSignIn } from './AuthCard.tsx';
import { useOnline } from '../../../lib/use-online.ts';

const knownErrors = ['PASSWORD_TOO_COMMON'] as const;

/** A sign-up ends on "check your inbox": the account exists once the e-mailed link is followed (decision 066). */
function CheckInbox({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('register.sent.title'));
  return (
    <AuthCard
      title={t('register.sent.heading')}
      intro={t('register.sent.body', { email })}
      footer={
        <Link to="/login" className="font-semibold text-indigo-700 underline-offset-2 hover:underline">
          {t('register.loginLink')}
        </Link>
      }
    >
      <p role="status" className="text-sm text-slate-700">
        {t('register.sent.notReceived')}
      </p>
    </AuthCard>
  );
}

export function RegisterPage() {
  const online = useOnline();
  const { t } = useTranslation(['auth', 'ui']);
  useDocumentTitle(t('register.title'));
  const { status } = useAuth();
  const register = useRegister();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  if (status === 'verifying') return <VerifyingSignIn />;
  if (status === 'authenticated') return <Navigate to="/dashboard" replace />;
  if (register.isSuccess) return <CheckInbox email={register.variables.email} />;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    register.mutate({ name, email, password, language: currentLanguage() });
  };
  const errorCode = register.error instanceof ApiError ? register.error.code : undefined;
  const knownError = knownErrors.find((code) => code === errorCode);

  return (
    <AuthCard
      title={t('register.heading')}
      intro={t('register.intro')}
      footer={
        <>
          {t('register.haveAccount')}{' '}
          <Link to="/login" className="font-semibold text-indigo-700 underline-offset-2 hover:underline">
            {t('register.loginLink')}
          </Link>
        </>
      }
    >
      <form onSubmit={handleSubmit} className="space-y-5">
        {register.error && (
          <Alert>
            <p className="font-medium">
              {knownError ? t(`register.errors.${knownError}`) : t('register.failed')}
            </p>
            {!knownError && (
              <details>
                <summary className="cursor-pointer rounded">{t('register.details')}</summary>
                <p className="mt-1 break-words">{register.error.message}</p>
              </details>
            )}
          </Alert>
        )}
        <TextField
          label={t('register.name')}
          name="name"
          autoComplete="name"
          required
          maxLength={NAME_MAX_LENGTH}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <TextField
          label={t('register.email')}
          type="email"
          name="email"
          autoComplete="email"
          required
          maxLength={EMAIL_MAX_LENGTH}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <NewPasswordField label={t('register.password')} value={password} onChange={setPassword} />
        <Button type="submit" size="lg" className="w-full" disabled={register.isPending || !online}>
          {register.isPending ? t('register.submitting') : t('register.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
