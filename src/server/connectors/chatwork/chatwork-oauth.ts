import { z } from 'zod';
import type { ProviderIdentity, ProviderOAuth, ProviderTokens } from '../oauth-types.ts';
import { pkceChallenge } from '../pkce.ts';
import { createCallBudget } from '../call-budget.ts';
import { memoryLimiters, type Limiters } from '../../lib/limiters.ts';
import { ProviderError, transportError } from '../provider-error.ts';
import { chatworkBudgetKey, type createChatworkClient } from './chatwork-client.ts';

const PROVIDER = 'ChatWork';
/**
 * Read my profile, list rooms, read and post messages; `offline_access` keeps the refresh token valid while the
 * user is away (without it the refresh token dies after 14 days).
 */
export const CHATWORK_SCOPES = [
  'users.profile.me:read',
  'rooms.info:read',
  'rooms.messages:read',
  'rooms.messages:write',
  'offline_access',
];
/** Access tokens live 15 minutes; refresh when less than 2 remain. */
const REFRESH_MARGIN_MS = 2 * 60_000;

const tokenResponseSchema = z.looseObject({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  expires_in: z.union([z.number(), z.string()]).optional(),
  scope: z.string().optional(),
});

export type ChatworkOAuthOptions = {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  timeoutMs: number;
  api: ReturnType<typeof createChatworkClient>;
  limiters?: Limiters;
};

/** The claims of a ChatWork access token (a JWT, per the PDF's example), or none when it cannot be read. */
function claimsOf(accessToken: string): { exp?: unknown; account_id?: unknown } {
  const payload = accessToken.split('.')[1];
  if (!payload) return {};
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return typeof claims === 'object' && claims !== null ? claims : {};
  } catch {
    return {};
  }
}

/**
 * When the access token expires. ChatWork's documentation shows `expires_in` both as seconds and as a string of
 * epoch milliseconds, so the token's own `exp` claim (it is a JWT) wins when it can be read.
 */
function expiryOf(accessToken: string, expiresIn: number | string | undefined, now: number): Date | null {
  const { exp } = claimsOf(accessToken);
  if (typeof exp === 'number' && Number.isFinite(exp)) return new Date(exp * 1000);
  const value = Number(expiresIn);
  if (!Number.isFinite(value) || value <= 0) return null;
  return new Date(value > 1e11 ? value : now + value * 1000);
}

/**
 * Token requests allowed per minute and key (the Matome user for code exchanges, the account for refreshes):
 * ChatWork documents no limit for its token endpoint, so this is our own restraint, kept per key so that nobody's
 * failed attempts block anyone else's.
 */
const TOKEN_REQUESTS = { points: 20, durationSeconds: 60 };

export function createChatworkOAuth(options: ChatworkOAuthOptions): ProviderOAuth {
  const basicAuth = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`;
  const tokenBudget = createCallBudget(TOKEN_REQUESTS, {
    limiters: options.limiters ?? memoryLimiters,
    name: 'chatwork-token',
  });

  async function tokenRequest(form: Record<string, string>, budgetKey: string): Promise<ProviderTokens> {
    await tokenBudget.spend(budgetKey, PROVIDER);
    let response: Response;
    try {
      response = await fetch(options.tokenUrl, {
        method: 'POST',
        headers: {
          authorization: basicAuth,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams(form).toString(),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      throw transportError(error, PROVIDER);
    }
    const payload: unknown = await response.json().catch(() => undefined);
    if (response.status === 400 || response.status === 401) {
      const code = z.looseObject({ error: z.string() }).safeParse(payload);
      throw new ProviderError('refresh_rejected', `${PROVIDER} refused the grant`, {
        ...(code.success ? { providerCode: code.data.error } : {}),
      });
    }
    if (response.status === 429) throw new ProviderError('rate_limited', `${PROVIDER} rate limit reached`);
    if (response.status >= 500)
      throw new ProviderError('server_error', `${PROVIDER} answered ${response.status}`);
    const parsed = tokenResponseSchema.safeParse(payload);
    if (!response.ok || !parsed.success) {
      throw new ProviderError('invalid_response', `${PROVIDER} sent an unexpected token response`);
    }
    return {
      accessToken: parsed.data.access_token,
      refreshToken: parsed.data.refresh_token ?? form.refresh_token ?? null,
      expiresAt: expiryOf(parsed.data.access_token, parsed.data.expires_in, Date.now()),
      scopes: parsed.data.scope ?? CHATWORK_SCOPES.join(' '),
    };
  }

  return {
    usesPkce: true,
    refreshMarginMs: REFRESH_MARGIN_MS,

    authorizeUrl({ state, redirectUri, codeVerifier }) {
      const url = new URL(options.authorizeUrl);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: options.clientId,
        redirect_uri: redirectUri,
        scope: CHATWORK_SCOPES.join(' '),
        state,
        code_challenge: pkceChallenge(codeVerifier ?? ''),
        code_challenge_method: 'S256',
      }).toString();
      return url.toString();
    },

    async exchangeCode({ code, redirectUri, codeVerifier, userId }) {
      const tokens = await tokenRequest(
        {
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          ...(codeVerifier ? { code_verifier: codeVerifier } : {}),
        },
        `matome-user:${userId}`,
      );
      // ChatWork counts this GET /me against the account, so it spends the account's budget: the token names the
      // account. A token that does not is counted under a key of its own, and charged to the account after.
      const accountId = claimsOf(tokens.accessToken).account_id;
      const known = typeof accountId === 'number' || typeof accountId === 'string';
      const key = known
        ? chatworkBudgetKey(accountId)
        : `chatwork-token:${pkceChallenge(tokens.accessToken)}`;
      const me = await options.api(tokens.accessToken, key).me();
      if (!known) await options.api.charge(chatworkBudgetKey(me.account_id));
      const identity: ProviderIdentity = {
        userId: String(me.account_id),
        userName: me.name || null,
        workspaceId: me.organization_id ? String(me.organization_id) : null,
        workspaceName: me.organization_name || null,
        email: me.login_mail || me.mail || null,
        avatarUrl: me.avatar_image_url || null,
      };
      return { tokens, identity };
    },

    refresh(refreshToken, owner) {
      return tokenRequest(
        { grant_type: 'refresh_token', refresh_token: refreshToken },
        chatworkBudgetKey(owner.platformUserId),
      );
    },

    /** ChatWork has no revoke call: deleting the stored tokens is all a disconnect can do. */
    async revoke() {},
  };
}
