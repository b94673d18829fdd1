import {
  LogLevel,
  WebAPIHTTPError,
  WebAPIPlatformError,
  WebAPIRateLimitedError,
  WebAPIRequestError,
  WebClient,
  type Logger,
} from '@slack/web-api';
import { LRUCache } from 'lru-cache';
import type { z } from 'zod';
import { createMemorySlidingWindow, createRedisSlidingWindow, type Clock } from '../../lib/sliding-window.ts';
import { ProviderError, transportError, withRateLimitRetry } from '../provider-error.ts';
import type { Redis } from 'ioredis';
import { createRedisSearchBudget, createSearchBudget } from './slack-search-budget.ts';
import { outcomeOf, type ProviderCallObserver } from '../provider-calls-observed.ts';

const PROVIDER = 'Slack';

/**
 * Slack's minute, and 5 s more: a call is counted when its turn is given, and sent a moment later (after a
 * lookup, behind other work on a busy process). Under load (decision 137's scenario) calls given their turns within
 * one sliding minute reached Slack a second or two apart and a fixed minute of Slack's saw 21; counting 65 s keeps
 * every 60 s that Slack may count within the tier.
 */
const SLACK_LIMIT_WINDOW_MS = 65_000;

/**
 * Calls per minute per budget key and method that Matome allows itself: Slack's tier for the method (Tier 2 = 20,
 * Tier 3 = 50, Tier 4 = 100 per minute), counted over a sliding 60 s so that no minute, wherever it starts, holds
 * more (decision 146). The key is the workspace, because Slack counts per app and workspace, except for code
 * exchanges (keyed by the Matome user, so nobody can spend another's). `search.messages` is budgeted per
 * gathering instead, by the search budget.
 */
const METHOD_TIERS: Record<string, number> = {
  'usergroups.list': 20,
  'users.conversations': 50,
  'users.info': 100,
  'conversations.info': 50,
  'auth.revoke': 50,
  'chat.postMessage': 60,
  'apps.event.authorizations.list': 100,
};
const DEFAULT_PER_MINUTE = 20;
/** WebClients kept, one per token in use. */
const CLIENTS_KEPT = 1000;
/** Tier 2 for `search.messages`; three searches (one gathering's essential ones) are kept for another user. */
export const SLACK_SEARCHES_PER_MINUTE = 20;
export const SLACK_ESSENTIAL_SEARCHES = 3;

const UNAUTHORIZED = new Set([
  'invalid_auth',
  'not_authed',
  'token_expired',
  'token_revoked',
  'account_inactive',
]);
const FORBIDDEN = new Set(['missing_scope', 'not_allowed_token_type', 'no_permission', 'restricted_action']);
const NOT_FOUND = new Set(['channel_not_found', 'user_not_found', 'thread_not_found', 'not_in_channel']);
const GRANT_REJECTED = new Set([
  'invalid_refresh_token',
  'invalid_grant_type',
  'invalid_code',
  'code_already_used',
  'bad_redirect_uri',
  'invalid_client_id',
  'bad_client_secret',
]);
/** A Slack workspace (team) or Enterprise Grid organisation id. */
const SLACK_TEAM_ID = /^[TE][A-Z0-9]{2,20}$/;
/** Slack error codes are snake_case words; anything else came from a body that was not JSON. */
const SLACK_ERROR_CODE = /^[a-z][a-z0-9_.]*$/;

/** The SDK's own logging is not ours to print: failures surface as `ProviderError`s instead. */
const quietLogger: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  setLevel: () => undefined,
  getLevel: () => LogLevel.ERROR,
  setName: () => undefined,
};

function toProviderError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  if (error instanceof WebAPIRateLimitedError) {
    return new ProviderError('rate_limited', `${PROVIDER} rate limit reached`, {
      retryAfterSeconds: error.retryAfter,
    });
  }
  if (error instanceof WebAPIPlatformError) {
    const code = String(error.data.error);
    if (!SLACK_ERROR_CODE.test(code)) {
      return new ProviderError('invalid_response', `${PROVIDER} sent a response that is not JSON`);
    }
    const details = { providerCode: code };
    if (code === 'ratelimited')
      return new ProviderError('rate_limited', `${PROVIDER} rate limit reached`, {
        ...details,
        retryAfterSeconds: 1,
      });
    if (UNAUTHORIZED.has(code))
      return new ProviderError('unauthorized', `${PROVIDER} refused the token (${code})`, details);
    if (FORBIDDEN.has(code))
      return new ProviderError('forbidden', `${PROVIDER} denied access (${code})`, details);
    if (NOT_FOUND.has(code))
      return new ProviderError('not_found', `${PROVIDER} did not find it (${code})`, details);
    if (GRANT_REJECTED.has(code))
      return new ProviderError('refresh_rejected', `${PROVIDER} refused the grant (${code})`, details);
    return new ProviderError('rejected', `${PROVIDER} refused the request (${code})`, details);
  }
  if (error instanceof WebAPIHTTPError) {
    if (error.statusCode >= 500)
      return new ProviderError('server_error', `${PROVIDER} answered ${error.statusCode}`);
    return new ProviderError('rejected', `${PROVIDER} answered ${error.statusCode}`);
  }
  if (error instanceof WebAPIRequestError) return transportError(error.original, PROVIDER);
  return transportError(error, PROVIDER);
}

export type SlackClientOptions = {
  apiUrl: string;
  timeoutMs: number;
  /** Where the call and search budgets count when several instances share Redis. */
  redis?: { client: Redis; prefix: string };
  /** Milliseconds since the epoch; the budgets' clock. */
  clock?: Clock;
  /** The sliding window the budgets count (`SLACK_LIMIT_WINDOW_MS` unless a test counts Slack's bare minute). */
  limitWindowMs?: number;
  /** Told of every call made (and every call our own budget refused), for the metrics. */
  observe?: ProviderCallObserver;
};

/**
 * The Slack Web API through the official `WebClient`, pointed at `SLACK_API_URL`. The SDK's own retries are off
 * (it would hold a request for up to half an hour): a 429 is waited out here only when short, and every failure
 * becomes a `ProviderError`. Responses are checked with the caller's schema.
 */
export function createSlackClient(options: SlackClientOptions) {
  const clock = options.clock ?? (() => Date.now());
  const windowMs = options.limitWindowMs ?? SLACK_LIMIT_WINDOW_MS;
  const searchRules = {
    perMinute: SLACK_SEARCHES_PER_MINUTE,
    reserve: SLACK_ESSENTIAL_SEARCHES,
    clock,
    windowMs,
  };
  const searchBudget = options.redis
    ? createRedisSearchBudget(options.redis.client, options.redis.prefix, searchRules)
    : createSearchBudget(searchRules);
  const calls = options.redis
    ? createRedisSlidingWindow(options.redis.client, `${options.redis.prefix}slack-calls:`, clock)
    : createMemorySlidingWindow(clock);
  const slackApiUrl = `${options.apiUrl.replace(/\/+$/, '')}/`;

  const perMinute = (method: string) => METHOD_TIERS[method] ?? DEFAULT_PER_MINUTE;
  const windowKey = (key: string, method: string) => `${key}:${method}`;

  /** Spends one call of `method` under `key`, or fails as rate limited with the time until one fits. */
  async function spend(key: string, method: string): Promise<void> {
    const taken = await calls.take(windowKey(key, method), 1, perMinute(method), windowMs);
    if (!taken.ok) {
      throw new ProviderError('rate_limited', `${PROVIDER} call budget used up`, {
        retryAfterSeconds: Math.max(1, Math.ceil(taken.retryAfterMs / 1000)),
      });
    }
  }

  /** Calls of `method` still allowed under `key` (a workspace) in the sliding minute, for a health display. */
  async function callsLeft(key: string, method: string): Promise<number> {
    return Math.max(0, perMinute(method) - (await calls.used(windowKey(key, method), windowMs)));
  }

  /** One WebClient per token, as Slack's SDK advises: building one per call costs more than the call's own work. */
  const clients = new LRUCache<string, WebClient>({ max: CLIENTS_KEPT });
  function webClient(token: string | undefined): WebClient {
    const key = token ?? '';
    const kept = clients.get(key);
    if (kept) return kept;
    const client = new WebClient(token, {
      slackApiUrl,
      logger: quietLogger,
      timeout: options.timeoutMs,
      retryConfig: { retries: 0 },
      rejectRateLimitedCalls: true,
      allowAbsoluteUrls: false,
    });
    clients.set(key, client);
    return client;
  }

  /**
   * One Web API call. `budgetKey` (the workspace, or for a code exchange the Matome user) keys the budget;
   * `token` is sent as Bearer (none for the OAuth calls, whose client credentials travel in the body).
   */
  async function call<T>(
    budgetKey: string,
    token: string | undefined,
    method: string,
    args: Record<string, unknown>,
    schema: z.ZodType<T>,
  ): Promise<T> {
    const client = webClient(token);
    // Only a team id (T…, or E… for an Enterprise Grid) names a workspace; the fallbacks of a budget key (a Matome
    // user, a Slack user, a connection) name a person and never become a label of the metrics.
    const workspace = SLACK_TEAM_ID.test(budgetKey) ? budgetKey : undefined;
    return withRateLimitRetry(async () => {
      try {
        if (method !== 'search.messages') await spend(budgetKey, method);
      } catch (error) {
        options.observe?.({ provider: 'slack', method, outcome: 'budget_used_up', seconds: 0 });
        throw error;
      }
      const started = performance.now();
      let result: unknown;
      try {
        result = await client.apiCall(method, args);
      } catch (error) {
        const failure = toProviderError(error);
        options.observe?.(outcomeOf('slack', method, failure, started, workspace));
        throw failure;
      }
      const parsed = schema.safeParse(result);
      const failure = parsed.success
        ? undefined
        : new ProviderError('invalid_response', `${PROVIDER} sent an unexpected ${method} response`);
      options.observe?.(outcomeOf('slack', method, failure, started, workspace));
      if (!parsed.success) throw failure;
      return parsed.data;
    });
  }

  return { call, callsLeft, searchBudget };
}

export type SlackClient = ReturnType<typeof createSlackClient>;
