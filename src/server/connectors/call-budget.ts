import { RateLimiterRes } from 'rate-limiter-flexible';
import { memoryLimiters, type Limiters } from '../lib/limiters.ts';
import { ProviderError } from './provider-error.ts';

export type BudgetRule = { points: number; durationSeconds: number };

/** What a provider says of its own count, from its rate-limit headers. */
export type ProviderCount = { limit: number; remaining: number; resetInSeconds: number };

/**
 * Our own count of calls to a provider per key (a ChatWork account, a Slack workspace and method), so that Matome
 * stops before the provider's limit instead of running into its 429s. An exhausted budget fails the call as
 * rate limited, with the time until it refills. With `shared`, every instance spends from the same count.
 */
export function createCallBudget(rule: BudgetRule, shared?: { limiters: Limiters; name: string }) {
  const limiter = (shared?.limiters ?? memoryLimiters)(shared?.name ?? '', rule);

  function exhausted(provider: string, msBeforeNext: number): ProviderError {
    return new ProviderError('rate_limited', `${provider} call budget used up`, {
      retryAfterSeconds: Math.max(1, Math.ceil(msBeforeNext / 1000)),
    });
  }

  return {
    async spend(key: string, provider: string, points = 1): Promise<void> {
      try {
        await limiter.consume(key, points);
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        throw exhausted(provider, rejection.msBeforeNext);
      }
    },

    /**
     * Takes the provider's word where it counts more than we did (another client of the same account, calls
     * made before this process started), and stops calling until its reset when it has none left.
     */
    async observe(key: string, count: ProviderCount): Promise<void> {
      if (count.remaining <= 0) {
        await limiter.block(key, Math.max(1, count.resetInSeconds));
        return;
      }
      const ours = (await limiter.get(key))?.consumedPoints ?? 0;
      const theirs = Math.min(count.limit, rule.points) - count.remaining;
      if (theirs > ours) await limiter.penalty(key, theirs - ours);
    },
  };
}

export type CallBudget = ReturnType<typeof createCallBudget>;
