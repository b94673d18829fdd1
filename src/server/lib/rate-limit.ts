import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { HttpError } from './http-error.ts';

export type RateLimitRule = { points: number; durationSeconds: number };

const RATE_LIMITED_MESSAGE = 'Too many attempts. Please try again later.';

function tooManyRequests(msBeforeNext: number): HttpError {
  const retryAfter = String(Math.max(1, Math.ceil(msBeforeNext / 1000)));
  return new HttpError(429, RATE_LIMITED_MESSAGE, 'RATE_LIMITED', { 'Retry-After': retryAfter });
}

/**
 * A fixed-window budget per key. `consume` spends a point on every attempt; `assertOpen`, `penalise` and
 * `reset` count only failures, for budgets that successful callers should never exhaust.
 */
export function createRateLimit(rule: RateLimitRule) {
  const limiter = new RateLimiterMemory({ points: rule.points, duration: rule.durationSeconds });
  return {
    async consume(key: string): Promise<void> {
      try {
        await limiter.consume(key);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) throw tooManyRequests(rejection.msBeforeNext);
        throw rejection;
      }
    },

    async assertOpen(key: string): Promise<void> {
      const state = await limiter.get(key);
      if (state && state.consumedPoints >= rule.points) throw tooManyRequests(state.msBeforeNext);
    },

    async penalise(key: string): Promise<void> {
      await limiter.penalty(key, 1);
    },

    async reset(key: string): Promise<void> {
      await limiter.delete(key);
    },
  };
}

export type RateLimit = ReturnType<typeof createRateLimit>;
