import { useMutation, useQuery } from '@tanstack/react-query';
import { authResponseSchema, type AuthResponse } from '../../../../contract/auth.ts';
import { socialStatusSchema, type SocialProvider } from '../../../../contract/social-sign-in.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Whether this server offers signing in with the provider (the login page hides a button it cannot honour). */
export function useSocialSignInStatus(provider: SocialProvider) {
  return useQuery({
    queryKey: ['auth', provider, 'status'],
    queryFn: ({ signal }) => apiRequest(`/auth/${provider}/status`, { schema: socialStatusSchema, signal }),
    staleTime: Infinity,
  });
}

/** Starts signing in: the server sets this browser's binding cookie and answers the consent page to go to. */
export function useStartSocialSignIn() {
  return useMutation({
    mutationKey: ['auth', 'social-start'],
    mutationFn: async (provider: SocialProvider) => {
      const { authUrl } = await apiRequest(`/auth/${provider}/connect`, {
        method: 'POST',
        // The connections' contract (with the message schemas it builds on) is not otherwise on the sign-in page:
        // it loads when the answer arrives (docs/decisions/168).
        schema: async () => (await import('../../../../contract/connections.ts')).connectResponseSchema,
        renewOnExpiry: false,
      });
      window.location.assign(authUrl);
    },
  });
}

/** Trades the single-use code of `/auth/callback#code=…` for the session (decision 101). */
export function exchangeSignInCode(code: string): Promise<AuthResponse> {
  return apiRequest('/auth/oauth/exchange', {
    method: 'POST',
    body: { code },
    schema: authResponseSchema,
    renewOnExpiry: false,
  });
}
