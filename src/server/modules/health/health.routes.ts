import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthResponseSchema, type HealthResponse } from '../../../contract/health.ts';
import { apiErrorSchema } from '../../../contract/errors.ts';
import type { DatabaseKind } from '../../db/client.ts';
import type { QueueCounts } from '../../lib/queue-scheduler.ts';

export function healthRoutes(status: {
  db: DatabaseKind;
  version: string;
  ping: () => Promise<void>;
  slackIntake: () => Promise<HealthResponse['slack_intake']>;
  redis?: { ping: () => Promise<unknown>; queues: () => Promise<Record<string, QueueCounts>> };
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
  };
}
