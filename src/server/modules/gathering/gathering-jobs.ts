import type * as BullMQ from 'bullmq';
import type { Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Platform } from '../../../contract/messages.ts';
import type { QueueCounts, WorkerObserver } from '../../lib/queue-scheduler.ts';
import type { MessagesService } from '../messages/messages.service.ts';
import { queueTelemetry } from '../../tracing/tracing-switch.ts';

/**
 * How often a user's messages of one platform are gathered in the background: just inside the 300 s the gathered
 * messages are cached, so a user who keeps the inbox open is answered from the cache. One gathering of a Slack
 * account costs a handful of Tier 2–3 calls per workspace; at this cadence a workspace of a hundred Matome users
 * still stays within Tier 2's 20 calls a minute only with the shared budgets, which hold the line either way.
 */
export const GATHER_EVERY_MS = 240_000;
/** Retries of a gathering whose accounts met provider faults, waiting 15 s, 30 s, 60 s. */
const GATHER_ATTEMPTS = 4;
const GATHER_BACKOFF_MS = 15_000;
/** Users whose messages nobody asked for in this long stop being gathered until they ask again. */
const IDLE_AFTER_MS = 60 * 60_000;
/** A web instance tells the queue of a user at most this often. */
const SCHEDULE_AGAIN_MS = 10 * 60_000;
const WORKER_CONCURRENCY = 4;

type GatherData = { userId: string; platform: Platform };

class ProviderFaults extends Error {}

const schedulerId = ({ userId, platform }: GatherData) => `gather:${userId}:${platform}`;

/**
 * Background gathering as BullMQ jobs (issue 16): a repeatable job per user and platform, made when the user asks
 * for messages and run by worker processes, so the web request answers from what the workers gathered. A job
 * whose accounts met provider faults is retried with backoff; a connection whose token was revoked costs no
 * provider call (it is `reauth_required` until reconnected); a user with nothing to gather, or who stopped asking,
 * loses the job.
 */
export function createGatheringJobs(options: {
  connection: Redis;
  /** BullMQ as `openRedis` loaded it. */
  bullmq: typeof BullMQ;
  prefix: string;
  runJobs: boolean;
  messages: () => MessagesService;
  clock: () => number;
  onError: (error: unknown) => void;
  observeWorker?: WorkerObserver;
}) {
  const queueOptions = {
    connection: options.connection,
    prefix: `${options.prefix}bull`,
    ...queueTelemetry(),
  };
  const queue = new options.bullmq.Queue<GatherData>('gathering', queueOptions);
  queue.on('error', options.onError);
  const lastAskedKey = (data: GatherData) => `${options.prefix}gather-asked:${data.userId}:${data.platform}`;
  const scheduledAt = new Map<string, number>();

  async function gather(job: Job<GatherData>): Promise<string> {
    const asked = Number(await options.connection.get(lastAskedKey(job.data)));
    const outcome =
      options.clock() - asked > IDLE_AFTER_MS
        ? 'idle'
        : await options.messages().gatherAhead(job.data.userId, job.data.platform);
    if (outcome === 'idle') await queue.removeJobScheduler(schedulerId(job.data));
    if (outcome === 'faults') throw new ProviderFaults('an account met provider faults');
    return outcome;
  }

  const worker = options.runJobs
    ? new options.bullmq.Worker<GatherData>('gathering', gather, {
        ...queueOptions,
        concurrency: WORKER_CONCURRENCY,
      })
    : undefined;
  worker?.on('failed', (_job, error) => {
    if (!(error instanceof ProviderFaults)) options.onError(error);
  });
  worker?.on('error', options.onError);
  if (worker) options.observeWorker?.('gathering', worker);

  return {
    /** The user asked for the platform's messages: keep gathering them in the background. */
    asked(userId: string, platform: Platform): void {
      const data = { userId, platform };
      const id = schedulerId(data);
      const now = options.clock();
      if (now - (scheduledAt.get(id) ?? 0) < SCHEDULE_AGAIN_MS) return;
      scheduledAt.set(id, now);
      Promise.all([
        options.connection.set(lastAskedKey(data), String(now), 'PX', IDLE_AFTER_MS * 2),
        queue.upsertJobScheduler(
          id,
          { every: GATHER_EVERY_MS },
          {
            name: 'gather',
            data,
            opts: {
              attempts: GATHER_ATTEMPTS,
              backoff: { type: 'exponential', delay: GATHER_BACKOFF_MS },
              removeOnComplete: true,
              removeOnFail: 100,
            },
          },
        ),
      ]).catch(options.onError);
    },

    async counts(): Promise<QueueCounts> {
      return (await queue.getJobCounts('waiting', 'active', 'delayed', 'failed')) as QueueCounts;
    },

    /** Takes no new job, waits for the running ones to finish. */
    async close(): Promise<void> {
      await worker?.close();
      await queue.close();
    },
  };
}

export type GatheringJobs = ReturnType<typeof createGatheringJobs>;
