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

/** getMe on meQueryOptions' terms, for the session's own checks, which run outside the query cache. */
export async function getMeRetrying(): Promise<User> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await getMe();
    } catch (error) {
      if (attempt >= ATTEMPTS || (error instanceof ApiError && error.statusCode === 401)) throw error;
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
    }
  }
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
