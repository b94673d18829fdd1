import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/** The Redis the tests use: TEST_REDIS_URL, else the one on this machine (CI runs one too). */
export const testRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether Redis answers; tests that need it are skipped when it does not. */
export async function redisReachable(): Promise<boolean> {
  const probe = new Redis(testRedisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/** A key prefix of one test's own, so parallel runs never see each other's keys or channels. */
export function testRedisPrefix(): string {
  return `matome-test:${randomBytes(6).toString('hex')}:`;
}

/** Removes every key under `prefix`. */
export async function dropRedisPrefix(prefix: string): Promise<void> {
  const redis = new Redis(testRedisUrl);
  try {
    for await (const keys of redis.scanStream({ match: `${prefix}*`, count: 500 }) as AsyncIterable<
      string[]
    >) {
      if (keys.length > 0) await redis.unlink(...keys);
    }
  } finally {
    await redis.quit();
  }
}
