import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { EmulatorContext } from '../core/emulator-server.ts';
import type { SlackStore } from './slack-store.ts';

/**
 * The Events API, as the app's request URL sees it (shared/providers/slack.md §5): a message posted through the
 * control call `POST /_control/events/post` (as any seeded user) is delivered as a signed `event_callback` to the
 * request URL set with `POST /_control/events/config`. A delivery that is not answered 2xx within 3 seconds is
 * retried 3 times with `X-Slack-Retry-Num` and `X-Slack-Retry-Reason`, as Slack does, but after
 * `retryDelaysMs` instead of Slack's immediately, 1 minute and 5 minutes. Every attempt is recorded
 * (`GET /_control/events/deliveries`).
 */
const configSchema = z.object({
  requestUrl: z.url(),
  signingSecret: z.string().min(1),
  retryDelaysMs: z.array(z.number().int().nonnegative()).length(3).default([100, 1_000, 5_000]),
});

const postSchema = z.object({
  channel: z.string().min(1),
  user: z.string().min(1),
  text: z.string().min(1),
  thread_ts: z.string().optional(),
});

type Delivery = { eventId: string; attempt: number; status: number | null; at: string };

const ACK_TIMEOUT_MS = 3_000;
const channelTypes = { public: 'channel', private: 'group', im: 'im', mpim: 'mpim' } as const;

function sign(secret: string, timestamp: string, body: string): string {
  return `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex')}`;
}

export function slackEventsRoutes(app: FastifyInstance, context: EmulatorContext<SlackStore>): void {
  let config: z.infer<typeof configSchema> | undefined;
  const deliveries: Delivery[] = [];
  const timers = new Set<NodeJS.Timeout>();
  app.addHook('onClose', async () => {
    for (const timer of timers) clearTimeout(timer);
  });

  async function deliver(eventId: string, body: string, attempt: number): Promise<void> {
    if (!config) return;
    const timestamp = String(Math.floor(context.clock.now() / 1000));
    let status: number | null;
    try {
      const response = await fetch(config.requestUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-slack-request-timestamp': timestamp,
          'x-slack-signature': sign(config.signingSecret, timestamp, body),
          ...(attempt > 0
            ? { 'x-slack-retry-num': String(attempt), 'x-slack-retry-reason': 'http_error' }
            : {}),
        },
        body,
        signal: AbortSignal.timeout(ACK_TIMEOUT_MS),
      });
      status = response.status;
      await response.arrayBuffer();
    } catch {
      status = null;
    }
    deliveries.push({ eventId, attempt, status, at: new Date(context.clock.now()).toISOString() });
    const ok = status !== null && status >= 200 && status < 300;
    if (ok || attempt >= 3) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      void deliver(eventId, body, attempt + 1);
    }, config.retryDelaysMs[attempt]);
    timers.add(timer);
  }

  app.post('/_control/events/config', async (request, reply) => {
    const parsed = configSchema.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ error: 'invalid_control_request' });
    config = parsed.data;
    return { ok: true };
  });

  app.get('/_control/events/deliveries', async () => ({ deliveries }));

  app.post('/_control/events/post', async (request, reply) => {
    const parsed = postSchema.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ error: 'invalid_control_request' });
    const { channel, user, text, thread_ts } = parsed.data;
    const store = context.state();
    const teamId = store.teamOfUser(user);
    const conversation = teamId ? store.visibleConversation(channel, teamId, user) : undefined;
    if (!teamId || !conversation) return reply.code(404).send({ error: 'channel_not_found' });
    const nowMs = context.clock.now();
    const posted = store.postMessage({ channel, user, text, ...(thread_ts ? { thread_ts } : {}) }, nowMs);
    // One installation that can see the conversation, as Slack names at most one.
    const authorized = store
      .installedUsers(teamId, nowMs)
      .find((member) => conversation.kind === 'public' || conversation.members.includes(member));
    const eventId = `Ev${randomBytes(6).toString('hex').toUpperCase()}`;
    if (config && authorized) {
      const body = JSON.stringify({
        token: 'emulator-verification-token',
        team_id: teamId,
        api_app_id: 'A0MATOME',
        event: {
          type: 'message',
          channel,
          user,
          text,
          ts: posted.ts,
          event_ts: posted.ts,
          channel_type: channelTypes[conversation.kind],
          ...(thread_ts ? { thread_ts } : {}),
        },
        type: 'event_callback',
        event_id: eventId,
        event_time: Math.floor(nowMs / 1000),
        authorizations: [
          {
            enterprise_id: null,
            team_id: teamId,
            user_id: authorized,
            is_bot: false,
            is_enterprise_install: false,
          },
        ],
        is_ext_shared_channel: false,
      });
      void deliver(eventId, body, 0);
    }
    return { ok: true, ts: posted.ts, event_id: config && authorized ? eventId : null };
  });
}
