import { queryOptions } from '@tanstack/react-query';
import type { User } from '../../../../contract/auth.ts';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';

const ATTEMPTS = 3;
const RETRY_DELAY_MS = 500;

export async function getMe(signal?: AbortSignal): Promise<User> {
  const { user } = await apiRequest('/auth/me', {
    schema: async () => (await import('../../../../contract/auth.ts')).meResponseSchema,
    signal,
  });
  return user;
}

/** Three attempts 500 ms apart ride out a server restart; a rejected token will not improve with retries. */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'me'],
    queryFn: ({ signal }) => getMe(signal),
    retry: (failureCount, error) =>
      failureCount < ATTEMPTS - 1 && !(error instanceof ApiError && error.statusCode === 401),
    retryDelay: RETRY_DELAY_MS,
  });
