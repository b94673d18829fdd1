import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { AuthResponse, User } from '../../../../contract/auth.ts';
import { readTokenExpiry } from '../../../lib/jwt.ts';
import {
  isExpiringSoon,
  REFRESH_CHECK_INTERVAL_MS,
  refreshDelayMs,
} from '../../../lib/token-refresh-timing.ts';
import { tokenStorage } from '../../../lib/token-storage.ts';
import { meQueryOptions } from '../api/get-me.ts';
import { refreshTokens } from '../api/refresh-tokens.ts';
import { AuthContext, type AuthContextValue } from '../hooks/use-auth.ts';

type AuthState =
  | { status: 'verifying'; user: null }
  | { status: 'authenticated'; user: User }
  | { status: 'unauthenticated'; user: null };

const VERIFYING: AuthState = { status: 'verifying', user: null };
const SIGNED_OUT: AuthState = { status: 'unauthenticated', user: null };
const REFRESH_LOCK_NAME = 'matome.token-refresh';

const accessTokenExpiringSoon = () => {
  const token = tokenStorage.getAccessToken();
  return token === null || isExpiringSoon(readTokenExpiry(token), Date.now());
};

/**
 * Refresh tokens rotate on every use, so two tabs spending the same one would sign each other out.
 * The Web Locks API serialises refreshes across tabs; browsers without it fall back to per-tab behaviour.
 */
async function withRefreshLock(task: () => Promise<void>): Promise<void> {
  if ('locks' in navigator) await navigator.locks.request(REFRESH_LOCK_NAME, task);
  else await task();
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [state, setState] = useState<AuthState>(() =>
    tokenStorage.getAccessToken() ? VERIFYING : SIGNED_OUT,
  );
  const refreshInFlight = useRef<Promise<void> | null>(null);

  const endSession = useCallback(() => {
    tokenStorage.clear();
    queryClient.clear();
    setState(SIGNED_OUT);
  }, [queryClient]);

  const startSession = useCallback(async ({ user, tokens }: AuthResponse) => {
    await tokenStorage.setTokens(tokens);
    setState({ status: 'authenticated', user });
  }, []);

  const loadUser = useCallback(
    () =>
      queryClient.fetchQuery(meQueryOptions()).then((user) => setState({ status: 'authenticated', user })),
    [queryClient],
  );

  const refresh = useCallback(() => {
    refreshInFlight.current ??= (async () => {
      try {
        await withRefreshLock(async () => {
          // Another tab may have refreshed while this one waited for the lock.
          if (!accessTokenExpiringSoon()) return;
          const refreshToken = tokenStorage.getRefreshToken();
          if (!refreshToken) throw new Error('No refresh token stored');
          await tokenStorage.setTokens(await refreshTokens(refreshToken));
        });
        await loadUser();
      } catch {
        endSession();
        await navigate('/login', { replace: true });
      } finally {
        refreshInFlight.current = null;
      }
    })();
    return refreshInFlight.current;
  }, [endSession, loadUser, navigate]);

  useEffect(() => {
    const token = tokenStorage.getAccessToken();
    if (!token) return;
    if (isExpiringSoon(readTokenExpiry(token), Date.now())) {
      void refresh();
      return;
    }
    loadUser().catch(endSession);
  }, [endSession, loadUser, refresh]);

  const { user } = state;
  // Every sign-in and refresh sets a new user object, so the timers are re-planned from the newest token.
  useEffect(() => {
    if (!user) return;
    const token = tokenStorage.getAccessToken();
    const delay = token === null ? null : refreshDelayMs(readTokenExpiry(token), Date.now());
    const timer = delay === null ? undefined : window.setTimeout(() => void refresh(), delay);
    const check = window.setInterval(() => {
      if (accessTokenExpiringSoon()) void refresh();
    }, REFRESH_CHECK_INTERVAL_MS);
    return () => {
      window.clearTimeout(timer);
      window.clearInterval(check);
    };
  }, [user, refresh]);

  const value = useMemo<AuthContextValue>(
    () => ({ status: state.status, user: state.user, startSession, endSession }),
    [state, startSession, endSession],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}
