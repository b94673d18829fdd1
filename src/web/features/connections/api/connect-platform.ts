import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { connectResponseSchema, type ConnectResponse } from '../../../../contract/connections.ts';
import type { Platform } from '../../../../contract/messages.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { redirectTo } from '../../../lib/redirect.ts';

export function connectPlatform(platform: Platform): Promise<ConnectResponse> {
  return apiRequest(`/${platform}/connect`, { method: 'POST', schema: connectResponseSchema });
}

/**
 * Asks the server for the provider's consent page and sends the browser there; the provider returns the user to
 * the dashboard. A refusal (limit reached, provider not configured) may mean the panel is out of date, so the
 * usage and lists load again.
 */
export function useConnectPlatform() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationKey: ['connections', 'connect'],
    mutationFn: connectPlatform,
    onSuccess: ({ authUrl }) => redirectTo(authUrl),
    onError: () => queryClient.invalidateQueries({ queryKey: ['connections'] }),
  });
  const { reset } = mutation;
  // Coming back from the consent page with the Back button can restore this page as it was left, mid-redirect.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [reset]);
  return mutation;
}
