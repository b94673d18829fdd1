import type * as BullMQ from 'bullmq';
import type { Redis } from 'ioredis';
import type { QueueCounts, WorkerObserver } from '../../lib/queue-scheduler.ts';
import type { ConnectionRow } from '../connections/connections.repo.ts';
import { queueTelemetry } from '../../tracing/tracing-switch.ts';

/**
 * A Slack history the workspace's search budget had no room for is searched again later, in the background
 * (issue 22): in this process by a timer, or with Redis as a delayed BullMQ job that a worker runs. Each connection
 * waits at most once at a time.
 */
export interface HistoryRetries {
  later(row: ConnectionRow, afterSeconds: number): void;
  counts?(): Promise<QueueCounts>;
  close(): Promise<void>;
}

export type CatchUp = (row: ConnectionRow) => Promise<void>;

export function createInProcessHistoryRetries(catchUp: () => CatchUp, onError: (error: unknown) => void) {
  const timers = new Map<string, NodeJS.Timeout>();
  let closed = false;
  const retries: HistoryRetries = {
    later(row, afterSeconds) {
      if (closed || timers.has(row.id)) return;
      const timer = setTimeout(() => {
        timers.delete(row.id);
        void catchUp()(row).catch(onError);
      }, afterSeconds * 1000);
      timer.unref();
      timers.set(row.id, timer);
    },
    async close() {
      closed = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
  return retries;
}

type HistoryJob = { userId: string; connectionId: string };

/** Histories searched by whichever worker takes the job; the job finds the connection again, if it still exists. */
export function createQueuedHistoryRetries(options: {
  connection: Redis;
  /** BullMQ as `openRedis` loaded it. */
  bullmq: typeof BullMQ;
  prefix: string;
  runJobs: boolean;
  connectionOf: (userId: string, connectionId: string) => Promise<ConnectionRow | undefined>;
  catchUp: () => CatchUp;
  onError: (error: unknown) => void;
  observeWorker?: WorkerObserver;
}): HistoryRetries {
  const queueOptions = {
    connection: options.connection,
    prefix: `${options.prefix}bull`,
    ...queueTelemetry(),
  };
  const queue = new options.bullmq.Queue<HistoryJob>('slack-history', queueOptions);
  queue.on('error', options.onError);
  const worker = options.runJobs
    ? new options.bullmq.Worker<HistoryJob>(
        'slack-history',
        async (job) => {
          const row = await options.connectionOf(job.data.userId, job.data.connectionId);
          if (row) await options.catchUp()(row);
        },
        { ...queueOptions, concurrency: 2 },
      )
    : undefined;
  worker?.on('failed', (_job, error) => options.onError(error));
  worker?.on('error', options.onError);
  if (worker) options.observeWorker?.('slack-history', worker);
  return {
    later(row, afterSeconds) {
      // One job per connection and second it is due: refusals of the same moment share it, and a job that is
      // refused again while it runs can still queue its next attempt (a job's own id is taken until it ends).
      const dueSecond = Math.ceil((Date.now() + afterSeconds * 1000) / 1000);
      queue
        .add(
          'catch-up',
          { userId: row.userId, connectionId: row.id },
          {
            jobId: `history-${row.id}-${dueSecond}`,
            delay: afterSeconds * 1000,
            removeOnComplete: true,
            removeOnFail: true,
          },
        )
        .catch(options.onError);
    },
    async counts() {
      return (await queue.getJobCounts('waiting', 'active', 'delayed', 'failed')) as QueueCounts;
    },
    async close() {
      await worker?.close();
      await queue.close();
    },
  };
}
