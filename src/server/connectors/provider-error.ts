/**
 * What can go wrong when calling Slack or ChatWork, in the terms the rest of the server acts on:
 * - `unauthorized`: the access token is no longer accepted (expired or revoked);
 * - `refresh_rejected`: the refresh token or authorisation code was refused, so the user must connect again;
 * - `forbidden`, `not_found`: the token may not see that room or channel, or it does not exist;
 * - `rate_limited`: the provider (or our own budget for it) says wait, `retryAfterSeconds` says how long;
 * - `server_error`, `timeout`, `network`, `invalid_response`: the provider is unwell or unreachable;
 * - `rejected`: the provider refused the request for another reason (`providerCode` says which).
 */
export type ProviderFailure =
  | 'unauthorized'
  | 'refresh_rejected'
  | 'forbidden'
  | 'not_found'
  | 'rate_limited'
  | 'server_error'
  | 'timeout'
  | 'network'
  | 'invalid_response'
  | 'rejected';

export class ProviderError extends Error {
  readonly failure: ProviderFailure;
  readonly retryAfterSeconds: number | undefined;
  readonly providerCode: string | undefined;

  constructor(
    failure: ProviderFailure,
    message: string,
    details: { retryAfterSeconds?: number; providerCode?: string } = {},
  ) {
    super(message);
    this.name = 'ProviderError';
    this.failure = failure;
    this.retryAfterSeconds = details.retryAfterSeconds;
    this.providerCode = details.providerCode;
  }
}

/** The longest `Retry-After` a request waits out before giving up on that account for now. */
export const MAX_RETRY_WAIT_SECONDS = 5;
const MAX_RATE_LIMIT_RETRIES = 2;

/**
 * Runs a provider call, waiting out a 429 when the provider asks for a short pause (at most
 * `MAX_RETRY_WAIT_SECONDS` each, twice); a longer pause fails the call at once rather than hold the request.
 */
export async function withRateLimitRetry<T>(call: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      const wait =
        error instanceof ProviderError && error.failure === 'rate_limited'
          ? error.retryAfterSeconds
          : undefined;
      if (wait === undefined || wait > MAX_RETRY_WAIT_SECONDS || attempt >= MAX_RATE_LIMIT_RETRIES)
        throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.max(wait, 0.05) * 1000));
    }
  }
}

/** Classifies a failed fetch: an abort from `AbortSignal.timeout` is a timeout, anything else a network error. */
export function transportError(error: unknown, provider: string): ProviderError {
  if (error instanceof ProviderError) return error;
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new ProviderError('timeout', `${provider} did not answer in time`);
  }
  return new ProviderError('network', `${provider} could not be reached`);
}

/** Reads `Retry-After` (seconds); absent or malformed means one second. */
export function retryAfterSeconds(header: string | null | undefined): number {
  const seconds = Number.parseInt(header ?? '', 10);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : 1;
}
