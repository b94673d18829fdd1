import { randomUUID } from 'node:crypto';
import type { PlanType } from '../../../contract/auth.ts';
import {
  CONNECTION_LIMITS,
  connectionErrorCodes,
  type ConnectionsOverview,
} from '../../../contract/connections.ts';
import {
  platformNames,
  platforms,
  type Platform,
  type PlatformConnection,
} from '../../../contract/messages.ts';
import type { ConnectorAccount } from '../../connectors/connector-account.ts';
import type { ProviderOAuth, TokenOwner } from '../../connectors/oauth-types.ts';
import { ProviderError } from '../../connectors/provider-error.ts';
import type { Lock } from '../../lib/redis-lock.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { TokenCipher } from '../../lib/token-cipher.ts';
import type { OAuthFlowsService } from '../oauth-flows/oauth-flows.service.ts';
import type { ConnectionRow, ConnectionsRepo } from './connections.repo.ts';

/** How long a refresh may hold the lease; a crashed holder's lease lapses after this. */
const REFRESH_LEASE_MS = 30_000;
/** How long a request waits for another holder's refresh before giving up. */
const REFRESH_WAIT_MS = 15_000;
const REFRESH_POLL_MS = 50;

/** The texts the dashboard shows after the consent page (SPEC §8 builds them into "… connection error: {message}"). */
export const callbackMessages = {
  denied: 'Access was not granted on the consent page.',
  invalidState:
    'This consent link has expired or was already used, or it was opened in a different browser from the one that started it. Please start again from Matome.',
  limit: 'You have reached the connection limit of your plan.',
  failed: 'The connection could not be completed. Please try again.',
  notConfigured: 'This service is not configured on the server.',
} as const;

export type ConnectionsServiceDeps = {
  repo: ConnectionsRepo;
  cipher: TokenCipher;
  oauthFlows: OAuthFlowsService;
  /** Providers with credentials; a missing one is "not configured". */
  providers: Partial<Record<Platform, ProviderOAuth>>;
  publicUrl: string;
  planOf: (userId: string) => Promise<PlanType>;
  /** Demo accounts and test mode see sample connections and may not change real ones. */
  isRestricted: (userId: string) => Promise<boolean>;
  /** Milliseconds since the epoch. */
  clock: () => number;
  /** Taken before the row's refresh lease when several instances share Redis. */
  refreshLock?: Lock;
};

/** A per-account failure as the message stats carry it: a stable code and SPEC §8's hint. */
export type AccountFailure = { code: string; message: string };

export function failureOf(error: unknown): AccountFailure {
  if (!(error instanceof ProviderError)) {
    return { code: 'PROVIDER_ERROR', message: 'Something went wrong while reading this account.' };
  }
  switch (error.failure) {
    case 'unauthorized':
    case 'refresh_rejected':
      return {
        code: connectionErrorCodes.reauth,
        message: 'The connection or its token may have expired. Please connect this account again.',
      };
    case 'rate_limited':
      return {
        code: 'RATE_LIMITED',
        message: 'The rate limit was reached. Please wait a moment and try again.',
      };
    case 'timeout':
      return { code: 'TIMEOUT_ERROR', message: 'The service did not answer in time. Please try again.' };
    case 'network':
      return { code: 'NETWORK_ERROR', message: 'The service could not be reached (network error).' };
    case 'server_error':
      return {
        code: 'PROVIDER_UNAVAILABLE',
        message: 'The service had a server error. Please try again later.',
      };
    case 'invalid_response':
      return { code: 'INVALID_RESPONSE', message: 'The service sent a response that could not be read.' };
    default:
      return { code: 'PROVIDER_ERROR', message: 'The service refused the request.' };
  }
}

/** A provider failure while acting for the user (reply), as an HTTP error that names no internals. */
export function httpErrorOf(error: unknown, notFound: string): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof ProviderError) {
    const { code, message } = failureOf(error);
    switch (error.failure) {
      case 'not_found':
        return new HttpError(404, notFound, 'NOT_FOUND');
      case 'unauthorized':
      case 'refresh_rejected':
        return new HttpError(403, message, code);
      case 'rate_limited':
        return new HttpError(429, message, code, { 'Retry-After': String(error.retryAfterSeconds ?? 1) });
      case 'timeout':
        return new HttpError(504, message, code);
      case 'forbidden':
      case 'rejected':
        return new HttpError(422, 'The service refused the message.', code);
      default:
        return new HttpError(502, message, code);
    }
  }
  throw error;
}

export function toPlatformConnection(row: ConnectionRow): PlatformConnection {
  return {
    id: row.id,
    platform: row.platform,
    platform_user_id: row.platformUserId,
    platform_user_name: row.platformUserName,
    platform_workspace_id: row.platformWorkspaceId,
    platform_workspace_name: row.platformWorkspaceName,
    platform_user_email: row.platformUserEmail,
    platform_avatar_url: row.platformAvatarUrl,
    created_at: row.createdAt.toISOString(),
    last_success_at: row.lastSuccessAt?.toISOString() ?? null,
    status: row.status,
    is_sample: false,
  };
}

function tokenOwner(row: ConnectionRow): TokenOwner {
  return { platformUserId: row.platformUserId, workspaceId: row.platformWorkspaceId };
}

export function toConnectorAccount(row: ConnectionRow): ConnectorAccount {
  return {
    connectionId: row.id,
    platformUserId: row.platformUserId,
    accountName: row.platformUserName,
    workspaceId: row.platformWorkspaceId,
    workspaceName: row.platformWorkspaceName,
  };
}

export function createConnectionsService(deps: ConnectionsServiceDeps) {
  const { repo, cipher } = deps;
  /** This instance's name on refresh leases. */
  const instance = randomUUID();
  /** Refreshes under way in this process, so concurrent requests here share one instead of polling the lease. */
  const refreshing = new Map<string, Promise<string>>();

  const redirectUri = (platform: Platform) => `${deps.publicUrl}/api/${platform}/callback`;

  function dashboardUrl(platform: Platform, result: 'connected' | 'error', detail: Record<string, string>) {
    const url = new URL('/dashboard', `${deps.publicUrl}/`);
    url.search = new URLSearchParams({ [platform]: result, ...detail }).toString();
    return url.toString();
  }

  function providerOf(platform: Platform): ProviderOAuth {
    const provider = deps.providers[platform];
    if (!provider) {
      throw new HttpError(
        409,
        `${platformNames[platform]} is not configured on this server`,
        connectionErrorCodes.notConfigured,
      );
    }
    return provider;
  }

  async function assertUnrestricted(userId: string): Promise<void> {
    if (await deps.isRestricted(userId)) {
      throw new HttpError(
        403,
        'Demo accounts and test mode cannot change connections or reply',
        connectionErrorCodes.demo,
      );
    }
  }

  async function limitOf(userId: string): Promise<number> {
    return CONNECTION_LIMITS[await deps.planOf(userId)];
  }

  async function requireConnection(userId: string, platform: Platform, id: string): Promise<ConnectionRow> {
    const row = await repo.findForUser(userId, platform, id);
    if (!row) throw new HttpError(404, 'Connection not found', 'NOT_FOUND');
    return row;
  }

  function expiresSoon(row: ConnectionRow, provider: ProviderOAuth): boolean {
    return (
      row.tokenExpiresAt !== null && row.tokenExpiresAt.getTime() - deps.clock() <= provider.refreshMarginMs
    );
  }

  function openAccessToken(row: ConnectionRow): string {
    const token = cipher.open(row.accessTokenEncrypted, 'access');
    if (token === null) throw new ProviderError('refresh_rejected', 'The stored token cannot be read');
    return token;
  }

  /**
   * Refreshes the tokens of one connection, once even when many requests (in this and other instances) ask at
   * the same time: whoever takes the row's lease calls the provider; the others wait until the row carries a
   * token other than `stale` (or one that no longer needs refreshing) and use that. With several instances a
   * Redis lock comes first, so the waiting ones only read the row; the lease stays the fence that decides whose
   * refreshed tokens are stored.
   */
  async function refreshTokens(
    connectionId: string,
    provider: ProviderOAuth,
    stale: string,
  ): Promise<string> {
    const deadline = deps.clock() + REFRESH_WAIT_MS;
    for (;;) {
      const lockKey = `token-refresh:${connectionId}`;
      const locked = deps.refreshLock ? await deps.refreshLock.acquire(lockKey, REFRESH_LEASE_MS) : '';
      if (locked !== null) {
        try {
          const now = deps.clock();
          const leased = await repo.acquireRefreshLease(
            connectionId,
            instance,
            new Date(now + REFRESH_LEASE_MS),
            new Date(now),
          );
          if (leased) return await refreshLeased(leased, provider, stale);
        } finally {
          if (locked) await deps.refreshLock?.release(lockKey, locked);
        }
      }
      const current = await repo.findById(connectionId);
      if (!current) throw new ProviderError('refresh_rejected', 'The connection was removed');
      if (current.status === 'reauth_required')
        throw new ProviderError('refresh_rejected', 'Reconnect required');
      if (current.accessTokenEncrypted !== stale && !expiresSoon(current, provider))
        return openAccessToken(current);
      if (deps.clock() > deadline)
        throw new ProviderError('timeout', 'Another token refresh is taking too long');
      await new Promise((resolve) => setTimeout(resolve, REFRESH_POLL_MS));
    }
  }

  async function refreshLeased(
    leased: ConnectionRow,
    provider: ProviderOAuth,
    stale: string,
  ): Promise<string> {
    if (leased.status === 'reauth_required') {
      await repo.releaseRefreshLease(leased.id, instance);
      throw new ProviderError('refresh_rejected', 'Reconnect required');
    }
    if (leased.accessTokenEncrypted !== stale && !expiresSoon(leased, provider)) {
      await repo.releaseRefreshLease(leased.id, instance);
      return openAccessToken(leased);
    }
    return refreshHoldingLease(leased, provider);
  }

  async function refreshHoldingLease(row: ConnectionRow, provider: ProviderOAuth): Promise<string> {
    const refreshToken = row.refreshTokenEncrypted ? cipher.open(row.refreshTokenEncrypted, 'refresh') : null;
    try {
      if (refreshToken === null) throw new ProviderError('refresh_rejected', 'No usable refresh token');
      const tokens = await provider.refresh(refreshToken, tokenOwner(row));
      const stored = await repo.storeRefreshedTokens(row.id, instance, {
        accessTokenEncrypted: cipher.seal(tokens.accessToken, 'access'),
        refreshTokenEncrypted: tokens.refreshToken ? cipher.seal(tokens.refreshToken, 'refresh') : null,
        tokenExpiresAt: tokens.expiresAt,
        scopes: tokens.scopes || row.scopes,
      });
      if (!stored) throw new ProviderError('timeout', 'The token refresh took longer than its lease');
      return tokens.accessToken;
    } catch (error) {
      if (error instanceof ProviderError && error.failure === 'refresh_rejected') {
        await repo.setStatus(row.id, 'reauth_required');
      }
      await repo.releaseRefreshLease(row.id, instance);
      throw error;
    }
  }

  function sharedRefresh(row: ConnectionRow, provider: ProviderOAuth): Promise<string> {
    const key = `${row.id}:${row.accessTokenEncrypted}`;
    let running = refreshing.get(key);
    if (!running) {
      running = refreshTokens(row.id, provider, row.accessTokenEncrypted).finally(() =>
        refreshing.delete(key),
      );
      refreshing.set(key, running);
    }
    return running;
  }

  /**
   * Runs `action` with a valid access token: refreshed first when it is about to expire, and refreshed once more
   * and retried when the provider refuses it anyway. A connection the provider will not refresh becomes
   * `reauth_required`.
   */
  async function withAccessToken<T>(
    row: ConnectionRow,
    action: (accessToken: string) => Promise<T>,
  ): Promise<T> {
    const provider = providerOf(row.platform);
    if (row.status === 'reauth_required') throw new ProviderError('refresh_rejected', 'Reconnect required');
    const token = expiresSoon(row, provider) ? await sharedRefresh(row, provider) : openAccessToken(row);
    try {
      return await action(token);
    } catch (error) {
      if (!(error instanceof ProviderError) || error.failure !== 'unauthorized') throw error;
      if (!row.refreshTokenEncrypted) {
        await repo.setStatus(row.id, 'reauth_required');
        throw error;
      }
      // Refresh unless someone already replaced the token this request started with.
      return action(await sharedRefresh(row, provider));
    }
  }

  return {
    withAccessToken,

    configured(platform: Platform): boolean {
      return deps.providers[platform] !== undefined;
    },

    async list(userId: string, platform: Platform): Promise<PlatformConnection[]> {
      return (await repo.listForUser(userId, platform)).map(toPlatformConnection);
    },

    async listRows(userId: string, platform: Platform): Promise<ConnectionRow[]> {
      return repo.listForUser(userId, platform);
    },

    async requireConnection(userId: string, platform: Platform, id: string): Promise<ConnectionRow> {
      return requireConnection(userId, platform, id);
    },

    async recordFetch(row: ConnectionRow, failure: AccountFailure | null): Promise<void> {
      await repo.recordFetch(row.id, failure ? 'failed' : { succeededAt: new Date(deps.clock()) });
    },

    /** `shown`: how many connections the status lists show, sample ones included. */
    async overview(userId: string, shown: number): Promise<ConnectionsOverview> {
      const plan = await deps.planOf(userId);
      const used = await repo.countForUser(userId);
      const sample = (await deps.isRestricted(userId)) ? shown : 0;
      return {
        plan,
        limit: CONNECTION_LIMITS[plan],
        used,
        sample,
        providers: {
          slack: { configured: deps.providers.slack !== undefined },
          chatwork: { configured: deps.providers.chatwork !== undefined },
        },
      };
    },

    /**
     * Starts a consent (state, PKCE verifier and browser binding from the OAuth flows) and answers the provider's
     * consent URL and the binding the route sets as a cookie in the browser that asked.
     */
    async connect(
      userId: string,
      platform: Platform,
      browserBinding: string | undefined,
    ): Promise<{ authUrl: string; binding: string }> {
      await assertUnrestricted(userId);
      const provider = providerOf(platform);
      const limit = await limitOf(userId);
      if ((await repo.countForUser(userId)) >= limit && !(await repo.hasReauthRequired(userId, platform))) {
        throw new HttpError(
          403,
          `Your plan allows ${limit} connections. Disconnect one or upgrade your plan to add another.`,
          connectionErrorCodes.limit,
        );
      }
      const flow = await deps.oauthFlows.start({
        userId,
        platform,
        usesPkce: provider.usesPkce,
        browserBinding,
      });
      const authUrl = provider.authorizeUrl({
        state: flow.state,
        redirectUri: redirectUri(platform),
        codeVerifier: flow.codeVerifier,
      });
      return { authUrl, binding: flow.binding };
    },

    /**
     * Finishes a consent and answers where to send the browser: the dashboard with `{platform}=connected` and the
     * workspace, or `{platform}=error` and a message. Nothing is stored unless every step succeeded.
     */
    async callback(
      platform: Platform,
      query: { code?: string | undefined; state?: string | undefined; error?: string | undefined },
      browserBinding: string | undefined,
    ): Promise<{ location: string; userId: string | null }> {
      const failed = (message: string, userId: string | null = null) => ({
        location: dashboardUrl(platform, 'error', { message }),
        userId,
      });
      const provider = deps.providers[platform];
      if (!provider) return failed(callbackMessages.notConfigured);
      const pending = await deps.oauthFlows.finish({ platform, state: query.state, browserBinding });
      if (pending.kind !== 'bound') return failed(callbackMessages.invalidState);
      if (query.error || !query.code) return failed(callbackMessages.denied, pending.userId);

      const { codeVerifier } = pending;
      let result: Awaited<ReturnType<ProviderOAuth['exchangeCode']>>;
      try {
        result = await provider.exchangeCode({
          code: query.code,
          redirectUri: redirectUri(platform),
          codeVerifier,
          userId: pending.userId,
        });
      } catch (error) {
        if (error instanceof ProviderError) return failed(callbackMessages.failed, pending.userId);
        throw error;
      }
      const { tokens, identity } = result;
      const stored = await repo.upsertWithinLimit(
        {
          userId: pending.userId,
          platform,
          platformUserId: identity.userId,
          platformWorkspaceId: identity.workspaceId,
          platformUserName: identity.userName,
          platformWorkspaceName: identity.workspaceName,
          platformUserEmail: identity.email,
          platformAvatarUrl: identity.avatarUrl,
          scopes: tokens.scopes,
          accessTokenEncrypted: cipher.seal(tokens.accessToken, 'access'),
          refreshTokenEncrypted: tokens.refreshToken ? cipher.seal(tokens.refreshToken, 'refresh') : null,
          tokenExpiresAt: tokens.expiresAt,
        },
        await limitOf(pending.userId),
      );
      if (stored === 'limit') return failed(callbackMessages.limit, pending.userId);
      const workspace = identity.workspaceName ?? identity.userName ?? platformNames[platform];
      return {
        location: dashboardUrl(platform, 'connected', { workspace }),
        userId: pending.userId,
      };
    },

    /** The user a consent's state belongs to, while it is valid (callbacks are budgeted per that user). */
    async stateOwner(state: string | undefined): Promise<string | undefined> {
      return deps.oauthFlows.ownerOf(state);
    },

    /** Revokes at the provider where it can (best effort), then deletes the connection and its tokens. */
    async disconnect(userId: string, platform: Platform, id: string): Promise<ConnectionRow> {
      await assertUnrestricted(userId);
      const row = await requireConnection(userId, platform, id);
      const provider = deps.providers[platform];
      const token = cipher.open(row.accessTokenEncrypted, 'access');
      if (provider && token !== null && row.status !== 'reauth_required') {
        await provider.revoke(token, tokenOwner(row)).catch(() => undefined);
      }
      const deleted = await repo.deleteForUser(userId, platform, id);
      if (!deleted) throw new HttpError(404, 'Connection not found', 'NOT_FOUND');
      return deleted;
    },

    /** Revokes every token the user gave us at its provider, best effort (before the account is deleted). */
    async revokeAll(userId: string): Promise<void> {
      const rows = await Promise.all(platforms.map((platform) => repo.listForUser(userId, platform)));
      await Promise.all(
        rows.flat().map(async (row) => {
          const provider = deps.providers[row.platform];
          if (!provider || row.status === 'reauth_required') return;
          try {
            const token = cipher.open(row.accessTokenEncrypted, 'access');
            if (token !== null) await provider.revoke(token, tokenOwner(row));
          } catch {
            // A token that cannot be opened or revoked is deleted with the account all the same.
          }
        }),
      );
    },

    assertUnrestricted,
  };
}

export type ConnectionsService = ReturnType<typeof createConnectionsService>;
