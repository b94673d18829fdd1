import type * as BullMQ from 'bullmq';
import type { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Scheduler } from './scheduler.ts';
import { queueTelemetry } from '../tracing/tracing-switch.ts';

export type QueueCounts = Record<'waiting' | 'active' | 'delayed' | 'failed', number>;
/** Given each BullMQ worker a process runs, with its queue's name (the metrics count its jobs). */
export type WorkerObserver = (queue: string, worker: Worker) => void;

/**
 * The scheduler of several instances (DESIGN.md §7): every instance registers the same jobs as BullMQ job
 * schedulers, and only worker processes (`npm run worker`) run them, each run once whichever worker takes it.
 */
export function createQueueScheduler(options: {
  /** A connection for BullMQ's use only: it must not give up on commands (`maxRetriesPerRequest: null`). */
  connection: Redis;
  /** BullMQ as `openRedis` loaded it. */
  bullmq: typeof BullMQ;
  prefix: string;
  runJobs: boolean;
  onError: (job: string, error: unknown) => void;
  observeWorker?: WorkerObserver;
}): Scheduler & { counts(): Promise<QueueCounts> } {
  const queueOptions = {
    connection: options.connection,
    prefix: `${options.prefix}bull`,
    ...queueTelemetry(),
  };
  const queue = new options.bullmq.Queue('maintenance', queueOptions);
  const jobs = new Map<string, () => Promise<void>>();
  const worker = options.runJobs
    ? new options.bullmq.Worker(
        'maintenance',
        async (job) => {
          await jobs.get(job.name)?.();
        },
        { ...queueOptions, concurrency: 1 },
      )
    : undefined;
  worker?.on('failed', (job, error) => options.onError(job?.name ?? 'unknown', error));
  if (worker) options.observeWorker?.('maintenance', worker);
  queue.on('error', (error) => options.onError('maintenance', error));

  return {
    every(name, intervalMs, job) {
      jobs.set(name, job);
      queue
        .upsertJobScheduler(
          name,
          { every: intervalMs },
          { name, opts: { removeOnComplete: true, removeOnFail: 50 } },
        )
        .catch((error: unknown) => options.onError(name, error));
    },

    async close() {
      // A worker's close waits for the job it is running.
      await worker?.close();
      await queue.close();
    },

    async counts() {
      return (await queue.getJobCounts('waiting', 'active', 'delayed', 'failed')) as QueueCounts;
    },
  };
}
