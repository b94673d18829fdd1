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
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
