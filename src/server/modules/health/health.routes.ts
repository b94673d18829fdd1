import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  healthResponseSchema,
  livenessResponseSchema,
  readinessResponseSchema,
  type HealthResponse,
} from '../../../contract/health.ts';
import { apiErrorSchema } from '../../../contract/errors.ts';
import type { DatabaseKind } from '../../db/client.ts';
import type { QueueCounts } from '../../lib/queue-scheduler.ts';
import type { Readiness } from './readiness.ts';

export function healthRoutes(status: {
  db: DatabaseKind;
  version: string;
  ping: () => Promise<void>;
  slackIntake: () => Promise<HealthResponse['slack_intake']>;
  redis?: { ping: () => Promise<unknown>; queues: () => Promise<Record<string, QueueCounts>> };
  readiness: Readiness;
}) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/health',
      {
        schema: {
          tags: ['health'],
          summary: 'Whether the server, its database and (with several instances) Redis answer',
          response: { 200: healthResponseSchema, 500: apiErrorSchema },
        },
      },
      async () => {
        await status.ping();
        const answer = {
          status: 'ok' as const,
          db: status.db,
          version: status.version,
          slack_intake: await status.slackIntake(),
        };
        if (!status.redis) return answer;
        await status.redis.ping();
        return { ...answer, redis: { status: 'ok' as const, queues: await status.redis.queues() } };
      },
    );

    // For load balancers, systemd and orchestrators' probes: no sign-in, no per-user limits, nothing expensive.
    app.withTypeProvider<ZodTypeProvider>().get(
      '/health/live',
      {
        schema: {
          tags: ['health'],
          summary: 'Whether the process answers (a liveness probe)',
          description: 'Always 200 while the process can answer HTTP; it checks nothing else.',
          response: { 200: livenessResponseSchema },
        },
      },
      async () => ({ status: 'alive' as const }),
    );

    app.withTypeProvider<ZodTypeProvider>().get(
      '/health/ready',
      {
        schema: {
          tags: ['health'],
          summary: 'Whether the instance should be sent traffic (a readiness probe)',
          description:
            'Checks that the database answers and has every migration this version ships, and, with REDIS_URL, that Redis and the background queues answer. 503 names the failing parts, and answers `starting` before the migrations are applied and `stopping` from the moment a shutdown begins.',
          response: { 200: readinessResponseSchema, 503: readinessResponseSchema },
        },
      },
      async (_request, reply) => {
        const answer = await status.readiness.probe();
        return reply.code(answer.status === 'ready' ? 200 : 503).send(answer);
      },
    );
  };
}
