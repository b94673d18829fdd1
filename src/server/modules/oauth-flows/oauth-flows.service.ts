import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { HttpError } from '../../lib/http-error.ts';
import type { TokenCipher } from '../../lib/token-cipher.ts';
import type { OAuthFlowsRepo, OAuthStatePlatform } from './oauth-flows.repo.ts';

/** A consent started on the provider's page must come back within 10 minutes. */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;
/** Consents one user may have open at once; more means something is looping or someone is hoarding states. */
export const MAX_PENDING_OAUTH_STATES = 10;
/** Random bytes in a state, a PKCE verifier and a browser-binding nonce. */
const STATE_BYTES = 32;
const VERIFIER_BYTES = 48;
const BINDING_BYTES = 32;
const BINDING_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

/** The browser's binding nonce when it already has a well-formed one (so two tabs share it), else a new one. */
export function bindingFor(browserBinding: string | undefined): string {
  return browserBinding && BINDING_PATTERN.test(browserBinding)
    ? browserBinding
    : randomBytes(BINDING_BYTES).toString('base64url');
}

/** Whether the browser presented the binding whose hash was stored, compared in constant time. */
export function bindingMatches(storedHash: string | null, browserBinding: string | undefined): boolean {
  if (!storedHash || !browserBinding) return false;
  const presented = Buffer.from(sha256(browserBinding));
  const expected = Buffer.from(storedHash);
  return presented.length === expected.length && timingSafeEqual(presented, expected);
}

/** A random single-use state and a PKCE verifier. */
export function newStateAndVerifier(): { state: string; codeVerifier: string } {
  return {
    state: randomBytes(STATE_BYTES).toString('base64url'),
    codeVerifier: randomBytes(VERIFIER_BYTES).toString('base64url'),
  };
}

export type StartedFlow = {
  /** Goes to the provider in the authorize URL. */
  state: string;
  /** PKCE verifier when the provider takes one. */
  codeVerifier: string | null;
  /** The browser-binding nonce: set it as the binding cookie of the browser that asked to start. */
  binding: string;
};

export type FinishedFlow =
  | { kind: 'bound'; userId: string; platform: OAuthStatePlatform; codeVerifier: string | null }
  /** Unknown, expired, used, other-platform state, or a callback in a browser other than the one that started. */
  | { kind: 'invalid' };

export type OAuthFlowsServiceDeps = { repo: OAuthFlowsRepo; cipher: TokenCipher; clock: () => number };

/**
 * Every OAuth flow's state, PKCE verifier and binding to the browser that started it (RFC 9700 §2.1, §4.7.1),
 * whatever the provider: a random single-use state kept only as a hash, and a nonce that lives only in an
 * HttpOnly cookie of the starting browser and, hashed, beside the state. A consent URL forwarded to someone
 * else comes back to the callback without that cookie and is refused, so nobody can make another person's
 * provider account land on their Matome account.
 */
export function createOAuthFlowsService(deps: OAuthFlowsServiceDeps) {
  const { repo, cipher } = deps;

  return {
    /**
     * Opens a consent for `userId`. `browserBinding` is the binding cookie the browser already carries, if any:
     * it is reused so that two consents started from one browser (two tabs) both stay valid.
     */
    async start(input: {
      userId: string;
      platform: OAuthStatePlatform;
      usesPkce: boolean;
      browserBinding: string | undefined;
    }): Promise<StartedFlow> {
      const binding = bindingFor(input.browserBinding);
      const fresh = newStateAndVerifier();
      const { state } = fresh;
      const codeVerifier = input.usesPkce ? fresh.codeVerifier : null;
      const now = deps.clock();
      const result = await repo.insertWithinCap(
        {
          stateHash: sha256(state),
          userId: input.userId,
          platform: input.platform,
          bindingHash: sha256(binding),
          codeVerifierEncrypted: codeVerifier ? cipher.seal(codeVerifier, 'pkce') : null,
          expiresAt: new Date(now + OAUTH_STATE_TTL_MS),
        },
        MAX_PENDING_OAUTH_STATES,
        new Date(now),
      );
      if (!result.stored) {
        const seconds = Math.max(1, Math.ceil((result.oldestExpiresAt.getTime() - now) / 1000));
        throw new HttpError(
          429,
          `You have ${MAX_PENDING_OAUTH_STATES} connections waiting for consent. Finish one, or try again in a few minutes.`,
          'TOO_MANY_PENDING_CONSENTS',
          { 'Retry-After': String(seconds) },
        );
      }
      return { state, codeVerifier, binding };
    },

    /** The user a still-pending consent belongs to, so its callback can be budgeted against them. */
    async ownerOf(state: string | undefined): Promise<string | undefined> {
      return state ? repo.ownerOf(sha256(state), new Date(deps.clock())) : undefined;
    },

    /** Takes the state (it works once, whatever the outcome) and checks it came back to the browser that started. */
    async finish(input: {
      platform: OAuthStatePlatform;
      state: string | undefined;
      browserBinding: string | undefined;
    }): Promise<FinishedFlow> {
      if (!input.state) return { kind: 'invalid' };
      const row = await repo.take(sha256(input.state), new Date(deps.clock()));
      if (!row || row.platform !== input.platform || !bindingMatches(row.bindingHash, input.browserBinding)) {
        return { kind: 'invalid' };
      }
      return {
        kind: 'bound',
        userId: row.userId,
        platform: row.platform,
        codeVerifier: row.codeVerifierEncrypted ? cipher.open(row.codeVerifierEncrypted, 'pkce') : null,
      };
    },
  };
}

export type OAuthFlowsService = ReturnType<typeof createOAuthFlowsService>;
