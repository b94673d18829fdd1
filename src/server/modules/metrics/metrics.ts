import type { Worker } from 'bullmq';
import { LRUCache } from 'lru-cache';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ProviderCallObserver } from '../../connectors/provider-calls-observed.ts';
import type { TokenRequestObserver } from '../../connectors/token-requests-observed.ts';
import type { SecurityEvent } from '../../lib/security-events.ts';
import type { PushSendObserver } from '../push-notifications/push.service.ts';

/** Every series starts with this, so an operator's queries never meet another program's names. */
export const METRIC_PREFIX = 'matome_';

/** Budgets watched for the budget-left gauge: the workspaces and methods called lately, at most this many. */
const BUDGETS_WATCHED = 2000;
const BUDGET_WATCH_MS = 10 * 60_000;

type QueueCounts = Record<string, number>;

/**
 * The Prometheus series of one app instance, on a registry of its own (several apps in one process, as in tests,
 * never share or collide). Recording is always on and costs a counter increment; whether anyone may read the
 * registry is decided by the routes (`METRICS_TOKEN`). Labels are bounded: route patterns, methods, providers,
 * outcomes, reasons, platforms, Slack workspace ids; never a user's id, an e-mail address, a token or a message.
 */
export function createMetrics(options: { processFigures: boolean; clock?: () => number }) {
  const clock = options.clock ?? (() => Date.now());
  const registry = new Registry();
  if (options.processFigures) collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const name = (suffix: string) => `${METRIC_PREFIX}${suffix}`;

  /** A counter of ours, by `labels`. */
  const counter = <L extends string>(suffix: string, help: string, labelNames: readonly L[] = []) =>
    new Counter<L>({ name: name(suffix), help, labelNames, registers });
  const histogram = <L extends string>(
    suffix: string,
    help: string,
    buckets: number[],
    labelNames: readonly L[],
  ) => new Histogram<L>({ name: name(suffix), help, labelNames, buckets, registers });

  const httpRequests = counter(
    'http_requests_total',
    'HTTP requests answered, by route pattern, method and status code',
    ['route', 'method', 'status'],
  );
  const httpDuration = histogram(
    'http_request_duration_seconds',
    'Time to answer an HTTP request, by route pattern, method and status class',
    [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    ['route', 'method', 'status_class'],
  );
  const providerCalls = counter(
    'provider_calls_total',
    'Calls to Slack, ChatWork and Google, by provider, method and outcome (ok, budget_used_up or the failure)',
    ['provider', 'method', 'outcome'],
  );
  const providerDuration = histogram(
    'provider_call_duration_seconds',
    'Time a provider call took, by provider and method',
    [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    ['provider', 'method'],
  );
  const slackEvents = counter(
    'slack_events_received_total',
    'Signed Slack Events API callbacks received, by event type',
    ['type'],
  );
  const slackDuplicates = counter(
    'slack_events_duplicate_total',
    'Slack events delivered again (a retry of an event already taken) and dropped',
  );
  const slackLag = histogram(
    'slack_event_lag_seconds',
    "Time from a Slack event's event_time to its arrival here",
    [0.5, 1, 2, 5, 10, 30, 60, 300, 900, 3600],
    [],
  );
  const chatworkWebhooks = counter(
    'chatwork_webhooks_received_total',
    'ChatWork webhook requests received, by outcome (accepted, refused)',
    ['outcome'],
  );
  const gatherings = counter(
    'gathering_accounts_total',
    'Accounts gathered, by platform and outcome (completed, error)',
    ['platform', 'outcome'],
  );
  const signIns = counter('sign_ins_total', 'Successful sign-ins');
  const refusals = counter('auth_refusals_total', 'Sign-ins and authenticated requests refused, by reason', [
    'reason',
  ]);
  const rateLimited = counter(
    'rate_limited_total',
    'Requests refused by one of our own rate limits, by budget',
    ['budget'],
  );
  const tokenRequests = counter(
    'oauth_token_requests_total',
    "Requests to a provider's token endpoint, by provider, grant (authorization_code, refresh_token) and outcome",
    ['provider', 'grant', 'outcome'],
  );
  const socialSignIns = counter(
    'social_sign_ins_total',
    "Returns from Google's or GitHub's consent page, by provider and outcome (completed, or why not)",
    ['provider', 'outcome'],
  );
  const pushSends = counter(
    'push_sends_total',
    'Web Push notifications sent to devices, by outcome (sent, gone, refused, unreachable, unreadable)',
    ['outcome'],
  );
  const jobs = counter(
    'jobs_total',
    'Background jobs (BullMQ) run by this process, by queue and outcome (completed, retried, failed)',
    ['queue', 'outcome'],
  );

  /** Figures read when scraped: each source is asked then, so the gauges are never stale. */
  const queueSources = new Map<string, () => Promise<QueueCounts>>();
  new Gauge({
    name: name('queue_jobs'),
    help: 'Jobs in each BullMQ queue, by state (waiting, active, delayed, failed); only with REDIS_URL',
    labelNames: ['queue', 'state'] as const,
    registers,
    async collect() {
      this.reset();
      for (const [queue, counts] of queueSources) {
        const figures = await counts().catch(() => ({}) as QueueCounts);
        for (const [state, count] of Object.entries(figures)) this.set({ queue, state }, count);
      }
    },
  });
  let openStreams: (() => number) | undefined;
  new Gauge({
    name: name('live_streams_open'),
    help: 'Live event streams (server-sent events) open on this instance',
    registers,
    collect() {
      this.set(openStreams?.() ?? 0);
    },
  });
  let liveSessions: (() => Promise<number>) | undefined;
  new Gauge({
    name: name('sessions_live'),
    help: 'Sign-ins (sessions) that have not ended or expired, across every instance',
    registers,
    async collect() {
      if (liveSessions) this.set(await liveSessions().catch(() => 0));
    },
  });
  const budgetsSeen = new LRUCache<string, { workspace: string; method: string }>({
    max: BUDGETS_WATCHED,
    ttl: BUDGET_WATCH_MS,
    ttlAutopurge: false,
    perf: { now: clock },
  });
  let budgetLeft: ((workspace: string, method: string) => Promise<number>) | undefined;
  new Gauge({
    name: name('provider_budget_remaining'),
    help: 'Slack calls still allowed in the sliding minute, by workspace and method (workspaces called in the last 10 minutes)',
    labelNames: ['provider', 'workspace', 'method'] as const,
    registers,
    async collect() {
      this.reset();
      if (!budgetLeft) return;
      for (const { workspace, method } of budgetsSeen.values()) {
        const left = await budgetLeft(workspace, method).catch(() => undefined);
        if (left !== undefined) this.set({ provider: 'slack', workspace, method }, left);
      }
    },
  });

  const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

  return {
    registry,

    /** One answered request; `route` is the route's pattern (`/api/tags/:id`), or `unmatched`. */
    request(route: string, method: string, status: number, seconds: number): void {
      httpRequests.inc({ route, method, status: String(status) });
      httpDuration.observe({ route, method, status_class: statusClass(status) }, seconds);
    },

    providerCall: ((call) => {
      providerCalls.inc({ provider: call.provider, method: call.method, outcome: call.outcome });
      providerDuration.observe({ provider: call.provider, method: call.method }, call.seconds);
      if (call.workspace && call.provider === 'slack' && call.method !== 'search.messages') {
        const key = `${call.workspace}\u0000${call.method}`;
        budgetsSeen.set(key, { workspace: call.workspace, method: call.method });
      }
    }) satisfies ProviderCallObserver as ProviderCallObserver,

    tokenRequest: ((request) => {
      tokenRequests.inc({ provider: request.provider, grant: request.grant, outcome: request.outcome });
    }) satisfies TokenRequestObserver as TokenRequestObserver,

    pushSent: ((outcome) => {
      pushSends.inc({ outcome });
    }) satisfies PushSendObserver as PushSendObserver,

    slackEvent(type: string, eventTimeSeconds: number | undefined): void {
      slackEvents.inc({ type });
      if (eventTimeSeconds !== undefined) {
        slackLag.observe(Math.max(0, clock() / 1000 - eventTimeSeconds));
      }
    },
    slackDuplicate(): void {
      slackDuplicates.inc();
    },
    chatworkWebhook(verified: boolean): void {
      chatworkWebhooks.inc({ outcome: verified ? 'accepted' : 'refused' });
    },
    gathered(platform: string, statuses: readonly string[]): void {
      for (const outcome of statuses) gatherings.inc({ platform, outcome });
    },

    /** Sign-ins, refusals and rate limits, from the security events every route already reports. */
    securityEvent(event: SecurityEvent): void {
      switch (event.event) {
        case 'signed_in':
          signIns.inc();
          return;
        case 'sign_in_failed':
          refusals.inc({ reason: 'wrong_credentials' });
          return;
        case 'sign_in_locked':
          refusals.inc({ reason: 'locked' });
          return;
        case 'refresh_token_reused':
          refusals.inc({ reason: 'refresh_token_reused' });
          return;
        case 'access_denied':
          refusals.inc({ reason: event.reason });
          return;
        case 'rate_limited':
          rateLimited.inc({ budget: event.budget });
          return;
        case 'provider_signature_refused':
          refusals.inc({ reason: `${event.provider}_signature` });
          return;
        case 'social_sign_in':
          socialSignIns.inc({ provider: event.provider, outcome: event.outcome });
          return;
        case 'input_rejected':
          return;
      }
    },

    /** Counts a BullMQ worker's jobs: a failure with attempts left is a retry. */
    watchWorker(queue: string, worker: Worker): void {
      worker.on('completed', () => jobs.inc({ queue, outcome: 'completed' }));
      worker.on('failed', (job) => {
        const retried = job !== undefined && job.attemptsMade < (job.opts.attempts ?? 1);
        jobs.inc({ queue, outcome: retried ? 'retried' : 'failed' });
      });
    },
    /** The queues whose depth to report (those that exist: only with REDIS_URL). */
    watchQueues(queues: Record<string, (() => Promise<QueueCounts>) | undefined>): void {
      for (const [queue, counts] of Object.entries(queues)) if (counts) queueSources.set(queue, counts);
    },
    watchStreams(count: () => number): void {
      openStreams = count;
    },
    watchSessions(count: () => Promise<number>): void {
      liveSessions = count;
    },
    watchSlackBudget(left: (workspace: string, method: string) => Promise<number>): void {
      budgetLeft = left;
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
