import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { EmulatorContext } from '../core/emulator-server.ts';
import { consentRoutes, type ConsentRequest } from '../core/consent-flow.ts';
import type { ChatworkStore } from './chatwork-store.ts';

const authorizePath = '/packages/oauth2/login.php';

/** Every scope ChatWork's consent screen knows (its PDF's appendix A). */
const chatworkScopes = new Set([
  'offline_access',
  'users.all:read',
  'users.profile.me:read',
  'users.status.me:read',
  'users.tasks.me:read',
  'rooms.all:read_write',
  'rooms.all:read',
  'rooms.all:write',
  'rooms:write',
  'rooms.info:read',
  'rooms.info:write',
  'rooms.members:read',
  'rooms.members:write',
  'rooms.messages:read',
  'rooms.messages:write',
  'rooms.tasks:read',
  'rooms.tasks:write',
  'rooms.files:read',
  'contacts.all:read_write',
  'contacts.all:read',
  'contacts.all:write',
]);

type Params = Record<string, string | undefined>;

interface AuthorizeRequest extends ConsentRequest {
  codeChallenge?: string;
}

/**
 * ChatWork registers only https redirect URIs for its (confidential) clients (PDF, "OAuth client creation");
 * plain http is let through for loopback addresses only, as OAuth's native-app rules allow (RFC 8252 §7.3), so
 * a local sandbox works.
 */
function isHttpsOrLoopback(url: URL): boolean {
  if (url.protocol === 'https:') return true;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return (
    url.protocol === 'http:' && (host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host))
  );
}

/** Checks the authorize parameters in ChatWork's order, answering with its error codes (PDF appendix B). */
function validateAuthorize(store: ChatworkStore, params: Params): AuthorizeRequest | { error: string } {
  if (!params.response_type) return { error: '1001: response_type is missing' };
  if (params.response_type !== 'code') return { error: '4002: unknown response_type' };
  if (!params.client_id) return { error: '11000: client_id is missing' };
  const app = store.app(params.client_id);
  if (!app) return { error: '11000: client_id is not registered' };
  if (!params.redirect_uri) return { error: '13000: redirect_uri is missing' };
  if (!URL.canParse(params.redirect_uri)) return { error: '14000: redirect_uri is malformed' };
  if (!isHttpsOrLoopback(new URL(params.redirect_uri))) {
    return { error: '14000: redirect_uri must use https (http only for localhost)' };
  }
  if (app.redirect_uris && !app.redirect_uris.includes(params.redirect_uri)) {
    return { error: '15000: redirect_uri is not registered' };
  }
  if (!params.scope) return { error: '5001: scope is missing' };
  const scopes = params.scope.split(/\s+/).filter(Boolean);
  const unknown = scopes.find((scope) => !chatworkScopes.has(scope));
  if (unknown) return { error: `5002: unknown scope ${unknown}` };
  if (params.code_challenge_method !== 'S256') return { error: '18000: code_challenge_method must be S256' };
  if (!params.code_challenge || !/^[A-Za-z0-9\-._~]{43,128}$/.test(params.code_challenge)) {
    return { error: '19000: code_challenge is malformed' };
  }
  return {
    clientId: params.client_id,
    redirectUri: params.redirect_uri,
    scopes,
    state: params.state,
    codeChallenge: params.code_challenge,
  };
}

function tokenError(reply: FastifyReply, status: number, error: string, description: string) {
  return reply.code(status).send({ error, error_description: description, error_uri: null });
}

function basicCredentials(header: string | undefined): { clientId: string; secret: string } | undefined {
  const match = /^Basic\s+(.+)$/i.exec(header ?? '');
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const separator = decoded.indexOf(':');
  if (separator < 0) return undefined;
  return {
    clientId: decodeURIComponent(decoded.slice(0, separator)),
    secret: decodeURIComponent(decoded.slice(separator + 1)),
  };
}

export function chatworkOAuthRoutes(app: FastifyInstance, context: EmulatorContext<ChatworkStore>): void {
  consentRoutes<AuthorizeRequest>(app, context, {
    path: authorizePath,
    provider: 'ChatWork',
    validate: (params) => validateAuthorize(context.state(), params),
    appName: (request) => context.state().app(request.clientId)?.name ?? request.clientId,
    accounts: () =>
      context
        .state()
        .allAccounts()
        .map((account) => ({
          id: String(account.account_id),
          value: String(account.account_id),
          label: `${account.name} (${account.chatwork_id ?? account.account_id})`,
          group: account.organization_name ?? 'ChatWork',
        })),
    issueCode(request, account) {
      const store = context.state();
      const accountId = Number(account);
      if (!store.account(accountId)) return undefined;
      const grant = {
        accountId,
        clientId: request.clientId,
        scopes: request.scopes,
        codeChallenge: request.codeChallenge,
      };
      return store.codes.issue(grant, request.clientId, request.redirectUri, context.clock.now());
    },
  });

  app.post('/token', async (request, reply) => {
    const store = context.state();
    const credentials = basicCredentials(request.headers.authorization);
    const client = credentials && store.app(credentials.clientId);
    if (!credentials || !client || client.client_secret !== credentials.secret) {
      void reply.header('www-authenticate', 'Basic realm="oauth.chatwork.com"');
      return tokenError(reply, 401, 'invalid_client', 'Client authentication failed');
    }
    if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
      return tokenError(
        reply,
        400,
        'invalid_request',
        'The request body must be application/x-www-form-urlencoded',
      );
    }
    const form = (request.body ?? {}) as Params;
    const now = context.clock.now();
    if (form.grant_type === 'authorization_code') {
      if (!form.code) return tokenError(reply, 400, 'invalid_request', 'code is required');
      const redemption = store.codes.redeem(form.code, client.client_id, form.redirect_uri, now);
      if (!redemption.ok)
        return tokenError(
          reply,
          400,
          'invalid_grant',
          `The authorization code is invalid (${redemption.reason})`,
        );
      const { grant } = redemption;
      if (grant.codeChallenge) {
        if (!form.code_verifier || !/^[A-Za-z0-9\-._~]{43,128}$/.test(form.code_verifier)) {
          return tokenError(reply, 400, 'invalid_grant', '20000: code_verifier is malformed');
        }
        const challenge = createHash('sha256').update(form.code_verifier).digest('base64url');
        if (challenge !== grant.codeChallenge)
          return tokenError(reply, 400, 'invalid_grant', 'code_verifier does not match');
      }
      return store.issueTokens(grant, now);
    }
    if (form.grant_type === 'refresh_token') {
      if (!form.refresh_token) return tokenError(reply, 400, 'invalid_request', 'refresh_token is required');
      const grant = store.refreshGrant(form.refresh_token, client.client_id, now);
      if (!grant) return tokenError(reply, 400, 'invalid_grant', 'The refresh token is invalid or expired');
      const narrowed = form.scope ? form.scope.split(/\s+/).filter(Boolean) : grant.scopes;
      if (narrowed.some((scope) => !grant.scopes.includes(scope))) {
        return tokenError(reply, 400, 'invalid_scope', 'The scope exceeds what was granted');
      }
      store.spendRefreshToken(form.refresh_token);
      return store.issueTokens({ ...grant, scopes: narrowed }, now);
    }
    return tokenError(
      reply,
      400,
      'unsupported_grant_type',
      'grant_type must be authorization_code or refresh_token',
    );
  });
}
