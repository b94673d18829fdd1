/**
 * A local stand-in for Slack's OAuth v2 consent page and the Web API methods Matome calls with a user token:
 * oauth.v2.access, auth.test, auth.revoke, team.info, users.info, users.list, users.conversations,
 * usergroups.list, conversations.list/info/history/replies, search.messages, chat.postMessage and
 * chat.getPermalink; with an app-level token (`xapp-…`, seeded in `appTokens`), apps.event.authorizations.list
 * (slack-event-authorizations.ts). Each method takes only its own kind of token (`not_allowed_token_type`
 * otherwise). The Events API side, new messages, edits, deletions and thread broadcasts delivered to the app's
 * request URL, is slack-events.ts. Its answers are held to Slack's OpenAPI document by the connectors' contract
 * tests.
 *
 * What it knowingly does not model, and what real Slack does there:
 * - the search index lag: real search finds a new message only seconds after it is posted (reported by
 *   integrators, e.g. nearai/ironclaw#6266); here it is found at once, and an edit or deletion shows at once too;
 * - whether search finds `<!channel>`, `<!here>`, `<!everyone>` and `<!subteam^…>` at all, and whether it knows
 *   `OR`: Slack documents neither (shared/providers/slack.md §9). Here the tokens are found as literal text and
 *   `OR` is an ordinary word, the reading under which a connector must still be right;
 * - the free plan's history limit (messages older than 90 days are hidden, per Slack's plan pages) and search
 *   relevance (`sort=score` returns newest first), highlighting and modifiers beyond the ones in
 *   slack-search.ts; of the plans, only that free workspaces have no user groups (`plan_upgrade_required`);
 * - the limit on conversations.history and .replies for commercially distributed non-Marketplace apps, 1 call a
 *   minute and at most 15 messages (docs.slack.dev/reference/methods/conversations.history): Tier 3 here;
 * - per-channel posting limits of chat.postMessage (about one message a second,
 *   docs.slack.dev/apis/web-api/rate-limits) and Slack's tolerance of bursts above a tier (tiers are "20+" and so
 *   on): fixed one-minute windows per workspace, app and method, stricter than Slack;
 * - bot tokens (bot `scope` on the consent page is ignored), Enterprise Grid and org-wide tokens, Socket Mode,
 *   events other than messages and their edits and deletions, files, reactions, blocks and attachments, `edited`
 *   on edited messages in history, `users.conversations` for a user other than the caller, several apps receiving
 *   events (events are the first seeded app's, and every live user token of the workspace counts as one of its
 *   installations), and tokens passed in the query string (ignored, as for apps created after 2021-02-24).
 *
 * Where Slack's own documents disagree: the OpenAPI document's example for apps.event.authorizations.list shows
 * `authorizations` as one object, while the method page and the changelog that introduced it
 * (api.slack.com/changelog/2020-09-15-events-api-truncate-authed-users) show a list of installations. The
 * emulator answers a list. The document lists no error codes for that method; the method page lists
 * `invalid_event_context`, `auth_mismatch` and `invalid_cursor`, which the emulator uses, with `invalid_arguments`
 * for a missing `event_context`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  startEmulator,
  type EmulatorContext,
  type EmulatorDefinition,
  type RunningEmulator,
  type StartOptions,
} from '../core/emulator-server.ts';
import { slackAppMethods } from './slack-event-authorizations.ts';
import { slackEventsRoutes } from './slack-events.ts';
import { SlackApiError, slackMethods } from './slack-methods.ts';
import { exchangeOAuth, slackOAuthRoutes } from './slack-oauth.ts';
import { defaultSlackSeed, slackSeedSchema, type SlackSeed } from './slack-seed.ts';
import { SlackStore } from './slack-store.ts';

const rateLimitWindowMs = 60_000;

type Args = Record<string, string | undefined>;

/** Slack reads arguments from the query and from a form or JSON body; non-string JSON values arrive encoded. */
function argumentsOf(request: FastifyRequest): Args {
  const body =
    request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
  const merged = { ...(request.query as Record<string, unknown>), ...body };
  return Object.fromEntries(
    Object.entries(merged).map(([key, value]) => [
      key,
      typeof value === 'string' ? value : JSON.stringify(value),
    ]),
  );
}

function fail(reply: FastifyReply, error: string, extra: Record<string, unknown> = {}) {
  return reply.code(200).send({ ok: false, error, ...extra });
}

function apiRoutes(app: FastifyInstance, context: EmulatorContext<SlackStore>): void {
  app.all('/api/:method', async (request, reply) => {
    const { method } = request.params as { method: string };
    const store = context.state();
    const args = argumentsOf(request);
    const nowMs = context.clock.now();

    /** Slack's limits are per workspace, app and method; undefined when the call may go ahead. */
    const rateLimited = (key: string, perMinute: number) => {
      if (!context.settings.rateLimits) return undefined;
      const decision = context.limiter.hit(`${key} ${method}`, perMinute, rateLimitWindowMs, nowMs);
      if (decision.allowed) return undefined;
      const retryAfter = Math.max(1, Math.ceil((decision.resetAtMs - nowMs) / 1000));
      return reply
        .code(429)
        .header('retry-after', String(retryAfter))
        .send({ ok: false, error: 'ratelimited' });
    };
    const missingScope = (needed: string[], provided: string[]) =>
      fail(reply, 'missing_scope', { needed: needed.join(','), provided: provided.join(',') });

    try {
      if (method === 'oauth.v2.access') {
        return { ok: true, ...exchangeOAuth(store, request.headers.authorization, args, nowMs) };
      }
      const spec = slackMethods[method];
      const appSpec = slackAppMethods[method];
      if (!spec && !appSpec) {
        return reply.code(501).send({
          ok: false,
          error: 'unknown_method',
          message: `The Slack emulator does not implement ${method}`,
        });
      }
      // A token may come in a form body; JSON bodies need the Authorization header, as on Slack.
      const isForm = request.headers['content-type']?.startsWith('application/x-www-form-urlencoded');
      const bodyToken = isForm ? (request.body as Args | undefined)?.token : undefined;
      const token = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? bodyToken;
      if (!token) return fail(reply, 'not_authed');

      if (appSpec) {
        const appToken = store.appToken(token);
        if (!appToken) {
          const userToken = store.lookupToken(token, nowMs);
          return fail(reply, userToken.ok ? 'not_allowed_token_type' : userToken.error);
        }
        const needed = appSpec.scopes.filter((scope) => !appToken.scopes.includes(scope));
        if (needed.length > 0) return missingScope(needed, appToken.scopes);
        const call = { args, appToken, store, nowMs };
        const teamId = appSpec.workspaceOf(call);
        return (
          rateLimited(`${appToken.appId} ${teamId}`, appSpec.perMinute) ?? { ok: true, ...appSpec.run(call) }
        );
      }

      const lookup = store.lookupToken(token, nowMs);
      if (!lookup.ok) return fail(reply, store.appToken(token) ? 'not_allowed_token_type' : lookup.error);
      const caller = lookup.token;
      void reply.header('x-oauth-scopes', caller.scopes.join(','));
      const limited = rateLimited(`${caller.clientId ?? ''} ${caller.teamId}`, spec!.perMinute);
      if (limited) return limited;
      const needed = spec!.scopes(args).filter((scope) => !caller.scopes.includes(scope));
      if (needed.length > 0) return missingScope(needed, caller.scopes);
      return { ok: true, ...spec!.run({ args, caller, token, store, nowMs }) };
    } catch (error) {
      if (error instanceof SlackApiError) return fail(reply, error.error, error.extra);
      throw error;
    }
  });
}

const slackEmulator: EmulatorDefinition<SlackSeed, SlackStore> = {
  name: 'Slack',
  seedSchema: slackSeedSchema,
  createState: (seed) => new SlackStore(seed),
  apiMethodOf: (path) => /^\/api\/([\w.]+)$/.exec(path)?.[1],
  errorBody: (status, message) =>
    status === 429
      ? { ok: false, error: 'ratelimited' }
      : { ok: false, error: status >= 500 ? 'fatal_error' : 'invalid_request', message },
  routes(app, context) {
    slackOAuthRoutes(app, context);
    apiRoutes(app, context);
    slackEventsRoutes(app, context);
  },
};

export function startSlackEmulator(options: StartOptions<SlackSeed> = {}): Promise<RunningEmulator> {
  return startEmulator(slackEmulator, options.seed ?? defaultSlackSeed(), options);
}
