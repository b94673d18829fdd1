import { randomBytes } from 'node:crypto';
import { pkceChallenge } from '../../connectors/pkce.ts';
import { ProviderError } from '../../connectors/provider-error.ts';
import type { ProviderProfile, SignInProvider } from '../../connectors/sign-in-provider.ts';
import { HttpError } from '../../lib/http-error.ts';
import { bindingMatches, sha256 } from '../oauth-flows/oauth-flows.service.ts';
import type { SignInFlows } from '../oauth-flows/sign-in-flows.service.ts';
import type { SocialProvider, SocialSignInRepo } from './social-sign-in.repo.ts';

/** The page has this long to trade the handoff code for a session. */
const HANDOFF_TTL_MS = 60_000;

/** What the login page's banner says after a failed sign-in (`?google=error&message=…`). */
export const signInMessages = {
  denied: 'Sign-in was cancelled on the consent page.',
  invalidState:
    'This sign-in link has expired or was already used, or it was opened in a different browser from the one that started it. Please try again.',
  failed: 'The sign-in could not be completed. Please try again.',
  noEmail: 'Your account there has no e-mail address Matome can use.',
  emailUnverified:
    'Your e-mail address there is not verified yet. Verify it there and try again, or sign up with your e-mail address and a password.',
  emailInUse:
    'An account with this e-mail address already exists. Sign in with your e-mail and password (use "Forgot password" if needed); accounts are linked only when both sides have confirmed the address.',
} as const;
export type SignInFailure = keyof typeof signInMessages;
/** How a return from the provider's consent page ended: `completed` (a handoff code was issued) or why not. */
export type SignInOutcome = 'completed' | SignInFailure;

export type SocialSignInDeps = {
  repo: SocialSignInRepo;
  flows: SignInFlows;
  providers: Partial<Record<SocialProvider, SignInProvider>>;
  publicUrl: string;
  clock: () => number;
};

/**
 * Sign in with Google or GitHub (decisions 100 and 101). The provider's answer is accepted only in the browser that
 * started; the person is then the user of that identity, or the verified account of the same verified address,
 * or a new user of a verified address; never an account whose address either side has not verified (that would
 * let whoever registered an address first, or claims one at the provider, take over the other's account).
 */
export function createSocialSignInService(deps: SocialSignInDeps) {
  const { repo, flows } = deps;
  const redirectUri = (provider: SocialProvider) => `${deps.publicUrl}/api/auth/${provider}/callback`;
  /** The login page with SPEC's `{provider}=error&message=…`, and the reason the page words in its language. */
  const loginError = (provider: SocialProvider, reason: SignInFailure) =>
    `${deps.publicUrl}/login?${new URLSearchParams({ [provider]: 'error', message: signInMessages[reason], reason })}`;

  function providerOf(provider: SocialProvider): SignInProvider {
    const configured = deps.providers[provider];
    if (!configured) {
      throw new HttpError(
        409,
        `Sign-in with ${provider} is not configured on this server`,
        'PROVIDER_NOT_CONFIGURED',
      );
    }
    return configured;
  }

  /** The user this profile signs in as, or the message why nobody. */
  async function userFor(
    provider: SocialProvider,
    profile: ProviderProfile,
  ): Promise<{ userId: string } | { failure: SignInFailure }> {
    const linked = await repo.userOfIdentity(provider, profile.providerUserId);
    // Only accounts from before decision 139 can be unconfirmed with an identity: whoever linked it never proved
    // the address, so it reaches nothing until the owner confirms the address (which unlinks it).
    if (linked) return linked.addressConfirmed ? { userId: linked.userId } : { failure: 'emailInUse' };
    if (!profile.email) return { failure: 'noEmail' };
    const existing = await repo.userByEmail(profile.email);
    const identity = { provider, providerUserId: profile.providerUserId, email: profile.email };
    if (existing) {
      if (!profile.emailVerified || !existing.emailVerifiedAt) return { failure: 'emailInUse' };
      if (!(await repo.link({ userId: existing.id, ...identity }))) return { failure: 'failed' };
      return { userId: existing.id };
    }
    // Only an address someone has proven may own an account: an unverified one could be anybody's, and its owner
    // taking it back later must not find a stranger's identity linked to it (decision 139).
    if (!profile.emailVerified) return { failure: 'emailUnverified' };
    const created = await repo.createWithIdentity({
      ...identity,
      email: profile.email,
      name: (profile.name ?? profile.email.split('@')[0] ?? profile.email).slice(0, 100),
      emailVerifiedAt: new Date(deps.clock()),
    });
    return created ? { userId: created } : { failure: 'failed' };
  }

  return {
    isEnabled: (provider: SocialProvider) => deps.providers[provider] !== undefined,

    async start(provider: SocialProvider, browserBinding: string | undefined) {
      const signIn = providerOf(provider);
      const { state, codeVerifier, binding } = await flows.start(provider, browserBinding);
      const authUrl = signIn.authorizeUrl({
        state,
        codeChallenge: pkceChallenge(codeVerifier),
        redirectUri: redirectUri(provider),
      });
      return { authUrl, binding };
    },

    /**
     * Finishes a sign-in and answers where to send the browser: `/auth/callback` with a single-use code in the
     * URL fragment (never a token, never the query), or the login page with `{provider}=error` and a message.
     */
    async callback(
      provider: SocialProvider,
      query: { code?: string | undefined; state?: string | undefined; error?: string | undefined },
      browserBinding: string | undefined,
    ): Promise<{ location: string; outcome: SignInOutcome }> {
      const failed = (reason: SignInFailure) => ({ location: loginError(provider, reason), outcome: reason });
      const signIn = deps.providers[provider];
      const pending = await flows.finish(provider, query.state, browserBinding);
      if (!signIn || pending.kind !== 'bound') return failed('invalidState');
      if (query.error || !query.code) return failed('denied');
      let profile: ProviderProfile;
      try {
        profile = await signIn.profile({
          code: query.code,
          codeVerifier: pending.codeVerifier,
          redirectUri: redirectUri(provider),
        });
      } catch (error) {
        if (error instanceof ProviderError) return failed('failed');
        throw error;
      }
      const outcome = await userFor(provider, profile);
      if ('failure' in outcome) return failed(outcome.failure);
      const code = randomBytes(32).toString('base64url');
      const now = deps.clock();
      await repo.insertHandoff(
        {
          codeHash: sha256(code),
          userId: outcome.userId,
          bindingHash: pending.bindingHash,
          provider,
          expiresAt: new Date(now + HANDOFF_TTL_MS),
        },
        new Date(now),
      );
      return {
        location: `${deps.publicUrl}/auth/callback#${new URLSearchParams({ provider, code })}`,
        outcome: 'completed',
      };
    },

    /** The user a handoff code stands for, taken once, from the browser the sign-in started in; else 401. */
    async exchange(code: string, browserBinding: string | undefined): Promise<string> {
      const row = await repo.takeHandoff(sha256(code), new Date(deps.clock()));
      if (!row || !bindingMatches(row.bindingHash, browserBinding)) {
        throw new HttpError(
          401,
          'This sign-in has expired or was already used. Please sign in again.',
          'SIGN_IN_EXPIRED',
        );
      }
      return row.userId;
    },

    /**
     * Proves, before something irreversible, that the person behind an access token just signed in again with
     * Google or GitHub: `code` is the handoff of that sign-in, taken once, for this user, from the browser that
     * started it (decision 140).
     */
    async confirmFreshSignIn(
      userId: string,
      code: string | undefined,
      browserBinding: string | undefined,
    ): Promise<void> {
      const row = code ? await repo.takeHandoff(sha256(code), new Date(deps.clock())) : undefined;
      if (!row || row.userId !== userId || !bindingMatches(row.bindingHash, browserBinding)) {
        throw new HttpError(
          403,
          'Please sign in with Google or GitHub again to confirm that it is you.',
          'REAUTHENTICATION_REQUIRED',
        );
      }
    },
  };
}

export type SocialSignInService = ReturnType<typeof createSocialSignInService>;
