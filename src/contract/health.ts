import { z } from 'zod/mini';

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  db: z.enum(['pglite', 'postgres']),
  version: z.string(),
  /** Present when several instances share Redis (REDIS_URL): it answered, and the background queues' job counts. */
  redis: z.optional(
    z.object({
      status: z.literal('ok'),
      queues: z.record(
        z.string(),
        z.object({ waiting: z.number(), active: z.number(), delayed: z.number(), failed: z.number() }),
      ),
    }),
  ),
  /** Slack workspaces with connected members, by how their messages reach Matome (counts only). */
  slack_intake: z.object({
    /** An app-level token is set, so private conversations reach every member live. */
    private_live: z.boolean(),
    workspaces: z.object({
      live: z.int(),
      catching_up: z.int(),
      polling: z.int(),
      interrupted: z.int(),
    }),
  }),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** `GET /api/health/live`: the process answers. */
export const livenessResponseSchema = z.object({ status: z.literal('alive') });

/** A part the instance needs to serve: whether it answered as the app expects. */
export const readinessPartSchema = z.enum(['database', 'migrations', 'redis', 'queues']);
export type ReadinessPart = z.infer<typeof readinessPartSchema>;
const partState = z.enum(['ok', 'failing']);

/**
 * `GET /api/health/ready`: 200 when the instance can serve, 503 while it cannot: starting (before its migrations
 * are applied), stopping, or a part failing. Names the failing parts only, never addresses or errors.
 */
export const readinessResponseSchema = z.object({
  status: z.enum(['ready', 'starting', 'stopping', 'not_ready']),
  /** Each part that was checked (Redis and the queues only with REDIS_URL); none while starting or stopping. */
  checks: z.object({
    database: z.optional(partState),
    migrations: z.optional(partState),
    redis: z.optional(partState),
    queues: z.optional(partState),
  }),
  failing: z.array(readinessPartSchema),
});
export type ReadinessResponse = z.infer<typeof readinessResponseSchema>;
