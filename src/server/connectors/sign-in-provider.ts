import { ProviderError, transportError } from './provider-error.ts';

/** Who a provider says signed in: a stable id, and an address with whether the provider verified it. */
export type ProviderProfile = {
  providerUserId: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
};

/** A provider people sign in to Matome with (Google, GitHub): its consent page and what a code proves. */
export type SignInProvider = {
  authorizeUrl(input: { state: string; codeChallenge: string; redirectUri: string }): string;
  profile(input: { code: string; codeVerifier: string; redirectUri: string }): Promise<ProviderProfile>;
};

/** A JSON call to a provider, its failures mapped to ProviderError; `allow` lists statuses answered as data. */
export async function providerJson(
  provider: string,
  url: string,
  init: RequestInit & { timeoutMs: number },
): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(init.timeoutMs) });
  } catch (error) {
    throw transportError(error, provider);
  }
  if (response.status === 429) throw new ProviderError('rate_limited', `${provider} rate limit reached`);
  if (response.status >= 500)
    throw new ProviderError('server_error', `${provider} answered ${response.status}`);
  const body: unknown = await response.json().catch(() => undefined);
  if (body === undefined) throw new ProviderError('invalid_response', `${provider} sent no JSON`);
  return { status: response.status, body };
}
