import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiRequest } from '../../../lib/api-client.ts';
import { useAuth } from '../hooks/use-auth.ts';

/** Ends this browser's session (the server reads the refresh cookie and clears it). */
export function logout(): Promise<void> {
  return apiRequest('/auth/logout', { method: 'POST', renewOnExpiry: false });
}

/** Ends every session of the user, on every device, this one included. */
export function logoutEverywhere(): Promise<void> {
  return apiRequest('/auth/sessions', { method: 'DELETE' });
}

/** Signing out locally never waits on the server: a failed call still ends the session here. */
function useSignOut(call: () => Promise<void>, key: string) {
  const { endSession } = useAuth();
  const navigate = useNavigate();
  return useMutation({
    mutationKey: ['auth', key],
    mutationFn: call,
    onError: (error) => console.warn('Signing out failed on the server', error),
    onSettled: async () => {
      endSession();
      await navigate('/login', { replace: true });
    },
  });
}

export function useLogout() {
  return useSignOut(logout, 'logout');
}

export function useLogoutEverywhere() {
  return useSignOut(logoutEverywhere, 'logout-everywhere');
}
