import * as bullmq from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { ConnectionRow } from '../connections/connections.repo.ts';
import { dropRedisPrefix, redisReachable, testRedisPrefix, testRedisUrl } from '../../test/redis-helpers.ts';
import { createInProcessHistoryRetries, createQueuedHistoryRetries } from './history-retries.ts';

const reachable = await redisReachable();
const row = (id: string) => ({ id, userId: `user-${id}` }) as ConnectionRow;

describe('histories searched again later', () => {
  it('in one process: once per connection however often it is asked, and never after closing', async () => {
    const caughtUp: string[] = [];
    const retries = createInProcessHistoryRetries(
      () => async (connection) => void caughtUp.push(connection.id),
      (error) => {
        throw error;
      },
    );
    retries.later(row('a'), 0.05);
    retries.later(row('a'), 0.05);
    retries.later(row('b'), 0.05);
    await vi.waitFor(() => expect(caughtUp.sort()).toEqual(['a', 'b']));
    await retries.close();
    retries.later(row('c'), 0.01);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(caughtUp.sort()).toEqual(['a', 'b']);
  });
});

describe.skipIf(!reachable)('histories searched again later by a worker (Redis)', () => {
  const prefix = testRedisPrefix();
  const connection = new Redis(testRedisUrl, { maxRetriesPerRequest: null });
  afterAll(async () => {
    await dropRedisPrefix(prefix);
    connection.disconnect();
  });

  it('runs each waiting connection once, in the worker, with the connection found again', async () => {
    const caughtUp: string[] = [];
    const asked = createQueuedHistoryRetries({
      connection,
      bullmq,
      prefix,
      runJobs: false,
      connectionOf: async () => undefined,
      catchUp: () => async () => undefined,
      onError: (error) => {
        throw error;
      },
    });
    const worker = createQueuedHistoryRetries({
      connection,
      bullmq,
      prefix,
      runJobs: true,
      connectionOf: async (userId, connectionId) => (connectionId === 'gone' ? undefined : row(connectionId)),
      catchUp: () => async (found) => void caughtUp.push(`${found.userId}:${found.id}`),
      onError: (error) => {
        throw error;
      },
    });
    asked.later(row('x'), 0.2);
    asked.later(row('x'), 0.2);
    asked.later(row('gone'), 0.2);
    await vi.waitFor(() => expect(caughtUp).toEqual(['user-x:x']), { timeout: 5_000 });
    await vi.waitFor(async () => expect((await asked.counts!()).delayed).toBe(0));
    await asked.close();
    await worker.close();
  });

  it('queues the next attempt of a history refused again while its job runs', async () => {
    let attempts = 0;
    const retries = createQueuedHistoryRetries({
      connection,
      bullmq,
      prefix,
      runJobs: true,
      connectionOf: async (_userId, connectionId) => row(connectionId),
      catchUp: () => async (found) => {
        attempts += 1;
        // Refused by the budget again: the history waits another moment, from inside the running job.
        if (attempts < 3) retries.later(found, 1.1);
      },
      onError: (error) => {
        throw error;
      },
    });
    retries.later(row('y'), 0.1);
    await vi.waitFor(() => expect(attempts).toBe(3), { timeout: 10_000 });
    await retries.close();
  });
});
