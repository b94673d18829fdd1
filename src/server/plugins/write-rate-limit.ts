import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/http-error.ts';
import { createRateLimit, type RateLimitRule } from '../lib/rate-limit.ts';
import { logSecurityEvent } from '../lib/security-events.ts';
import { requireSubject } from './authentication.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * onRequest hook after `authenticate` on routes that store something for the user: spends one write from the
     * user's budget, or answers 429 with Retry-After.
     */
    limitWrites: (request: FastifyRequest) => Promise<void>;
  }
}

/** Generous for a person, bulk-tagging a page of messages included; it stops a script filling the database. */
export const WRITE_RATE_LIMIT: RateLimitRule = { points: 300, durationSeconds: 60 };

export function registerWriteRateLimit(app: FastifyInstance): void {
  const budget = createRateLimit(WRITE_RATE_LIMIT);
  app.decorate('limitWrites', async (request: FastifyRequest) => {
    try {
      await budget.consume(requireSubject(request).userId);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 429) {
        logSecurityEvent(request, { event: 'rate_limited', budget: 'writes per user' });
      }
      throw error;
    }
  });
}
