import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  db: z.enum(['pglite', 'postgres']),
  version: z.string(),
  /** Present when several instances share Redis (REDIS_URL): it answered, and the background queues' job counts. */
  redis: z
    .object({
      status: z.literal('ok'),
      queues: z.record(
        z.string(),
        z.object({ waiting: z.number(), active: z.number(), delayed: z.number(), failed: z.number() }),
      ),
    })
    .optional(),
  /** Slack workspaces with connected members, by how their messages reach Matome (counts only). */
  slack_intake: z.object({
    /** An app-level token is set, so private conversations reach every member live. */
    private_live: z.boolean(),
    workspaces: z.object({
      live: z.number().int(),
      catching_up: z.number().int(),
      polling: z.number().int(),
      interrupted: z.number().int(),
    }),
  }),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
