import type { FastifyInstance } from 'fastify';
import { checkSlackSignature } from '../../connectors/slack/slack-signature.ts';
import { slackEventsBodySchema, type SlackEventCallback } from '../../connectors/slack/slack-events.ts';
import { HttpError } from '../../lib/http-error.ts';
import { logSecurityEvent } from '../../lib/security-events.ts';
import type { WorkQueue } from '../../lib/work-queue.ts';
import type { SlackEventIntake } from './slack-event-intake.ts';

export type SlackEventsRoutesDeps = {
  /** Unset: the endpoint refuses every request, as no request can be verified. */
  signingSecret: string | undefined;
  intake: SlackEventIntake;
  queue: WorkQueue<SlackEventCallback>;
  /** Milliseconds since the epoch. */
  clock: () => number;
  /** Told of every signed event callback (its type and `event_time`) and of every retry dropped, for the metrics. */
  observe?: { received(type: string, eventTime: number | undefined): void; duplicate(): void };
};

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The Events API request URL. The signature covers the exact bytes Slack sent, so this plugin keeps the raw body
 * and parses it only after checking it. An event is acknowledged at once and handled from the queue: Slack wants
 * an answer within 3 seconds and retries otherwise.
 */
export function slackEventsRoutes(deps: SlackEventsRoutesDeps) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    app.post(
      '/slack/events',
      {
        schema: {
          tags: ['live'],
          summary: 'Slack Events API request URL (signed by Slack)',
          hide: true,
        },
      },
      async (request, reply) => {
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const check = deps.signingSecret
          ? checkSlackSignature({
              secret: deps.signingSecret,
              timestamp: header(request.headers['x-slack-request-timestamp']),
              signature: header(request.headers['x-slack-signature']),
              rawBody,
              now: Math.floor(deps.clock() / 1000),
            })
          : 'missing';
        if (check !== 'valid') {
          logSecurityEvent(request, {
            event: 'provider_signature_refused',
            provider: 'slack',
            reason: check,
          });
          throw new HttpError(401, 'The request is not signed by Slack', 'BAD_SIGNATURE');
        }
        let json: unknown;
        try {
          json = JSON.parse(rawBody.toString('utf8'));
        } catch {
          throw new HttpError(400, 'The body is not JSON', 'BAD_REQUEST');
        }
        const parsed = slackEventsBodySchema.safeParse(json);
        // A signed body of a kind this app does not subscribe to is acknowledged, so Slack does not retry it.
        if (!parsed.success) return reply.code(200).send({ ok: true });
        const body = parsed.data;
        if (body.type === 'url_verification') return reply.code(200).send({ challenge: body.challenge });
        if (body.type === 'app_rate_limited') {
          request.log.warn(
            { team: body.team_id, minute: body.minute_rate_limited },
            'Slack stopped delivering events of the workspace to this app (30,000 an hour); search fills in',
          );
          await deps.intake.paused(body.team_id, body.minute_rate_limited);
          return reply.code(200).send({ ok: true });
        }
        deps.observe?.received(body.event.type, body.event_time);
        if (await deps.intake.firstDelivery(body.event_id)) {
          await deps.queue.add(body);
        } else {
          deps.observe?.duplicate();
          request.log.info(
            { eventId: body.event_id, retry: header(request.headers['x-slack-retry-num']) },
            'a Slack event delivered again was dropped',
          );
        }
        return reply.code(200).send({ ok: true });
      },
    );
  };
}
