import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EMAIL_MAX_LENGTH } from '../../../../contract/auth.ts';
import { Alert } from '../../../components/ui/Alert.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { ApiError, isTransportError } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { AuthCard } from './AuthCard.tsx';

/** Asks for a reset link. The answer is the same whether or not the address has an account. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('forgotPassword.title'));
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState('');

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    request.mutate({ email, language: currentLanguage() });
  };

  return (
    <AuthCard
      title={t('forgotPassword.heading')}
      intro={t('forgotPassword.intro')}
      footer={
        <Link to="/login" className="font-semibold text-indigo-700 underline-offset-2 hover:underline">
          {t('forgotPassword.backToLogin')}
        </Link>
      }
    >
      {request.isSuccess ? (
        <p role="status" className="text-sm text-slate-800">
          {t('forgotPassword.sent', { email: request.variables.email })}
        </p>
      ) : (
        <form onSubmit={handleSubmit} className="space-y-5">
          {request.error && (
            <Alert>
              {request.error instanceof ApiError && request.error.statusCode === 429
                ? t('forgotPassword.tooMany')
                : isTransportError(request.error)
                  ? request.error.message
                  : t('forgotPassword.failed')}
            </Alert>
          )}
          <TextField
            label={t('forgotPassword.email')}
            type="email"
            name="email"
            autoComplete="email"
            required
            maxLength={EMAIL_MAX_LENGTH}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <Button type="submit" size="lg" className="w-full" disabled={request.isPending}>
            {request.isPending ? t('forgotPassword.submitting') : t('forgotPassword.submit')}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
