import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert } from '../../components/ui/Alert.tsx';
import { buttonClassName } from '../../components/ui/button-class-name.ts';
import { Spinner } from '../../components/ui/Spinner.tsx';
import {
  REAUTHENTICATION_RETURN_PATH,
  takePendingReauthentication,
  type ReauthenticationState,
} from '../../lib/reauthentication.ts';
import { exchangeSignInCode } from '../../features/auth/api/social-sign-in.ts';
import { useAuth } from '../../features/auth/hooks/use-auth.ts';
import { ApiError, isTransportError } from '../../lib/api-client.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** SPEC §4: the dashboard opens 100 ms after a successful sign-in. */
const SUCCESS_REDIRECT_MS = 100;

type CallbackState = { kind: 'loading' } | { kind: 'success' } | { kind: 'error'; message: string };

/**
 * Where a Google or GitHub sign-in lands (decision 101): the single-use code in the fragment is taken out of the
 * address bar at once and traded, once, for the session.
 */
export function AuthCallbackPage() {
  const { t } = useTranslation('pages');
  useDocumentTitle(t('authCallback.title'));
  const location = useLocation();
  const navigate = useNavigate();
  const { startSession } = useAuth();
  const [code] = useState(() => new URLSearchParams(location.hash.replace(/^#/, '')).get('code'));
  const [state, setState] = useState<CallbackState>(() =>
    code ? { kind: 'loading' } : { kind: 'error', message: t('authCallback.missing') },
  );
  const sent = useRef(false);

  useEffect(() => {
    if (location.hash) void navigate({ pathname: location.pathname }, { replace: true });
  }, [location.hash, location.pathname, navigate]);

  useEffect(() => {
    // The start-up check of an earlier session is skipped on this page (AuthProvider), so nothing is awaited.
    if (!code || sent.current) return;
    // A sign-in made again to confirm deleting the account: its code is the proof the deletion sends.
    if (takePendingReauthentication()) {
      sent.current = true;
      const state: ReauthenticationState = { reauthenticationCode: code };
      void navigate(REAUTHENTICATION_RETURN_PATH, { replace: true, state });
      return;
    }
    sent.current = true;
    exchangeSignInCode(code)
      .then(async (response) => {
        await startSession(response);
        setState({ kind: 'success' });
        setTimeout(() => void navigate('/dashboard', { replace: true }), SUCCESS_REDIRECT_MS);
      })
      .catch((error: unknown) => {
        // A code the server cannot even read (cut short, from an old link) is as spent as an expired one.
        const expired =
          error instanceof ApiError &&
          (error.code === 'SIGN_IN_EXPIRED' || error.code === 'VALIDATION_ERROR');
        const message = expired
          ? t('authCallback.expired')
          : isTransportError(error)
            ? error.message
            : t('authCallback.failed');
        setState({ kind: 'error', message });
      });
  }, [code, startSession, navigate, t]);

  return (
    <div className="mx-auto max-w-xl px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('authCallback.title')}</h1>
      <div className="mt-6">
        {state.kind === 'loading' && <Spinner label={t('authCallback.loading')} />}
        {state.kind === 'success' && (
          <p role="status" className="text-slate-800">
            {t('authCallback.success')}
          </p>
        )}
        {state.kind === 'error' && (
          <>
            <Alert>{state.message}</Alert>
            <Link to="/login" className={`${buttonClassName()} mt-8`}>
              {t('backToLogin')}
            </Link>
          </>
        )}
      </div>
    </div>
  );
}
