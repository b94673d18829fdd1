import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { consentRoutes, type ConsentRequest } from '../core/consent-flow.ts';
import type { EmulatorContext } from '../core/emulator-server.ts';
import { googleApiScopes } from './google-api.ts';
import type { GoogleStore } from './google-store.ts';

type Params = Record<string, string | undefined>;

const signInScopes = new Set([
  'openid',
  'email',
  'profile',
  'https://www.googleapis.com/auth/userinfo.email',
  'https://www.googleapis.com/auth/userinfo.profile',
]);
interface AuthorizeRequest extends ConsentRequest {
  codeChallenge?: string;
  codeChallengeMethod?: string;
  offline: boolean;
  forceConsent: boolean;
  includeGrantedScopes: boolean;
  nonce?: string;
}

/** Checks the authorize parameters as Google's "Error 400" page does (web-server flow reference). */
function validateAuthorize(store: GoogleStore, params: Params): AuthorizeRequest | { error: string } {
  if (!params.client_id)
    return { error: 'Error 400: invalid_request. Missing required parameter: client_id' };
  const app = store.app(params.client_id);
  if (!app) return { error: 'Error 401: invalid_client. The OAuth client was not found.' };
  if (!params.redirect_uri)
    return { error: 'Error 400: invalid_request. Missing required parameter: redirect_uri' };
  if (
    !URL.canParse(params.redirect_uri) ||
    (app.redirect_uris && !app.redirect_uris.includes(params.redirect_uri))
  ) {
    return { error: 'Error 400: redirect_uri_mismatch' };
  }
  if (params.response_type !== 'code') {
    return { error: 'Error 400: invalid_request. Invalid response_type: only code is emulated' };
  }
  const scopes = (params.scope ?? '').split(/\s+/).filter(Boolean);
  if (!scopes.length) return { error: 'Error 400: invalid_request. Missing required parameter: scope' };
  const unknown = scopes.find((scope) => !signInScopes.has(scope) && !googleApiScopes.has(scope));
  if (unknown) return { error: `Error 400: invalid_scope. Some requested scopes were invalid: ${unknown}` };
  const method = params.code_challenge_method ?? (params.code_challenge ? 'plain' : undefined);
  if (method && method !== 'S256' && method !== 'plain') {
    return { error: 'Error 400: invalid_request. Invalid code_challenge_method' };
  }
  if (params.code_challenge && !/^[A-Za-z0-9\-._~]{43,128}$/.test(params.code_challenge)) {
    return { error: 'Error 400: invalid_request. Invalid code_challenge' };
  }
  if (params.access_type && !['online', 'offline'].includes(params.access_type)) {
    return { error: 'Error 400: invalid_request. Invalid access_type' };
  }
  return {
    clientId: params.client_id,
    redirectUri: params.redirect_uri,
    scopes,
    state: params.state,
    codeChallenge: params.code_challenge,
    codeChallengeMethod: method,
    offline: params.access_type === 'offline',
    forceConsent: (params.prompt ?? '').split(' ').includes('consent'),
    includeGrantedScopes: params.include_granted_scopes === 'true',
    nonce: params.nonce,
  };
}

function tokenError(reply: FastifyReply, status: number, error: string, description: string) {
  return reply.code(status).send({ error, error_description: description });
}

/** Client credentials from the form (client_secret_post) or an `Authorization: Basic` header. */
function clientCredentials(request: FastifyRequest, form: Params) {
  const match = /^Basic\s+(.+)$/i.exec(request.headers.authorization ?? '');
  if (match?.[1]) {
    const decoded = Buffer.from(match[1], 'base64').toString('utf8');
    const separator = decoded.indexOf(':');
    return {
      clientId: decodeURIComponent(decoded.slice(0, separator)),
      secret: decodeURIComponent(decoded.slice(separator + 1)),
    };
  }
  return { clientId: form.client_id ?? '', secret: form.client_secret ?? '' };
}

function verifierMatches(
  verifier: string | undefined,
  challenge: string,
  method: string | undefined,
): boolean {
  if (!verifier || !/^[A-Za-z0-9\-._~]{43,128}$/.test(verifier)) return false;
  const expected = method === 'S256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  return expected === challenge;
}

export function googleOAuthRoutes(app: FastifyInstance, context: EmulatorContext<GoogleStore>): void {
  consentRoutes<AuthorizeRequest>(app, context, {
    path: '/o/oauth2/v2/auth',
    provider: 'Google',
    validate: (params) => validateAuthorize(context.state(), params),
    appName: (request) => context.state().app(request.clientId)?.name ?? request.clientId,
    accounts: () =>
      context.state().seed.users.map((user) => ({
        id: user.sub,
        value: user.sub,
        label: `${user.name} (${user.email})`,
        group: 'Google',
      })),
    // Granular consent: every scope beyond signing in may be unticked.
    optionalScopes: (request) => request.scopes.filter((scope) => !signInScopes.has(scope)),
    issueCode(request, account) {
      const store = context.state();
      if (!store.user(account)) return undefined;
      const earlier = store.grantedScopes(account, request.clientId);
      const firstConsent = earlier.length === 0;
      const scopes = request.includeGrantedScopes
        ? [...new Set([...earlier, ...request.scopes])]
        : request.scopes;
      store.recordGrant(account, request.clientId, request.scopes);
      const grant = {
        sub: account,
        clientId: request.clientId,
        scopes,
        codeChallenge: request.codeChallenge,
        codeChallengeMethod: request.codeChallengeMethod,
        // Without prompt=consent, someone who consented before gets no new refresh token.
        offline: request.offline && (request.forceConsent || firstConsent),
        nonce: request.nonce,
      };
      return store.codes.issue(grant, request.clientId, request.redirectUri, context.clock.now());
    },
  });

  app.post('/token', async (request, reply) => {
    const store = context.state();
    if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
      return tokenError(reply, 400, 'invalid_request', 'Invalid Content-Type');
    }
    const form = (request.body ?? {}) as Params;
    const credentials = clientCredentials(request, form);
    const client = store.app(credentials.clientId);
    if (!client || client.client_secret !== credentials.secret) {
      return tokenError(reply, 401, 'invalid_client', 'Unauthorized');
    }
    const now = context.clock.now();
    if (form.grant_type === 'authorization_code') {
      if (!form.code) return tokenError(reply, 400, 'invalid_request', 'Missing required parameter: code');
      const redemption = store.codes.redeem(form.code, client.client_id, form.redirect_uri, now);
      if (!redemption.ok) {
        return redemption.reason === 'redirect_uri_mismatch'
          ? tokenError(reply, 400, 'redirect_uri_mismatch', 'Bad Request')
          : tokenError(reply, 400, 'invalid_grant', 'Bad Request');
      }
      const { grant } = redemption;
      if (
        grant.codeChallenge &&
        !verifierMatches(form.code_verifier, grant.codeChallenge, grant.codeChallengeMethod)
      ) {
        return tokenError(reply, 400, 'invalid_grant', 'Bad Request');
      }
      return store.issueTokens(grant, now, grant.offline);
    }
    if (form.grant_type === 'refresh_token') {
      if (!form.refresh_token)
        return tokenError(reply, 400, 'invalid_request', 'Missing required parameter: refresh_token');
      const grant = store.refreshGrant(form.refresh_token, client.client_id);
      if (!grant) return tokenError(reply, 400, 'invalid_grant', 'Token has been expired or revoked.');
      return store.issueTokens(grant, now, false);
    }
    return tokenError(reply, 400, 'unsupported_grant_type', `Invalid grant_type: ${form.grant_type ?? ''}`);
  });

  app.post('/revoke', async (request, reply) => {
    const form = (request.body ?? {}) as Params;
    const token = form.token ?? (request.query as Params).token ?? '';
    if (!context.state().revoke(token))
      return tokenError(reply, 400, 'invalid_token', 'Token expired or revoked');
    return {};
  });

  app.get('/v1/userinfo', async (request, reply) => {
    const store = context.state();
    const token = store.bearer(request.headers.authorization, context.clock.now());
    if (!token) {
      void reply.header(
        'www-authenticate',
        'Bearer realm="https://accounts.google.com/", error="invalid_token"',
      );
      return tokenError(reply, 401, 'invalid_request', 'Invalid Credentials');
    }
    const user = store.user(token.sub)!;
    const has = (scope: string) =>
      token.scopes.includes(scope) ||
      token.scopes.includes(`https://www.googleapis.com/auth/userinfo.${scope}`);
    return {
      sub: user.sub,
      ...(has('profile')
        ? {
            name: user.name,
            given_name: user.given_name,
            family_name: user.family_name,
            picture: user.picture,
          }
        : {}),
      ...(has('email') ? { email: user.email, email_verified: user.email_verified } : {}),
    };
  });

  app.get('/oauth2/v3/certs', async () => ({ keys: [context.state().publicJwk] }));

  /** Test-only: the seeded day happens again from now (a journey that runs long after the emulator started). */
  app.post('/_control/google/recenter', async () => {
    context.state().recenter(context.clock.now());
    return { ok: true };
  });

  /** Test-only: the person removes Matome's access in their Google account, so every grant is revoked. */
  app.post('/_control/google/revoke', async (request) => {
    const { sub } = (request.body ?? {}) as { sub?: string };
    context.state().revokeAllOf(sub ?? '');
    return { ok: true };
  });
}
