/**
 * A local stand-in for GitHub's OAuth app flow (`/login/oauth/authorize`, `/login/oauth/access_token`, whose errors
 * arrive with HTTP 200 as GitHub sends them) and the two REST calls a sign-in makes, `GET /user` and
 * `GET /user/emails`, on one origin (GitHub splits them between github.com and api.github.com).
 *
 * What it knowingly does not model: GitHub Apps' expiring user tokens, device flow, token revocation through the
 * applications API, rate limits, and every REST call beyond those two.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { consentRoutes, type ConsentRequest } from '../core/consent-flow.ts';
import {
  startEmulator,
  type EmulatorContext,
  type EmulatorDefinition,
  type RunningEmulator,
  type StartOptions,
} from '../core/emulator-server.ts';
import { defaultGithubSeed, githubSeedSchema, type GithubSeed, type GithubSeedUser } from './github-seed.ts';
import { GithubStore } from './github-store.ts';

type Params = Record<string, string | undefined>;
const documentationUrl = 'https://docs.github.com/rest';

interface AuthorizeRequest extends ConsentRequest {
  codeChallenge?: string;
}

/** GitHub accepts a redirect_uri equal to the registered callback URL or below it, on the same host and port. */
function redirectAllowed(callbackUrl: string | undefined, redirectUri: string): boolean {
  if (!URL.canParse(redirectUri)) return false;
  if (!callbackUrl) return true;
  const registered = new URL(callbackUrl);
  const asked = new URL(redirectUri);
  return asked.origin === registered.origin && asked.pathname.startsWith(registered.pathname);
}

function validateAuthorize(store: GithubStore, params: Params): AuthorizeRequest | { error: string } {
  const app = params.client_id ? store.app(params.client_id) : undefined;
  if (!app) return { error: 'The client_id is not registered with an OAuth app.' };
  const redirectUri = params.redirect_uri ?? app.callback_url;
  if (!redirectUri || !redirectAllowed(app.callback_url, redirectUri)) {
    return { error: 'The redirect_uri is not associated with this application.' };
  }
  if (params.code_challenge && params.code_challenge_method !== 'S256') {
    return { error: 'code_challenge_method must be S256.' };
  }
  return {
    clientId: app.client_id,
    redirectUri,
    scopes: (params.scope ?? '').split(/[\s,]+/).filter(Boolean),
    state: params.state,
    codeChallenge: params.code_challenge,
  };
}

/** A user as `GET /user` shows it to its owner (a subset of GitHub's private-user fields). */
function userResource(user: GithubSeedUser, origin: string) {
  return {
    login: user.login,
    id: user.id,
    node_id: Buffer.from(`04:User${user.id}`).toString('base64'),
    avatar_url: user.avatar_url ?? `https://avatars.githubusercontent.com/u/${user.id}?v=4`,
    url: `${origin}/users/${user.login}`,
    html_url: `https://github.com/${user.login}`,
    type: 'User',
    site_admin: false,
    name: user.name,
    company: null,
    blog: '',
    location: null,
    email: user.email,
    hireable: null,
    bio: null,
    public_repos: 0,
    public_gists: 0,
    followers: 0,
    following: 0,
    created_at: '2011-01-25T18:44:36Z',
    updated_at: '2026-01-01T00:00:00Z',
  };
}

function githubRoutes(app: FastifyInstance, context: EmulatorContext<GithubStore>): void {
  consentRoutes<AuthorizeRequest>(app, context, {
    path: '/login/oauth/authorize',
    provider: 'GitHub',
    validate: (params) => validateAuthorize(context.state(), params),
    appName: (request) => context.state().app(request.clientId)?.name ?? request.clientId,
    accounts: () =>
      context.state().seed.users.map((user) => ({
        id: String(user.id),
        value: String(user.id),
        label: `${user.name ?? user.login} (@${user.login})`,
        group: 'GitHub',
      })),
    issueCode(request, account) {
      const store = context.state();
      const userId = Number(account);
      if (!store.user(userId)) return undefined;
      const grant = {
        userId,
        clientId: request.clientId,
        scopes: request.scopes,
        codeChallenge: request.codeChallenge,
      };
      return store.codes.issue(grant, request.clientId, request.redirectUri, context.clock.now());
    },
  });

  app.post('/login/oauth/access_token', async (request, reply) => {
    const store = context.state();
    const params = { ...(request.query as Params), ...((request.body ?? {}) as Params) };
    const answer = (fields: Record<string, string>) => {
      // GitHub answers form-encoded unless asked for JSON, and its errors come with HTTP 200.
      if ((request.headers.accept ?? '').includes('application/json')) return reply.send(fields);
      return reply
        .type('application/x-www-form-urlencoded; charset=utf-8')
        .send(new URLSearchParams(fields).toString());
    };
    const error = (code: string, description: string) =>
      answer({
        error: code,
        error_description: description,
        error_uri: `https://docs.github.com/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors/#${code.replaceAll('_', '-')}`,
      });
    const client = params.client_id ? store.app(params.client_id) : undefined;
    if (!client || client.client_secret !== params.client_secret) {
      return error(
        'incorrect_client_credentials',
        'The client_id and/or client_secret passed are incorrect.',
      );
    }
    // GitHub lets the token request leave redirect_uri out; here it must be sent, and match, as Matome does.
    const redemption = store.codes.redeem(
      params.code ?? '',
      client.client_id,
      params.redirect_uri,
      context.clock.now(),
    );
    if (!redemption.ok && redemption.reason === 'redirect_uri_mismatch') {
      return error(
        'redirect_uri_mismatch',
        'The redirect_uri MUST match the registered callback URL for this application.',
      );
    }
    if (!redemption.ok) return error('bad_verification_code', 'The code passed is incorrect or expired.');
    const issued = redemption.grant;
    if (issued.codeChallenge) {
      const challenge = createHash('sha256')
        .update(params.code_verifier ?? '')
        .digest('base64url');
      if (challenge !== issued.codeChallenge)
        return error('bad_verification_code', 'The code passed is incorrect or expired.');
    }
    return answer(store.issueToken(issued));
  });

  function authenticated(request: FastifyRequest, reply: FastifyReply) {
    if (!request.headers['user-agent']) {
      void reply
        .code(403)
        .type('text/plain')
        .send(
          'Request forbidden by administrative rules. Please make sure your request has a User-Agent header.',
        );
      return undefined;
    }
    const match = /^(?:Bearer|token)\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    const grant = match?.[1] ? context.state().grantOf(match[1]) : undefined;
    if (!grant) {
      void reply
        .code(401)
        .send({ message: 'Bad credentials', documentation_url: documentationUrl, status: '401' });
      return undefined;
    }
    void reply.header('x-oauth-scopes', grant.scopes.join(', '));
    return grant;
  }

  app.get('/user', async (request, reply) => {
    const grant = authenticated(request, reply);
    if (!grant) return reply;
    return userResource(context.state().user(grant.userId)!, `${request.protocol}://${request.host}`);
  });

  app.get('/user/emails', async (request, reply) => {
    const grant = authenticated(request, reply);
    if (!grant) return reply;
    if (!grant.scopes.includes('user:email') && !grant.scopes.includes('user')) {
      return reply
        .code(404)
        .send({ message: 'Not Found', documentation_url: documentationUrl, status: '404' });
    }
    return context.state().user(grant.userId)!.emails;
  });
}

const githubEmulator: EmulatorDefinition<GithubSeed, GithubStore> = {
  name: 'GitHub',
  seedSchema: githubSeedSchema,
  createState: (seed) => new GithubStore(seed),
  errorBody: (status, message) => ({ message, documentation_url: documentationUrl, status: String(status) }),
  routes: githubRoutes,
};

export function startGithubEmulator(options: StartOptions<GithubSeed> = {}): Promise<RunningEmulator> {
  return startEmulator(githubEmulator, options.seed ?? defaultGithubSeed(), options);
}
