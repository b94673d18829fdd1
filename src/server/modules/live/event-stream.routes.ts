import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../contract/errors.ts';
import { streamQuerySchema, streamTicketResponseSchema } from '../../../contract/live.ts';
import { HttpError } from '../../lib/http-error.ts';
import { isForStream, streamData, type LiveEvent, type LiveEvents } from '../../lib/live-events.ts';
import { logSecurityEvent } from '../../lib/security-events.ts';
import { bearerSecurity, requireSubject } from '../../plugins/authentication.ts';
import type { SessionRevocation } from '../sessions/session-revocations.ts';
import { STREAM_TICKET_SECONDS, type StreamTickets } from './event-stream.service.ts';
import { createOpenStreams } from './open-streams.ts';

export type EventStreamRoutesDeps = {
  tickets: StreamTickets;
  liveEvents: LiveEvents;
  /** The sign-ins streams belong to: whether one is still live, and word of every one that ends, on any instance. */
  sessions: {
    isLive: (userId: string, sessionId: string) => Promise<boolean>;
    onEnded: (listener: (revocation: SessionRevocation) => void) => void;
  };
  heartbeatSeconds: number;
  /**
   * A stream ends after this long and the client opens a new one with a new ticket, which needs a live session and
   * a valid access token; a sign-out ends the sign-in's streams at once (decision 141).
   */
  maxStreamSeconds: number;
  /** What the browser waits before reconnecting, in milliseconds. */
  retryMs: number;
  /** Given the count of open streams, for the metrics. */
  watchOpen?: (count: () => number) => void;
};

/**
 * Streams one user may hold open on an instance (a tab each). Opening another ends their oldest, so a burst of
 * tickets cannot pile up connections and subscriptions.
 */
export const MAX_STREAMS_PER_USER = 10;

function frame(event: LiveEvent): string {
  return `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(streamData(event))}\n\n`;
}

export function eventStreamRoutes(deps: EventStreamRoutesDeps) {
  return async function register(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const streams = createOpenStreams(MAX_STREAMS_PER_USER);
    deps.watchOpen?.(() => streams.count());
    deps.sessions.onEnded((revocation) => streams.endRevoked(revocation));
    // The responses of open streams: a closing server ends them and does not wait for their sockets to finish.
    const responses = new Set<ServerResponse>();
    app.addHook('preClose', async () => {
      streams.endAll();
      // Decision 137's open question: an ended stream's socket closes only once its last bytes are sent, and a
      // browser that went away without hanging up (or whose hang-up has not arrived yet) never takes them, which
      // held the HTTP server's close past a minute. A stream has nothing left to say when the server stops: its
      // connection is dropped at once and the browser reconnects to another instance.
      for (const raw of responses) raw.destroy();
    });

    routes.post(
      '/events/ticket',
      {
        onRequest: [app.authenticate, app.limitWrites],
        schema: {
          tags: ['live'],
          summary: 'A single-use ticket for opening the live event stream',
          description: `Valid for ${STREAM_TICKET_SECONDS} s and one stream. The access token never goes in the stream's URL.`,
          security: bearerSecurity,
          response: { 200: streamTicketResponseSchema, 401: apiErrorSchema, 429: apiErrorSchema },
        },
      },
      async (request) => {
        const { userId, sessionFamilyId } = requireSubject(request);
        return {
          ticket: await deps.tickets.issue({ userId, sessionId: sessionFamilyId }),
          expires_in: STREAM_TICKET_SECONDS,
        };
      },
    );

    routes.get(
      '/events/stream',
      {
        schema: {
          tags: ['live'],
          summary: 'Server-sent events: new messages for the user as they arrive',
          description:
            'Opened with a ticket from POST /api/events/ticket, while the sign-in that asked for it lasts: ending that sign-in ends the stream. Each `messages` event has an id; reconnecting with `Last-Event-ID` (or `last_event_id`) replays what came after it within the last 5 minutes. Comment lines are heartbeats.',
          querystring: streamQuerySchema,
          response: { 401: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const owner = await deps.tickets.redeem(request.query.ticket);
        // Counted before the sign-in is checked, so that a sign-out while the check runs still ends it.
        const stream = owner ? streams.open(owner) : undefined;
        const live = owner ? await deps.sessions.isLive(owner.userId, owner.sessionId) : false;
        if (!owner || !stream || !live || stream.ended) {
          stream?.end();
          logSecurityEvent(request, { event: 'access_denied', reason: 'invalid_token' });
          throw new HttpError(
            401,
            'The stream ticket is unknown, used or expired, or its sign-in has ended',
            'UNAUTHENTICATED',
          );
        }
        const lastHeader = request.headers['last-event-id'];
        const afterId =
          (Array.isArray(lastHeader) ? lastHeader[0] : lastHeader) ?? request.query.last_event_id;

        reply.hijack();
        const raw = reply.raw;
        raw.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store',
          'x-accel-buffering': 'no',
          'x-content-type-options': 'nosniff',
          'x-request-id': request.id,
          // A stream's connection is not reused: when the stream ends, so does the connection, and a closing
          // server does not wait for it.
          connection: 'close',
        });
        raw.write(`retry: ${deps.retryMs}\n\n`);
        let unsubscribe: (() => void) | undefined;
        const heartbeat = setInterval(() => raw.write(': heartbeat\n\n'), deps.heartbeatSeconds * 1000);
        const lifetime = setTimeout(() => stream.end(), deps.maxStreamSeconds * 1000);
        stream.started(() => {
          clearInterval(heartbeat);
          clearTimeout(lifetime);
          unsubscribe?.();
          raw.end();
        });
        responses.add(raw);
        raw.on('close', () => {
          responses.delete(raw);
          stream.end();
        });
        const stop = await deps.liveEvents.subscribe(
          owner.userId,
          (event) => {
            if (isForStream(event, owner.sessionId)) raw.write(frame(event));
          },
          afterId,
        );
        // The client may have gone, or its sign-in ended, while the subscription was being made.
        if (stream.ended) stop();
        else unsubscribe = stop;
      },
    );
  };
}
