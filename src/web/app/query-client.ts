import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client.ts';

/** Client errors (4xx) are answers, not glitches: retrying them only delays the message the user needs. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) =>
          failureCount < 2 &&
          !(error instanceof ApiError && error.statusCode >= 400 && error.statusCode < 500),
        refetchOnWindowFocus: false,
      },
    },
  });
}
