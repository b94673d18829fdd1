import { z } from 'zod';
import { ProviderError } from '../provider-error.ts';
import { providerJson, type SignInProvider } from '../sign-in-provider.ts';
import { observedTokenRequest, type TokenRequestObserver } from '../token-requests-observed.ts';

const PROVIDER = 'GitHub';
const SCOPES = ['read:user', 'user:email'];

export type GithubEndpoints = {
  clientId: string;
  clientSecret: string;
  /** `https://github.com` (authorize and token). */
  oauthBase: string;
  /** `https://api.github.com`. */
  apiBase: string;
  timeoutMs: number;
  /** Told of every token request (the metrics). */
  observeTokens?: TokenRequestObserver;
};

const userSchema = z.looseObject({
  id: z.number().int(),
  login: z.string(),
  name: z.string().nullable().optional(),
});
const emailsSchema = z.array(
  z.looseObject({ email: z.string(), primary: z.boolean(), verified: z.boolean() }),
);

/** Sign in with GitHub (an OAuth app with PKCE): the user and their primary e-mail, verified or not. */
export function createGithubSignIn(endpoints: GithubEndpoints): SignInProvider {
  const apiHeaders = (token: string) => ({
    authorization: `Bearer ${token}`,
    accept: 'application/vnd.github+json',
    'x-github-api-version': '2022-11-28',
    'user-agent': 'Matome',
  });

  return {
    authorizeUrl({ state, codeChallenge, redirectUri }) {
      const url = new URL('/login/oauth/authorize', endpoints.oauthBase);
      url.search = new URLSearchParams({
        client_id: endpoints.clientId,
        redirect_uri: redirectUri,
        scope: SCOPES.join(' '),
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
        allow_signup: 'true',
      }).toString();
      return url.toString();
    },

    async profile({ code, codeVerifier, redirectUri }) {
      const accessToken = await observedTokenRequest(
        endpoints.observeTokens,
        'github',
        'authorization_code',
        () => exchangeCode(code, codeVerifier, redirectUri),
      );
      const headers = apiHeaders(accessToken);
      const [user, emails] = await Promise.all([
        providerJson(PROVIDER, new URL('/user', endpoints.apiBase).toString(), {
          headers,
          timeoutMs: endpoints.timeoutMs,
        }),
        providerJson(PROVIDER, new URL('/user/emails', endpoints.apiBase).toString(), {
          headers,
          timeoutMs: endpoints.timeoutMs,
        }),
      ]);
      const parsedUser = userSchema.safeParse(user.body);
      if (user.status !== 200 || !parsedUser.success)
        throw new ProviderError('invalid_response', `${PROVIDER} sent no user`);
      const parsedEmails = emails.status === 200 ? emailsSchema.safeParse(emails.body) : undefined;
      const primary = parsedEmails?.success ? parsedEmails.data.find((email) => email.primary) : undefined;
      return {
        providerUserId: String(parsedUser.data.id),
        email: primary?.email.toLowerCase() ?? null,
        emailVerified: primary?.verified === true,
        name: parsedUser.data.name ?? parsedUser.data.login,
      };
    },
  };

  /** The consent's code traded for an access token at GitHub's token endpoint. */
  async function exchangeCode(code: string, codeVerifier: string, redirectUri: string): Promise<string> {
    const token = await providerJson(
      PROVIDER,
      new URL('/login/oauth/access_token', endpoints.oauthBase).toString(),
      {
        method: 'POST',
        // Without Accept: application/json GitHub answers form-encoded; its errors come with HTTP 200.
        headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          client_id: endpoints.clientId,
          client_secret: endpoints.clientSecret,
          code,
          redirect_uri: redirectUri,
          code_verifier: codeVerifier,
        }),
        timeoutMs: endpoints.timeoutMs,
      },
    );
    const refused = z.looseObject({ error: z.string() }).safeParse(token.body);
    if (refused.success) {
      throw new ProviderError('refresh_rejected', `${PROVIDER} refused the code`, {
        providerCode: refused.data.error,
      });
    }
    const accessToken = z.looseObject({ access_token: z.string().min(1) }).safeParse(token.body);
    if (!accessToken.success) throw new ProviderError('invalid_response', `${PROVIDER} sent no token`);
    return accessToken.data.access_token;
  }
}
