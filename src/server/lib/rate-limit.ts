import { RateLimiterRes } from 'rate-limiter-flexible';
import { HttpError } from './http-error.ts';
import { memoryLimiters, type Limiters } from './limiters.ts';

export type RateLimitRule = { points: number; durationSeconds: number };

const RATE_LIMITED_MESSAGE = 'Too many attempts. Please try again later.';

export function tooManyRequests(msBeforeNext: number): HttpError {
  const retryAfter = String(Math.max(1, Math.ceil(msBeforeNext / 1000)));
  return new HttpError(429, RATE_LIMITED_MESSAGE, 'RATE_LIMITED', { 'Retry-After': retryAfter });
}

/**
 * A fixed-window budget per key. `consume` spends a point before the work it guards (the count is taken in the
 * same step as the decision, so concurrent callers cannot all slip under the limit); `refund` gives it back for
 * outcomes the budget should not count, such as a successful sign-in. With `shared`, every instance spends from
 * the same count.
 */
export function createRateLimit(rule: RateLimitRule, shared?: { limiters: Limiters; name: string }) {
  const limiter = (shared?.limiters ?? memoryLimiters)(shared?.name ?? '', rule);
  return {
    async consume(key: string): Promise<void> {
      try {
        await limiter.consume(key);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) throw tooManyRequests(rejection.msBeforeNext);
        throw rejection;
      }
    },

    async refund(key: string): Promise<void> {
      await limiter.reward(key, 1);
    },
  };
}

export type RateLimit = ReturnType<typeof createRateLimit>;
