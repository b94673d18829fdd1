import { useQueries, useQueryClient, type QueryObserverResult } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { compareNewestFirst, toUnifiedMessage } from '../../../../contract/classification.ts';
import type {
  AccountLoadingState,
  AccountStats,
  MessageResultByPlatform,
  Platform,
  PlatformConnection,
  SourceMessage,
  UnifiedMessage,
} from '../../../../contract/messages.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { connectionMessagesQueryOptions, getConnectionMessages } from '../api/get-connection-messages.ts';

type MessageResult = MessageResultByPlatform[Platform];
type QueryOutcome = Pick<
  QueryObserverResult<MessageResult, Error>,
  'data' | 'error' | 'isFetching' | 'dataUpdatedAt'
>;

export interface TimelineAccount {
  connection: PlatformConnection;
  status: AccountLoadingState['status'];
  /** Why the account's messages are missing: the request failed, or the platform refused the server. */
  failure: { statusCode: number | null; code: string | undefined; message: string } | null;
  stats: AccountStats | undefined;
}

export interface Timeline {
  /** Newest first, each message once. */
  messages: UnifiedMessage[];
  accounts: TimelineAccount[];
  /** When the newest answer arrived; null before any. */
  updatedAt: number | null;
  /**
   * The list is not drawn yet: no account has answered, or the first has and the others may still answer with it
   * (`ANSWERS_TOGETHER_MS`).
   */
  isLoading: boolean;
  isFetching: boolean;
}

function accountOf(connection: PlatformConnection, result: QueryOutcome): TimelineAccount {
  const stats = result.data?.accounts[0];
  if (result.isFetching) return { connection, status: 'loading', failure: null, stats };
  if (result.error) {
    const error = result.error;
    return {
      connection,
      status: 'error',
      failure: {
        statusCode: error instanceof ApiError ? error.statusCode : null,
        code: error instanceof ApiError ? error.code : undefined,
        message: error.message,
      },
      stats,
    };
  }
  if (!result.data) return { connection, status: 'idle', failure: null, stats };
  if (stats?.status === 'error') {
    return {
      connection,
      status: 'error',
      failure: { statusCode: null, code: stats.error?.code, message: stats.error?.message ?? '' },
      stats,
    };
  }
  return { connection, status: 'completed', failure: null, stats };
}

/**
 * Each answer's messages converted once: as the other accounts answer, the messages already shown keep their
 * objects, so their memoised cards are not drawn again. So does each message of an answer that live messages
 * changed (they keep the objects of the messages they did not touch): a live message draws its own card only.
 */
const unifiedByResult = new WeakMap<MessageResult, UnifiedMessage[]>();
const unifiedBySource = new WeakMap<SourceMessage, UnifiedMessage>();

function unifiedMessageOf(message: SourceMessage): UnifiedMessage {
  let unified = unifiedBySource.get(message);
  if (!unified) {
    unified = toUnifiedMessage(message);
    unifiedBySource.set(message, unified);
  }
  return unified;
}

function unifiedMessagesOf(result: MessageResult): UnifiedMessage[] {
  let messages = unifiedByResult.get(result);
  if (!messages) {
    messages = result.messages.map(unifiedMessageOf);
    unifiedByResult.set(result, messages);
  }
  return messages;
}

/** Two connected accounts can see the same message (a shared channel); the first copy is kept. */
function mergeMessages(results: readonly (MessageResult | undefined)[]): UnifiedMessage[] {
  const seen = new Set<string>();
  const messages: UnifiedMessage[] = [];
  for (const result of results) {
    if (!result) continue;
    for (const message of unifiedMessagesOf(result)) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      messages.push(message);
    }
  }
  return messages.sort(compareNewestFirst);
}

/** The last merge, kept while every answer is the same object: a fetch starting or ending changes no message. */
let lastMerge: { answers: readonly (MessageResult | undefined)[]; messages: UnifiedMessage[] } | null = null;

function mergedMessagesOf(answers: readonly (MessageResult | undefined)[]): UnifiedMessage[] {
  if (
    lastMerge?.answers.length !== answers.length ||
    answers.some((answer, index) => answer !== lastMerge!.answers[index])
  ) {
    lastMerge = { answers, messages: mergeMessages(answers) };
  }
  return lastMerge.messages;
}

/**
 * The combined answers as an instance of a class of its own: TanStack Query structurally shares a `combine` result
 * that is a plain object, comparing the merged list deeply with the last one at every answer (338 ms of self time at
 * 4× while an inbox of 2,000 messages opened, the most of any of the page's own functions), and copying the
 * messages that moved in the order, so their memoised cards drew again. Each answer is already shared with the one
 * before by its own query, and the merge keeps each message's object (decision 177).
 */
class CombinedAnswers {
  readonly messages: UnifiedMessage[];
  readonly outcomes: QueryOutcome[];
  constructor(messages: UnifiedMessage[], outcomes: QueryOutcome[]) {
    this.messages = messages;
    this.outcomes = outcomes;
  }
}

/** Module-level, so TanStack Query reruns it only when a query's result changes, not on every render. */
function combineResults(results: QueryObserverResult<MessageResult, Error>[]) {
  return new CombinedAnswers(
    mergedMessagesOf(results.map((result) => result.data)),
    results.map(({ data, error, isFetching, dataUpdatedAt }): QueryOutcome => ({
      data,
      error,
      isFetching,
      dataUpdatedAt,
    })),
  );
}

/**
 * How long the list's first drawing waits, once the first account has answered, for the others. Answers that arrive
 * together are drawn together: a later account's newer messages would otherwise be sorted in above the cards on
 * screen and push them down (a layout shift of 0.3 on a phone, decision 184). An account slower than this is drawn
 * when it answers.
 */
export const ANSWERS_TOGETHER_MS = 1_000;

/**
 * Loads every connection's messages at once, each on its own: accounts appear as they answer (the first ones
 * together, `ANSWERS_TOGETHER_MS`), and one failing account shows its own error while the others fill the list.
 */
export function useTimeline(connections: readonly PlatformConnection[]): Timeline {
  const { messages, outcomes } = useQueries({
    queries: connections.map((connection) =>
      connectionMessagesQueryOptions(connection.platform, connection.id),
    ),
    combine: combineResults,
  });
  const accounts = useMemo(
    () => outcomes.map((outcome, index) => accountOf(connections[index]!, outcome)),
    [connections, outcomes],
  );
  const answered = outcomes.filter((outcome) => outcome.data || outcome.error).length;
  const anyAnswer = answered > 0;
  const everyAnswer = answered === outcomes.length;
  // Once drawn the list stays drawn (remembered right after a drawing with every answer, or when the wait is over):
  // an account connected later does not take it back to its skeleton.
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    if (drawn || !anyAnswer) return;
    const timer = setTimeout(() => setDrawn(true), everyAnswer ? 0 : ANSWERS_TOGETHER_MS);
    return () => clearTimeout(timer);
  }, [drawn, anyAnswer, everyAnswer]);
  return {
    messages,
    accounts,
    updatedAt: outcomes.reduce<number | null>(
      (latest, outcome) => (outcome.data ? Math.max(latest ?? 0, outcome.dataUpdatedAt) : latest),
      null,
    ),
    isLoading: !drawn && !everyAnswer,
    isFetching: outcomes.some((outcome) => outcome.isFetching),
  };
}

const LAST_REFRESH_KEY = 'matome.lastRefreshAt';
/** SPEC §4 and §9: within three minutes of the last refresh, a refresh only asks again; after that it starts over. */
export const FULL_REFRESH_AFTER_MS = 3 * 60_000;

function readLastRefresh(): number | null {
  try {
    const value = Number(window.localStorage.getItem(LAST_REFRESH_KEY));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

function storeLastRefresh(time: number): void {
  try {
    window.localStorage.setItem(LAST_REFRESH_KEY, String(time));
  } catch {
    // Without storage every refresh is a full one, which is slower but never stale.
  }
}

/** Makes the server gather one account afresh instead of answering from its cache; the timeline shows the result. */
export function useGatherAccount() {
  const queryClient = useQueryClient();
  return useCallback(
    (connection: PlatformConnection): Promise<MessageResult> =>
      queryClient.fetchQuery({
        ...connectionMessagesQueryOptions(connection.platform, connection.id),
        queryFn: ({ signal }) =>
          getConnectionMessages(connection.platform, connection.id, { refresh: true, signal }),
        staleTime: 0,
        // A retry would run the timeline's own query function, an ordinary read of the server's cache, and its
        // answer would pass for a fresh gathering; a failure is shown instead, with its Retry.
        retry: false,
      }),
    [queryClient],
  );
}

/** Makes the server gather these accounts afresh instead of answering from its cache. */
export function useGatherAfresh() {
  const gatherAccount = useGatherAccount();
  return useCallback(
    async (connections: readonly PlatformConnection[]): Promise<void> => {
      await Promise.allSettled(connections.map(gatherAccount));
    },
    [gatherAccount],
  );
}

/**
 * A refresh more than three minutes after the last one (or a forced one) makes the server gather afresh for every
 * account; a sooner one asks again, which the server answers from its cache.
 */
export function useRefreshTimeline(connections: readonly PlatformConnection[]) {
  const queryClient = useQueryClient();
  const gatherAfresh = useGatherAfresh();
  return useCallback(
    async ({ force }: { force: boolean }): Promise<'full' | 'quick'> => {
      const now = Date.now();
      const last = readLastRefresh();
      const full = force || last === null || now - last > FULL_REFRESH_AFTER_MS;
      storeLastRefresh(now);
      if (full) {
        await gatherAfresh(connections);
        return 'full';
      }
      await queryClient.refetchQueries({ queryKey: ['messages'], type: 'active' });
      return 'quick';
    },
    [connections, gatherAfresh, queryClient],
  );
}
