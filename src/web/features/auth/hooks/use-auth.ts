import { createContext, useContext } from 'react';
import type { AuthResponse, User } from '../../../../contract/auth.ts';

export type AuthStatus = 'verifying' | 'authenticated' | 'unauthenticated';

export interface AuthContextValue {
  status: AuthStatus;
  user: User | null;
  /** Stores the tokens of a fresh login or registration and marks the user signed in. */
  startSession(response: AuthResponse): Promise<void>;
  /** Forgets tokens and cached user data. */
  endSession(): void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
