import type { TimelineAccount } from '../hooks/use-timeline.ts';

export type FailureHint = 'rateLimited' | 'reauth' | 'server' | 'network' | 'timeout';

type Failure = NonNullable<TimelineAccount['failure']>;

/**
 * SPEC §8's hints by status: 429 rate limit, 401/403 re-authenticate, 500 and above server error, no status a
 * network error, TIMEOUT_ERROR a timeout. An account the server could not read reports a code instead of a status.
 * Null means the failure's own message is the most useful thing to show.
 */
export function failureHint(failure: Failure): FailureHint | null {
  if (failure.code === 'TIMEOUT_ERROR') return 'timeout';
  if (failure.code === 'NETWORK_ERROR' || failure.statusCode === 0) return 'network';
  if (failure.statusCode === 429 || failure.code === 'RATE_LIMITED') return 'rateLimited';
  if (
    failure.statusCode === 401 ||
    failure.statusCode === 403 ||
    failure.code === 'TOKEN_EXPIRED' ||
    failure.code === 'REAUTH_REQUIRED'
  ) {
    return 'reauth';
  }
  if (failure.statusCode !== null && failure.statusCode >= 500) return 'server';
  return null;
}
