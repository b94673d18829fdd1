import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';

export type LimiterRule = { points: number; durationSeconds: number };

/**
 * Makes the counters behind rate limits and provider call budgets. In one process they live in memory; with Redis
 * every instance counts in the same keys, so two instances together stay within one limit. `name` keeps the
 * counters of different limits apart and must be the same on every instance for the same limit.
 */
export type Limiters = (name: string, rule: LimiterRule) => RateLimiterAbstract;

export const memoryLimiters: Limiters = (_name, rule) =>
  new RateLimiterMemory({ points: rule.points, duration: rule.durationSeconds });

export function redisLimiters(redis: Redis, prefix: string): Limiters {
  return (name, rule) =>
    new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${prefix}limit:${name}`,
      points: rule.points,
      duration: rule.durationSeconds,
    });
}
