import type * as BullMQ from 'bullmq';
import type { Redis } from 'ioredis';

/**
 * The Redis connections of one process when `REDIS_URL` is set (DESIGN.md §2): one for commands, one held in
 * subscriber mode for pub/sub (a subscribed connection can send nothing else), one for BullMQ, which needs commands
 * that wait out a reconnection however long it takes. Every key and channel of this
 * deployment starts with `prefix`, so several deployments (or parallel test runs) can share one server.
 */
export type RedisConnections = {
  commands: Redis;
  subscriber: Redis;
  queues: Redis;
  /**
   * BullMQ, whose queues and workers use `queues`: some 250 modules with its dependencies, loaded with the connections
   * so that a server without Redis never pays for them (decision 164).
   */
  bullmq: typeof BullMQ;
  prefix: string;
  close(): Promise<void>;
};

/** Loads ioredis and BullMQ only here, when Redis is configured: a server without it never pays for them. */
export async function openRedis(url: string, prefix: string): Promise<RedisConnections> {
  const [{ Redis: RedisClient }, bullmq] = await Promise.all([import('ioredis'), import('bullmq')]);
  // A command waits while Redis reconnects, but not for ever: a request fails instead of hanging.
  const options = { maxRetriesPerRequest: 3, enableAutoPipelining: true };
  const commands = new RedisClient(url, { ...options, connectionName: 'matome-commands' });
  // No ready check here: ioredis writes SUBSCRIBE during the connection's handshake (it may run while Redis
  // loads), so on a busy start the check's INFO could follow it, be refused in subscriber mode, and fail the
  // subscription for good; the instance's streams would then never receive another instance's events.
  const subscriber = new RedisClient(url, {
    ...options,
    enableReadyCheck: false,
    connectionName: 'matome-subscriber',
  });
  const queues = new RedisClient(url, { maxRetriesPerRequest: null, connectionName: 'matome-queues' });
  return {
    commands,
    subscriber,
    queues,
    bullmq,
    prefix,
    async close() {
      await Promise.all([commands.quit(), subscriber.quit(), queues.quit()]);
    },
  };
}
