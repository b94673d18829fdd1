import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '../../../contract/health.ts';
import { apiErrorSchema } from '../../../contract/errors.ts';
import type { DatabaseKind } from '../../db/client.ts';

export function healthRoutes(status: { db: DatabaseKind; version: string; ping: () => Promise<void> }) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/health',
      {
        schema: {
          tags: ['health'],
          summary: 'Whether the server and its database answer',
          response: { 200: healthResponseSchema, 500: apiErrorSchema },
        },
      },
      async () => {
        await status.ping();
        return { status: 'ok' as const, db: status.db, version: status.version };
      },
    );
  };
}
