import { z } from 'zod';
import { ProviderError } from '../provider-error.ts';
import { providerJson, type SignInProvider } from '../sign-in-provider.ts';
import { observedTokenRequest, type TokenRequestObserver } from '../token-requests-observed.ts';

const PROVIDER = 'Google';
export const GOOGLE_SIGN_IN_SCOPES = ['openid', 'email', 'profile'];

export type GoogleEndpoints = {
  clientId: string;
  clientSecret: string;
  /** `https://accounts.google.com` (the consent page). */
  accountsBase: string;
  /** `https://oauth2.googleapis.com` (token and revoke). */
  oauth2Base: string;
  /** `https://openidconnect.googleapis.com` (userinfo). */
  oidcBase: string;
  timeoutMs: number;
  /** Told of every token request (the metrics). */
  observeTokens?: TokenRequestObserver;
};

const tokenSchema = z.looseObject({
  access_token: z.string().min(1),
  expires_in: z.number(),
  scope: z.string(),
  refresh_token: z.string().optional(),
});
export type GoogleTokenAnswer = z.infer<typeof tokenSchema>;

const userinfoSchema = z.looseObject({
  sub: z.string().min(1),
  email: z.string().optional(),
  email_verified: z.boolean().optional(),
  name: z.string().optional(),
});

/** Google's consent page URL for `scopes`, with PKCE, offline access and incremental authorisation. */
export function googleAuthorizeUrl(
  endpoints: GoogleEndpoints,
  input: { state: string; codeChallenge: string; redirectUri: string; scopes: string[]; offline: boolean },
): string {
  const url = new URL('/o/oauth2/v2/auth', endpoints.accountsBase);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: endpoints.clientId,
    redirect_uri: input.redirectUri,
    scope: input.scopes.join(' '),
    state: input.state,
    code_challenge: input.codeChallenge,
    code_challenge_method: 'S256',
    include_granted_scopes: 'true',
    ...(input.offline ? { access_type: 'offline', prompt: 'consent' } : {}),
  }).toString();
  return url.toString();
}

/** A token request (code or refresh grant); a refused grant is `refresh_rejected` (`invalid_grant`: revoked). */
export async function googleToken(
  endpoints: GoogleEndpoints,
  form: Record<string, string>,
): Promise<GoogleTokenAnswer> {
  const grant = form.grant_type === 'refresh_token' ? 'refresh_token' : 'authorization_code';
  return observedTokenRequest(endpoints.observeTokens, 'google', grant, () => tokenRequest(endpoints, form));
}

async function tokenRequest(
  endpoints: GoogleEndpoints,
  form: Record<string, string>,
): Promise<GoogleTokenAnswer> {
  const { status, body } = await providerJson(PROVIDER, new URL('/token', endpoints.oauth2Base).toString(), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      client_id: endpoints.clientId,
      client_secret: endpoints.clientSecret,
      ...form,
    }),
    timeoutMs: endpoints.timeoutMs,
  });
  if (status === 400 || status === 401) {
    const code = z.looseObject({ error: z.string() }).safeParse(body);
    throw new ProviderError('refresh_rejected', `${PROVIDER} refused the grant`, {
      ...(code.success ? { providerCode: code.data.error } : {}),
    });
  }
  const parsed = tokenSchema.safeParse(body);
  if (status !== 200 || !parsed.success)
    throw new ProviderError('invalid_response', `${PROVIDER} sent an unexpected token answer`);
  return parsed.data;
}

/** Sign in with Google: OpenID Connect's code flow, the profile read from userinfo with the new access token. */
export function createGoogleSignIn(endpoints: GoogleEndpoints): SignInProvider {
  return {
    authorizeUrl: ({ state, codeChallenge, redirectUri }) =>
      googleAuthorizeUrl(endpoints, {
        state,
        codeChallenge,
        redirectUri,
        scopes: GOOGLE_SIGN_IN_SCOPES,
        offline: false,
      }),

    async profile({ code, codeVerifier, redirectUri }) {
      const tokens = await googleToken(endpoints, {
        grant_type: 'authorization_code',
        code,
        code_verifier: codeVerifier,
        redirect_uri: redirectUri,
      });
      const { status, body } = await providerJson(
        PROVIDER,
        new URL('/v1/userinfo', endpoints.oidcBase).toString(),
        {
          headers: { authorization: `Bearer ${tokens.access_token}`, accept: 'application/json' },
          timeoutMs: endpoints.timeoutMs,
        },
      );
      const parsed = userinfoSchema.safeParse(body);
      if (status !== 200 || !parsed.success)
        throw new ProviderError('invalid_response', `${PROVIDER} sent no profile`);
      return {
        providerUserId: parsed.data.sub,
        email: parsed.data.email?.toLowerCase() ?? null,
        emailVerified: parsed.data.email_verified === true,
        name: parsed.data.name ?? null,
      };
    },
  };
}
