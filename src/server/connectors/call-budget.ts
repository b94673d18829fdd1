import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { ProviderError } from './provider-error.ts';

export type BudgetRule = { points: number; durationSeconds: number };

/**
 * Our own count of calls to a provider per key (a ChatWork token, a Slack workspace and method), so that Matome
 * stops before the provider's limit instead of running into its 429s. An exhausted budget fails the call as
 * rate limited, with the time until it refills.
 */
export function createCallBudget(rule: BudgetRule) {
  const limiter = new RateLimiterMemory({ points: rule.points, duration: rule.durationSeconds });
  return {
    async spend(key: string, provider: string): Promise<void> {
      try {
        await limiter.consume(key);
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        throw new ProviderError('rate_limited', `${provider} call budget used up`, {
          retryAfterSeconds: Math.ceil(rejection.msBeforeNext / 1000),
        });
      }
    },
  };
}

export type CallBudget = ReturnType<typeof createCallBudget>;
