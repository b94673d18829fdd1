import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  accountInfoResponseSchema,
  accountStatsResponseSchema,
  updateProfileResponseSchema,
} from '../../../../contract/account.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const accountInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'me'],
    queryFn: async ({ signal }) =>
      (await apiRequest('/account/me', { schema: accountInfoResponseSchema, signal })).data,
  });

export const accountStatsQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'stats'],
    queryFn: async ({ signal }) =>
      (await apiRequest('/account/stats', { schema: accountStatsResponseSchema, signal })).data,
  });

export function useRename() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) =>
      (
        await apiRequest('/account/profile', {
          method: 'PUT',
          body: { name },
          schema: updateProfileResponseSchema,
        })
      ).data,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['account', 'me'] });
      await client.invalidateQueries({ queryKey: ['auth', 'me'] });
    },
  });
}
