import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { AuthResponse, User } from '../../../../contract/auth.ts';
import { onSessionEnded, renewAccessToken } from '../../../lib/api-client.ts';
import { forgetKeptInbox, setKeepingInbox } from '../../../lib/offline-inbox.ts';
import { readTokenClaims } from '../../../lib/jwt.ts';
import { isOAuthReturn } from '../../../lib/start-verification.ts';
import { createTokenRefreshService } from '../../../lib/token-refresh-service.ts';
import { resetSessionData } from '../../../lib/session-data.ts';
import { accessTokenStore, forgetLegacyTokens } from '../../../lib/token-storage.ts';
import { getMeRetrying } from '../api/get-me.ts';
import { AuthContext, type AuthContextValue } from '../hooks/use-auth.ts';
import { checksSessionAtStart, sessionCheckAtStart } from '../lib/session-check-at-start.ts';

type AuthState =
  | { status: 'verifying'; user: null }
  | { status: 'authenticated'; user: User }
  | { status: 'unauthenticated'; user: null };

const VERIFYING: AuthState = { status: 'verifying', user: null };
const SIGNED_OUT: AuthState = { status: 'unauthenticated', user: null };
/** Tabs tell each other when the user signed out, so none keeps showing an account that is gone. */
const AUTH_CHANNEL = 'matome.auth';

/**
 * Whether someone is signed in. The page never stores a token: at start it asks for an access token through the
 * HttpOnly refresh cookie (so a reload or a new tab stays signed in, retrying a server it cannot reach), keeps it
 * fresh on SPEC §4's schedule (lib/token-refresh-service.ts), and forgets everything when the session ends here, in
 * another tab, or on the server.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [checkAtStart] = useState(checksSessionAtStart);
  const [state, setState] = useState<AuthState>(checkAtStart ? VERIFYING : SIGNED_OUT);

  const endSession = useCallback(() => {
    accessTokenStore.set(null);
    resetSessionData();
    setState(SIGNED_OUT);
  }, []);

  // The session ended elsewhere (another tab, the server): the message lists it let this device keep go with it.
  const endSessionAndLeave = useCallback(() => {
    void forgetKeptInbox();
    endSession();
    void navigate('/login', { replace: true });
  }, [endSession, navigate]);

  // One channel both listens and tells: a message never comes back to the object that posted it, so signing out
  // here leaves where this tab goes next to the caller (the home page after deleting the account).
  const authChannel = useRef<BroadcastChannel | null>(null);
  // Where protected pages send a person who signed out here on purpose (deleting the account: the home page);
  // otherwise the login page.
  const [leaveTo, setLeaveTo] = useState<string | null>(null);
  const signedOutHere = useCallback(
    (options?: { leaveTo?: string }) => {
      setLeaveTo(options?.leaveTo ?? null);
      // Signing out ends what the session opened: "keep my inbox on this device" turns off, its lists forgotten.
      void setKeepingInbox(false);
      endSession();
      authChannel.current?.postMessage('signed-out');
    },
    [endSession],
  );

  const startSession = useCallback(async ({ user, tokens }: AuthResponse) => {
    setLeaveTo(null);
    accessTokenStore.set(tokens.accessToken);
    setState({ status: 'authenticated', user });
  }, []);

  useEffect(() => {
    forgetLegacyTokens();
    if (!checkAtStart) return;
    let active = true;
    // A sign-in that finished meanwhile (a confirmation link, a login) wins over what the start found.
    const settle = (next: AuthState) =>
      active && setState((current) => (current.status === 'verifying' ? next : current));
    const afterOAuth = isOAuthReturn(window.location);
    void sessionCheckAtStart().then((outcome) => {
      if (outcome.kind === 'verified') return settle({ status: 'authenticated', user: outcome.value });
      // Back from a provider the sign-in may still be settling: show signed out without throwing a token away.
      if (outcome.kind === 'unreachable' && !afterOAuth) return active && endSession();
      settle(SIGNED_OUT);
    });
    return () => {
      active = false;
    };
  }, [checkAtStart, endSession]);

  useEffect(() => onSessionEnded(endSessionAndLeave), [endSessionAndLeave]);

  useEffect(() => {
    if (!('BroadcastChannel' in window)) return;
    const channel = new BroadcastChannel(AUTH_CHANNEL);
    channel.onmessage = (event) => {
      if (event.data === 'signed-out') endSessionAndLeave();
    };
    authChannel.current = channel;
    return () => {
      authChannel.current = null;
      channel.close();
    };
  }, [endSessionAndLeave]);

  const signedIn = state.status === 'authenticated';
  useEffect(() => {
    if (!signedIn) return;
    const refresh = createTokenRefreshService({
      readClaims: () => {
        const current = accessTokenStore.get();
        return current ? readTokenClaims(current) : null;
      },
      renew: renewAccessToken,
      reloadUser: async () => {
        const user = await getMeRetrying();
        setState((current) =>
          current.status === 'authenticated' ? { status: 'authenticated', user } : current,
        );
      },
      onFailure: endSessionAndLeave,
    });
    refresh.start();
    return () => refresh.stop();
  }, [signedIn, endSessionAndLeave]);

  const value = useMemo<AuthContextValue>(
    () => ({ status: state.status, user: state.user, leaveTo, startSession, endSession: signedOutHere }),
    [state, leaveTo, startSession, signedOutHere],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}
