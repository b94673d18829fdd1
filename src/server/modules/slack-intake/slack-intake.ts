import type * as BullMQ from 'bullmq';
import type { SlackSourceMessage } from '../../../contract/messages.ts';
import type { MessageRef } from '../../../contract/tags.ts';
import type { Gathered } from '../../connectors/connector-account.ts';
import type { SlackClient } from '../../connectors/slack/slack-client.ts';
import type { SlackEventCallback } from '../../connectors/slack/slack-events.ts';
import type { Database } from '../../db/client.ts';
import type { Cache } from '../../lib/cache.ts';
import type { LiveEvents } from '../../lib/live-events.ts';
import type { WorkerObserver } from '../../lib/queue-scheduler.ts';
import type { Redis } from 'ioredis';
import { createInProcessQueue } from '../../lib/work-queue.ts';
import type { ConnectionRow } from '../connections/connections.repo.ts';
import type { LiveChanges, LiveOutcome } from '../messages/live-merge.ts';
import { createInProcessHistoryRetries, createQueuedHistoryRetries } from './history-retries.ts';
import { createMemoryKeptMessages, createRedisKeptMessages } from './kept-messages.ts';
import { createSlackEventIntake, type SlackPosted } from './slack-event-intake.ts';
import { createSlackIntakeRepo } from './slack-intake.repo.ts';
import { createSlackIntakeService } from './slack-intake.service.ts';

export type SlackIntakeOptions = {
  db: Database;
  cache: Cache;
  /** Where kept messages live when several instances share Redis; in this process otherwise. */
  redis?: { client: Redis; prefix: string };
  liveEvents: LiveEvents;
  slack: SlackClient;
  appToken: string | undefined;
  search: (row: ConnectionRow, sharedMaxAgeSeconds: number) => Promise<Gathered<SlackSourceMessage>>;
  applyLiveChanges: (userId: string, changes: LiveChanges<'slack'>) => Promise<LiveOutcome<'slack'>>;
  clock: () => number;
  /** With Redis: histories wait in a BullMQ queue that workers (`runJobs`) take from. */
  queues?: {
    connection: Redis;
    bullmq: typeof BullMQ;
    prefix: string;
    runJobs: boolean;
    observeWorker?: WorkerObserver;
  };
  /** A message was deleted on Slack: what other modules keep of it (snoozes, done marks) goes too. */
  onMessageDeleted: (ref: MessageRef) => Promise<void>;
  /** A new message: whose turn it is in its conversation (docs/decisions/154). */
  onPosted?: (posted: SlackPosted) => Promise<void>;
  /** The connection of a queued history, if it still exists. */
  connectionOf: (userId: string, connectionId: string) => Promise<ConnectionRow | undefined>;
  log: {
    warn: (details: object, message: string) => void;
    error: (details: object, message: string) => void;
  };
};

/** The Slack intake's parts (issue 22): events in, each connection's inbox out, and the queue between. */
export function createSlackIntake(options: SlackIntakeOptions) {
  const repo = createSlackIntakeRepo(options.db);
  const kept = options.redis
    ? createRedisKeptMessages(options.redis.client, options.redis.prefix)
    : createMemoryKeptMessages();
  const events = createSlackEventIntake({
    repo,
    kept,
    cache: options.cache,
    liveEvents: options.liveEvents,
    applyLiveChanges: options.applyLiveChanges,
    slack: options.slack,
    appToken: options.appToken,
    clock: options.clock,
    onMessageDeleted: options.onMessageDeleted,
    ...(options.onPosted ? { onPosted: options.onPosted } : {}),
    onAudienceUnknown: (team, error) =>
      options.log.warn(
        { team, err: error },
        'Slack did not list who can see an event; they get it at their next search',
      ),
  });
  const onRetryError = (error: unknown) =>
    options.log.error({ err: error }, 'searching a Slack history in the background failed');
  const catchUp = () => service.catchUp;
  const retries = options.queues
    ? createQueuedHistoryRetries({
        ...options.queues,
        connectionOf: options.connectionOf,
        catchUp,
        onError: onRetryError,
      })
    : createInProcessHistoryRetries(catchUp, onRetryError);
  const service = createSlackIntakeService({
    repo,
    kept,
    search: options.search,
    searchBudgetLeft: (team) => options.slack.searchBudget.left(team),
    privateLive: options.appToken !== undefined,
    clock: options.clock,
    onCaughtUp: async (row, messages) => {
      const outcome = await options.applyLiveChanges(row.userId, { upsert: messages });
      const shown = [...outcome.added, ...outcome.changed];
      if (shown.length > 0) {
        await options.liveEvents.publish(row.userId, {
          type: 'messages',
          platform: 'slack',
          messages: shown,
        });
      }
    },
    retries,
  });
  const queue = createInProcessQueue<SlackEventCallback>(
    async (callback) => {
      await events.receive(callback);
    },
    (error) => options.log.error({ err: error }, 'handling a Slack event failed'),
  );
  return {
    events,
    service,
    queue,
    retries,
    async close(): Promise<void> {
      await retries.close();
      await queue.close();
    },
  };
}

export type SlackIntake = ReturnType<typeof createSlackIntake>;
