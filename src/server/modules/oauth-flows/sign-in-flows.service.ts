import { HttpError } from '../../lib/http-error.ts';
import type { TokenCipher } from '../../lib/token-cipher.ts';
import {
  bindingFor,
  bindingMatches,
  MAX_PENDING_OAUTH_STATES,
  newStateAndVerifier,
  OAUTH_STATE_TTL_MS,
  sha256,
} from './oauth-flows.service.ts';
import type { SignInFlowsRepo, SignInProviderName } from './sign-in-flows.repo.ts';

export type { SignInProviderName } from './sign-in-flows.repo.ts';

export type FinishedSignIn =
  { kind: 'bound'; codeVerifier: string; bindingHash: string } | { kind: 'invalid' };

/**
 * The state, PKCE verifier and browser binding of a sign-in with Google or GitHub: the same protections as the
 * chat connections' flows (random single-use state kept as a hash, the callback accepted only in the browser that
 * started, within 10 minutes), for a person who is not signed in yet, so the pending ones are capped per browser.
 */
export function createSignInFlows(deps: { repo: SignInFlowsRepo; cipher: TokenCipher; clock: () => number }) {
  const { repo, cipher } = deps;
  return {
    async start(provider: SignInProviderName, browserBinding: string | undefined) {
      const binding = bindingFor(browserBinding);
      const { state, codeVerifier } = newStateAndVerifier();
      const now = deps.clock();
      const bindingHash = sha256(binding);
      const open = await repo.openFor(bindingHash, new Date(now));
      if (open >= MAX_PENDING_OAUTH_STATES) {
        throw new HttpError(
          429,
          'Too many sign-ins are waiting in this browser. Try again in a few minutes.',
          'TOO_MANY_PENDING_CONSENTS',
          {
            'Retry-After': String(OAUTH_STATE_TTL_MS / 1000),
          },
        );
      }
      await repo.insert({
        stateHash: sha256(state),
        provider,
        bindingHash,
        codeVerifierEncrypted: cipher.seal(codeVerifier, 'pkce'),
        expiresAt: new Date(now + OAUTH_STATE_TTL_MS),
      });
      return { state, codeVerifier, binding };
    },

    /** Takes the state (once, whatever the outcome) and checks the browser that came back started it. */
    async finish(
      provider: SignInProviderName,
      state: string | undefined,
      browserBinding: string | undefined,
    ): Promise<FinishedSignIn> {
      if (!state) return { kind: 'invalid' };
      const row = await repo.take(sha256(state), new Date(deps.clock()));
      if (!row || row.provider !== provider || !bindingMatches(row.bindingHash, browserBinding)) {
        return { kind: 'invalid' };
      }
      const codeVerifier = cipher.open(row.codeVerifierEncrypted, 'pkce');
      return codeVerifier
        ? { kind: 'bound', codeVerifier, bindingHash: row.bindingHash }
        : { kind: 'invalid' };
    },
  };
}

export type SignInFlows = ReturnType<typeof createSignInFlows>;
