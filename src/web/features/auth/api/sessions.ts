import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { changePasswordBodySchema } from '../../../../contract/account-security.ts';
import { sessionsResponseSchema } from '../../../../contract/sessions.ts';
import type { z } from 'zod/mini';
import { apiRequest } from '../../../lib/api-client.ts';

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'sessions'],
    queryFn: async ({ signal }) =>
      (await apiRequest('/auth/sessions', { schema: sessionsResponseSchema, signal })).sessions,
  });

export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/auth/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['auth', 'sessions'] }),
  });
}

export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof changePasswordBodySchema>) =>
      apiRequest('/auth/password', { method: 'POST', body }),
    // Changing the password ends every other session.
    onSuccess: () => client.invalidateQueries({ queryKey: ['auth', 'sessions'] }),
  });
}
