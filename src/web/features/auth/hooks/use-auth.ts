import { createContext, useContext } from 'react';
import type { AuthResponse, User } from '../../../../contract/auth.ts';

export type AuthStatus = 'verifying' | 'authenticated' | 'unauthenticated';

export interface AuthContextValue {
  status: AuthStatus;
  user: User | null;
  /** Keeps the access token of a fresh sign-in (in memory) and marks the user signed in. */
  startSession(response: AuthResponse): Promise<void>;
  /** Where a protected page sends someone who signed out here on purpose; null means the login page. */
  leaveTo: string | null;
  /**
   * Forgets the token and cached user data, here and in the user's other tabs; `leaveTo` names where the
   * protected page on screen sends this tab instead of the login page.
   */
  endSession(options?: { leaveTo?: string }): void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
