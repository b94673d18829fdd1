import { createHmac } from 'node:crypto';
import { z } from 'zod';
import type { Clock } from '../core/clock.ts';
import type { FixedWindowLimiter } from '../core/fixed-window-limiter.ts';

/**
 * How Slack sends events to an app's request URL (shared/providers/slack.md §2 and §5): signed, retried, and
 * limited per workspace and app.
 */
export const eventsConfigSchema = z.object({
  requestUrl: z.url(),
  signingSecret: z.string().min(1),
  /** Slack retries about immediately, after 1 minute and after 5 minutes; tests need not wait that long. */
  retryDelaysMs: z.array(z.number().int().nonnegative()).length(3).default([100, 1_000, 5_000]),
  /** Slack gives the app 3 seconds to answer. */
  ackTimeoutMs: z.number().int().positive().default(3_000),
  /** Slack's limit is 30,000 events per workspace and app an hour (docs.slack.dev/reference/events/app_rate_limited). */
  eventsPerHour: z.number().int().positive().default(30_000),
});
export type EventsConfig = z.infer<typeof eventsConfigSchema>;

/** Slack's `X-Slack-Retry-Reason` values for the failures the emulator can meet. */
export type RetryReason = 'http_timeout' | 'http_error' | 'connection_failed';

export interface DeliveryAttempt {
  type: 'event_callback' | 'app_rate_limited';
  /** Null for `app_rate_limited`, which has no event id. */
  eventId: string | null;
  teamId: string;
  /** 0 for the first attempt, then the `X-Slack-Retry-Num` sent. */
  attempt: number;
  status: number | null;
  /** The `X-Slack-Retry-Reason` sent: why the attempt before failed; null on the first attempt. */
  retryReason: RetryReason | null;
  /** Why this attempt failed; null when the app answered 2xx in time. */
  failure: RetryReason | null;
  at: string;
}

type Sending = Pick<DeliveryAttempt, 'type' | 'eventId' | 'teamId'>;

export const VERIFICATION_TOKEN = 'emulator-verification-token';
const maxRetries = 3;
const hourMs = 60 * 60 * 1000;

function sign(secret: string, timestamp: string, body: string): string {
  return `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex')}`;
}

function failureOf(error: unknown): RetryReason {
  return (error as { name?: unknown }).name === 'TimeoutError' ? 'http_timeout' : 'connection_failed';
}

export class SlackEventDelivery {
  readonly attempts: DeliveryAttempt[] = [];
  private config: EventsConfig | undefined;
  private readonly clock: Clock;
  private readonly limiter: FixedWindowLimiter;
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;
  /** The minute each workspace was last told it is rate limited, so it is told at most once a minute. */
  private readonly noticeMinutes = new Map<string, number>();

  constructor(clock: Clock, limiter: FixedWindowLimiter) {
    this.clock = clock;
    this.limiter = limiter;
  }

  get configured(): boolean {
    return this.config !== undefined;
  }

  configure(config: EventsConfig): void {
    this.config = config;
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  /**
   * Counts an event against its workspace's hourly limit. Over the limit the event is dropped and, once a minute,
   * the app is sent `app_rate_limited` instead.
   */
  admit(teamId: string, appId: string): boolean {
    if (!this.config) return false;
    const nowMs = this.clock.now();
    const key = `events ${appId} ${teamId}`;
    if (this.limiter.hit(key, this.config.eventsPerHour, hourMs, nowMs).allowed) return true;
    const minute = Math.floor(nowMs / 60_000) * 60;
    if (this.noticeMinutes.get(key) !== minute) {
      this.noticeMinutes.set(key, minute);
      const notice = {
        token: VERIFICATION_TOKEN,
        type: 'app_rate_limited',
        team_id: teamId,
        minute_rate_limited: minute,
        api_app_id: appId,
      };
      void this.attempt({ type: 'app_rate_limited', eventId: null, teamId }, JSON.stringify(notice), 0, null);
    }
    return false;
  }

  send(sending: Sending, payload: unknown): void {
    void this.attempt(sending, JSON.stringify(payload), 0, null);
  }

  private async attempt(sending: Sending, body: string, attempt: number, retryReason: RetryReason | null) {
    const config = this.config;
    if (!config) return;
    const timestamp = String(this.clock.nowSeconds());
    let status: number | null = null;
    let failure: RetryReason | null = null;
    try {
      const response = await fetch(config.requestUrl, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          'content-type': 'application/json',
          'x-slack-request-timestamp': timestamp,
          'x-slack-signature': sign(config.signingSecret, timestamp, body),
          ...(retryReason
            ? { 'x-slack-retry-num': String(attempt), 'x-slack-retry-reason': retryReason }
            : {}),
        },
        body,
        signal: AbortSignal.timeout(config.ackTimeoutMs),
      });
      status = response.status;
      if (status < 200 || status >= 300) failure = 'http_error';
      // The status is the acknowledgement; a body cut short after it changes nothing.
      await response.arrayBuffer().catch(() => undefined);
    } catch (error) {
      failure = failureOf(error);
    }
    const at = new Date(this.clock.now()).toISOString();
    this.attempts.push({ ...sending, attempt, status, retryReason, failure, at });
    // An attempt still under way when the emulator closes schedules no retry.
    if (!failure || attempt >= maxRetries || this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.attempt(sending, body, attempt + 1, failure);
    }, config.retryDelaysMs[attempt]);
    this.timers.add(timer);
  }
}
