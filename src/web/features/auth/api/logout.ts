import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiRequest } from '../../../lib/api-client.ts';
import { tokenStorage } from '../../../lib/token-storage.ts';
import { useAuth } from '../hooks/use-auth.ts';

export function logout(refreshToken: string | null): Promise<void> {
  return apiRequest('/auth/logout', { method: 'POST', body: refreshToken ? { refreshToken } : {} });
}

/** Signing out locally never waits on the server: a failed call still ends the session here. */
export function useLogout() {
  const { endSession } = useAuth();
  const navigate = useNavigate();
  return useMutation({
    mutationKey: ['auth', 'logout'],
    mutationFn: () => logout(tokenStorage.getRefreshToken()),
    onError: (error) => console.warn('Logout request failed', error),
    onSettled: async () => {
      endSession();
      await navigate('/login', { replace: true });
    },
  });
}
