import { z } from 'zod/mini';

/** The one error shape every API error uses. */
export const apiErrorSchema = z.object({
  statusCode: z.int(),
  error: z.string(),
  message: z.string(),
  code: z.optional(z.string()),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
