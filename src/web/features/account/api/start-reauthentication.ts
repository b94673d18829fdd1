import { useMutation } from '@tanstack/react-query';
import { connectResponseSchema } from '../../../../contract/connections.ts';
import type { SocialProvider } from '../../../../contract/social-sign-in.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { redirectTo } from '../../../lib/redirect.ts';
import { rememberPendingReauthentication } from '../../../lib/reauthentication.ts';

/**
 * Sends the person to sign in with their provider again before deleting an account without a password: the same
 * flow as signing in, bound to this browser (decisions 060 and 140); the code comes back to the account page.
 */
export function useStartReauthentication() {
  return useMutation({
    mutationKey: ['account', 'reauthenticate'],
    mutationFn: async (provider: SocialProvider) => {
      const { authUrl } = await apiRequest(`/auth/${provider}/connect`, {
        method: 'POST',
        schema: connectResponseSchema,
      });
      rememberPendingReauthentication();
      redirectTo(authUrl);
    },
  });
}
