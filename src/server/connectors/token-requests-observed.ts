import type { ProviderOAuth } from './oauth-types.ts';
import { ProviderError } from './provider-error.ts';

/** What a request to a provider's token endpoint tells an observer (the metrics): never a token or a user. */
export type TokenRequestRecord = {
  provider: 'slack' | 'chatwork' | 'google' | 'github';
  /** A consent's code traded for tokens, or a refresh token for a new access token. */
  grant: 'authorization_code' | 'refresh_token';
  /** `ok`, the `ProviderFailure` it ended in (`refresh_rejected` when the provider refused the code or token), or
   * `error` for anything else. */
  outcome: string;
};
export type TokenRequestObserver = (request: TokenRequestRecord) => void;

/** Runs a token request and tells `observe` how it ended. */
export async function observedTokenRequest<T>(
  observe: TokenRequestObserver | undefined,
  provider: TokenRequestRecord['provider'],
  grant: TokenRequestRecord['grant'],
  request: () => Promise<T>,
): Promise<T> {
  if (!observe) return request();
  try {
    const answer = await request();
    observe({ provider, grant, outcome: 'ok' });
    return answer;
  } catch (error) {
    observe({ provider, grant, outcome: error instanceof ProviderError ? error.failure : 'error' });
    throw error;
  }
}

/** A connection provider's OAuth whose code exchanges and refreshes are observed (the exchange includes the
 * identity read that completes it). */
export function observedOAuth(
  provider: 'slack' | 'chatwork',
  oauth: ProviderOAuth,
  observe: TokenRequestObserver | undefined,
): ProviderOAuth {
  if (!observe) return oauth;
  return {
    ...oauth,
    exchangeCode: (exchange) =>
      observedTokenRequest(observe, provider, 'authorization_code', () => oauth.exchangeCode(exchange)),
    refresh: (refreshToken, owner) =>
      observedTokenRequest(observe, provider, 'refresh_token', () => oauth.refresh(refreshToken, owner)),
  };
}
