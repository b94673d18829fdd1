import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client.ts';

/**
 * Client errors (4xx) are answers, not glitches: retrying them only delays the message the user needs. Requests
 * run whether or not the browser thinks it is online (TanStack Query would otherwise hold them, silently, until
 * the network returns), and fail at once while offline, so the user sees the network hint instead of a spinner.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        networkMode: 'always',
        retry: (failureCount, error) =>
          failureCount < 2 &&
          navigator.onLine &&
          !(error instanceof ApiError && error.statusCode >= 400 && error.statusCode < 500),
        refetchOnWindowFocus: false,
      },
      mutations: { networkMode: 'always' },
    },
  });
}
