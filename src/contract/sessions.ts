import { z } from 'zod/mini';
import { inputText } from './text.ts';

/** A session ends 30 days after its sign-in, however much it is used. */
export const SESSION_LIFETIME_SECONDS = 30 * 24 * 60 * 60;
/** …and after 7 days without use (an open tab refreshes every few minutes, which counts as use). */
export const SESSION_IDLE_LIMIT_SECONDS = 7 * 24 * 60 * 60;

export const authSessionSchema = z.object({
  id: z.uuid(),
  /** Browser and system as read from the User-Agent ("Chrome 130 on macOS"); null when unrecognisable. */
  device: z.nullable(z.string()),
  userAgent: z.nullable(z.string()),
  ipAddress: z.nullable(z.string()),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  /** The session the request was made with. */
  current: z.boolean(),
});
export type AuthSession = z.infer<typeof authSessionSchema>;

export const sessionsResponseSchema = z.object({ sessions: z.array(authSessionSchema) });
export const sessionParamsSchema = z.object({ id: inputText().check(z.minLength(1), z.maxLength(100)) });
