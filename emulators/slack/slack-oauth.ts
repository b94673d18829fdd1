import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../core/emulator-server.ts';
import { consentRoutes, type ConsentRequest } from '../core/consent-flow.ts';
import { SlackApiError } from './slack-methods.ts';
import type { SlackStore } from './slack-store.ts';

const authorizePath = '/oauth/v2/authorize';

type Params = Record<string, string | undefined>;

interface AuthorizeRequest extends ConsentRequest {
  teamId?: string;
  codeChallenge?: string;
}

function validateAuthorize(store: SlackStore, params: Params): AuthorizeRequest | { error: string } {
  if (!params.client_id || !store.app(params.client_id))
    return { error: 'invalid_client_id: unknown client_id' };
  if (!params.redirect_uri || !URL.canParse(params.redirect_uri))
    return { error: 'bad_redirect_uri: redirect_uri is missing or malformed' };
  const userScopes = (params.user_scope ?? '')
    .split(',')
    .map((scope) => scope.trim())
    .filter(Boolean);
  if (userScopes.length === 0)
    return { error: 'invalid_scope: this emulator issues user tokens, so user_scope is required' };
  if (params.team && !store.team(params.team)) return { error: 'invalid_team: unknown team' };
  if (params.code_challenge && params.code_challenge_method !== 'S256') {
    return { error: 'invalid_code_challenge_method: only S256 is supported' };
  }
  return {
    clientId: params.client_id,
    redirectUri: params.redirect_uri,
    scopes: userScopes,
    state: params.state,
    teamId: params.team,
    codeChallenge: params.code_challenge,
  };
}

function clientCredentials(authorization: string | undefined, args: Params) {
  const basic = /^Basic\s+(.+)$/i.exec(authorization ?? '')?.[1];
  if (basic) {
    const decoded = Buffer.from(basic, 'base64').toString('utf8');
    const separator = decoded.indexOf(':');
    return { clientId: decoded.slice(0, separator), secret: decoded.slice(separator + 1) };
  }
  return { clientId: args.client_id, secret: args.client_secret };
}

export function slackOAuthRoutes(app: FastifyInstance, context: EmulatorContext<SlackStore>): void {
  consentRoutes<AuthorizeRequest>(app, context, {
    path: authorizePath,
    provider: 'Slack',
    validate: (params) => validateAuthorize(context.state(), params),
    appName: (request) => context.state().app(request.clientId)?.name ?? request.clientId,
    accounts: (request) =>
      context
        .state()
        .allTeams()
        .filter((team) => !request.teamId || team.id === request.teamId)
        .flatMap((team) =>
          team.users
            .filter((user) => !user.is_bot)
            .map((user) => ({
              id: user.id,
              value: `${team.id}:${user.id}`,
              label: `${user.real_name} (@${user.name})`,
              group: team.name,
            })),
        ),
    issueCode(request, account) {
      const store = context.state();
      const [teamId = '', userId = ''] = account.split(':');
      if (!store.user(userId, teamId) || (request.teamId && request.teamId !== teamId)) return undefined;
      const grant = {
        teamId,
        userId,
        clientId: request.clientId,
        scopes: request.scopes,
        codeChallenge: request.codeChallenge,
      };
      return store.codes.issue(grant, request.clientId, request.redirectUri, context.clock.now());
    },
  });
}

/** `oauth.v2.access`: the code exchange and, with token rotation, the refresh grant. */
export function exchangeOAuth(
  store: SlackStore,
  authorization: string | undefined,
  args: Params,
  nowMs: number,
) {
  const { clientId, secret } = clientCredentials(authorization, args);
  const app = clientId ? store.app(clientId) : undefined;
  if (!app) throw new SlackApiError('invalid_client_id');
  if (app.client_secret !== secret) throw new SlackApiError('bad_client_secret');
  const appId =
    app.app_id ??
    `A${app.client_id
      .replace(/[^A-Z0-9]/gi, '')
      .toUpperCase()
      .slice(0, 10)}`;

  if (args.grant_type === 'refresh_token') {
    const grant = args.refresh_token ? store.takeRefreshToken(args.refresh_token, app.client_id) : undefined;
    if (!grant) throw new SlackApiError('invalid_refresh_token');
    const issued = store.issueTokens(grant, nowMs);
    const team = store.team(grant.teamId);
    return {
      app_id: appId,
      scope: grant.scopes.join(','),
      token_type: 'user',
      access_token: issued.accessToken,
      refresh_token: issued.refreshToken,
      expires_in: issued.expiresIn,
      team: { id: grant.teamId, name: team?.name },
      enterprise: null,
      is_enterprise_install: false,
    };
  }
  if (args.grant_type !== undefined && args.grant_type !== 'authorization_code')
    throw new SlackApiError('invalid_grant_type');
  if (!args.code) throw new SlackApiError('invalid_code');
  const redemption = store.codes.redeem(args.code, app.client_id, args.redirect_uri, nowMs);
  if (!redemption.ok) {
    throw new SlackApiError(
      redemption.reason === 'redirect_uri_mismatch' ? 'bad_redirect_uri' : 'invalid_code',
    );
  }
  const { grant } = redemption;
  if (grant.codeChallenge) {
    const verified =
      args.code_verifier &&
      createHash('sha256').update(args.code_verifier).digest('base64url') === grant.codeChallenge;
    if (!verified) throw new SlackApiError('invalid_code_verifier');
  }
  const issued = store.issueTokens(grant, nowMs);
  const team = store.team(grant.teamId);
  return {
    app_id: appId,
    authed_user: {
      id: grant.userId,
      scope: grant.scopes.join(','),
      access_token: issued.accessToken,
      token_type: 'user',
      ...(issued.refreshToken ? { refresh_token: issued.refreshToken, expires_in: issued.expiresIn } : {}),
    },
    team: { id: grant.teamId, name: team?.name },
    enterprise: null,
    is_enterprise_install: false,
  };
}
