import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/Alert.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { isTransportError } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useVerifyEmail } from '../api/verify-email.ts';
import { useAuth } from '../hooks/use-auth.ts';
import { linkTokenFromHash } from '../lib/link-token.ts';
import { AuthCard } from './AuthCard.tsx';

const linkClassName = 'font-semibold text-indigo-700 underline-offset-2 hover:underline';

/**
 * Where a confirmation e-mail's link lands. A confirmed sign-up is signed in and goes to the inbox; a confirmed
 * address change says so. The link works once, so it is sent exactly once even when React runs effects twice.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('verifyEmail.title'));
  const location = useLocation();
  const navigate = useNavigate();
  const { status, startSession } = useAuth();
  const verify = useVerifyEmail();
  const token = linkTokenFromHash(location.hash);
  const sent = useRef(false);

  useEffect(() => {
    // Wait for the start-up check of the session, so its answer cannot overtake this sign-in.
    if (!token || sent.current || status === 'verifying') return;
    sent.current = true;
    verify.mutate(token, {
      onSuccess: async ({ user, tokens }) => {
        if (!tokens) return;
        await startSession({ user, tokens });
        await navigate('/dashboard', { replace: true });
      },
    });
  }, [token, status, verify, startSession, navigate]);

  let content;
  if (!token) {
    content = <Alert>{t('verifyEmail.missing')}</Alert>;
  } else if (verify.isError) {
    content = (
      <Alert>{isTransportError(verify.error) ? verify.error.message : t('verifyEmail.failed')}</Alert>
    );
  } else if (verify.isSuccess && !verify.data.tokens) {
    content = (
      <p role="status" className="text-sm text-slate-800">
        {t('verifyEmail.confirmed')}{' '}
        <Link to="/dashboard" className={linkClassName}>
          {t('verifyEmail.toDashboard')}
        </Link>
      </p>
    );
  } else {
    content = <Spinner label={t('verifyEmail.working')} />;
  }

  return (
    <AuthCard
      title={t('verifyEmail.heading')}
      intro=""
      footer={
        <>
          <Link to="/login" className={linkClassName}>
            {t('verifyEmail.login')}
          </Link>
          {' · '}
          <Link to="/register" className={linkClassName}>
            {t('verifyEmail.registerAgain')}
          </Link>
        </>
      }
    >
      {content}
    </AuthCard>
  );
}
