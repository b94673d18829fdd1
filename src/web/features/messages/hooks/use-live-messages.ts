import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { z } from 'zod/mini';
import {
  LIVE_MESSAGES_EVENT,
  LIVE_REMOVED_EVENT,
  LIVE_REPLIES_EVENT,
  LIVE_RULES_EVENT,
  LIVE_TRIAGE_EVENT,
  liveRemovedSchema,
  liveTriageChangedSchema,
} from '../../../../contract/live.ts';
import {
  platformSchema,
  sourceMessageSchema,
  type Platform,
  type SourceMessage,
} from '../../../../contract/messages.ts';
import { connectionMessagesQueryKey, platformMessagesQueryKey } from '../api/get-connection-messages.ts';
import { REPLIES_QUERY_KEY } from '../api/get-handled.ts';
import { TRIAGE_QUERY_KEY } from '../api/get-snoozes.ts';
import { getStreamTicket } from '../api/stream-ticket.ts';
import {
  addToResult,
  groupByConnection,
  mergeIntoPending,
  removeFromPending,
  removeFromResult,
  replaceInResult,
  splitByShown,
  type ConnectionResult,
} from './live-result.ts';

const liveMessagesSchema = z.object({ platform: platformSchema, messages: z.array(sourceMessageSchema) });

/** Waits between reconnects after a failure: a little longer each time, never more than 30 s. */
const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

/** An event's data as the schema reads it, or undefined when it does not fit (it is then ignored). */
function parseData<T>(schema: z.ZodMiniType<T>, event: MessageEvent<string>): T | undefined {
  try {
    return schema.parse(JSON.parse(event.data));
  } catch {
    return undefined;
  }
}

/**
 * Edits of shown messages change them in place, at once: only what is new waits, so what the user reads does not
 * move. Returns the messages new to their connection.
 */
function applyChanges(queryClient: QueryClient, arrived: readonly SourceMessage[]): SourceMessage[] {
  const fresh: SourceMessage[] = [];
  for (const messages of groupByConnection(arrived)) {
    const { platform, account_info } = messages[0]!;
    const key = connectionMessagesQueryKey(platform, account_info.connection_id);
    const split = splitByShown(queryClient.getQueryData<ConnectionResult>(key), messages);
    if (split.changed.length > 0)
      queryClient.setQueryData<ConnectionResult>(key, (result) => replaceInResult(result, split.changed));
    fresh.push(...split.fresh);
  }
  return fresh;
}

/** Takes removed messages out of every cached answer of the platform that holds them. */
function applyRemoval(queryClient: QueryClient, platform: Platform, ids: ReadonlySet<string>) {
  const cached = queryClient.getQueriesData<ConnectionResult>({
    queryKey: platformMessagesQueryKey(platform),
  });
  for (const [key, result] of cached) {
    const kept = removeFromResult(result, ids);
    // Setting an unchanged answer would still mark it fresh, delaying its next fetch.
    if (kept !== result) queryClient.setQueryData(key, kept);
  }
}

export interface LiveMessages {
  /** Messages that arrived and are not shown yet, so what the user is reading does not move. */
  pending: readonly SourceMessage[];
  /** Puts the pending messages into the timeline. */
  reveal(): void;
}

/**
 * Listens to the server's event stream while mounted. Each stream is opened with a fresh ticket and, after a drop,
 * with the id of the last event seen, so the server replays what came in between and nothing is lost or doubled.
 */
export function useLiveMessages(): LiveMessages {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<readonly SourceMessage[]>([]);
  const lastEventId = useRef<string | undefined>(undefined);

  useEffect(() => {
    // Without EventSource (an old browser, a test renderer) the inbox updates when refreshed, as before.
    if (typeof EventSource === 'undefined') return;
    let stopped = false;
    let source: EventSource | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    const controller = new AbortController();

    const retryLater = () => {
      if (stopped) return;
      const delay = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]!;
      failures += 1;
      timer = setTimeout(() => void connect(), delay);
    };

    async function connect(): Promise<void> {
      let ticket: string;
      try {
        ticket = await getStreamTicket(controller.signal);
      } catch {
        retryLater();
        return;
      }
      if (stopped) return;
      const query = new URLSearchParams({ ticket });
      if (lastEventId.current) query.set('last_event_id', lastEventId.current);
      source = new EventSource(`/api/events/stream?${query}`);
      source.addEventListener('open', () => (failures = 0));
      source.addEventListener(LIVE_MESSAGES_EVENT, (event: MessageEvent<string>) => {
        if (event.lastEventId) lastEventId.current = event.lastEventId;
        const data = parseData(liveMessagesSchema, event);
        if (!data) return;
        const fresh = applyChanges(queryClient, data.messages);
        setPending((current) => mergeIntoPending(current, fresh));
      });
      source.addEventListener(LIVE_REMOVED_EVENT, (event: MessageEvent<string>) => {
        if (event.lastEventId) lastEventId.current = event.lastEventId;
        const data = parseData(liveRemovedSchema, event);
        if (!data) return;
        const ids = new Set(data.ids);
        applyRemoval(queryClient, data.platform, ids);
        setPending((current) => removeFromPending(current, data.platform, ids));
      });
      // Snoozes or done marks changed on another device: the lists it names are asked for again.
      source.addEventListener(LIVE_TRIAGE_EVENT, (event: MessageEvent<string>) => {
        if (event.lastEventId) lastEventId.current = event.lastEventId;
        const data = parseData(liveTriageChangedSchema, event);
        if (!data) return;
        for (const kind of new Set(data.kinds)) {
          void queryClient.invalidateQueries({ queryKey: [...TRIAGE_QUERY_KEY, kind] });
        }
      });
      // A message was answered, or a conversation awaits a reply or not any more (decision 154).
      source.addEventListener(LIVE_REPLIES_EVENT, (event: MessageEvent<string>) => {
        if (event.lastEventId) lastEventId.current = event.lastEventId;
        void queryClient.invalidateQueries({ queryKey: REPLIES_QUERY_KEY });
      });
      // Rules changed on any device: the messages are asked for again, with the rules' new outcome.
      source.addEventListener(LIVE_RULES_EVENT, (event: MessageEvent<string>) => {
        if (event.lastEventId) lastEventId.current = event.lastEventId;
        for (const platform of platformSchema.options) {
          void queryClient.invalidateQueries({ queryKey: platformMessagesQueryKey(platform) });
        }
      });
      // The ticket was single-use, so the browser's own reconnect would be refused: a new stream gets a new one.
      source.addEventListener('error', () => {
        source?.close();
        retryLater();
      });
    }

    void connect();
    return () => {
      stopped = true;
      controller.abort();
      clearTimeout(timer);
      source?.close();
    };
  }, [queryClient]);

  // A message that arrived before its connection's answer (a first gathering still running) is in that answer:
  // the server lays what came meanwhile over it, so it is shown there and no longer waits.
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'success') return;
        const [scope, platform, connectionId] = event.query.queryKey;
        const parsed = platformSchema.safeParse(platform);
        if (scope !== 'messages' || !parsed.success || typeof connectionId !== 'string') return;
        const result = event.query.state.data as ConnectionResult | undefined;
        if (!result) return;
        const shown = new Set(result.messages.map((message) => message.platform_message_id));
        setPending((current) => removeFromPending(current, parsed.data, shown));
      }),
    [queryClient],
  );

  const reveal = useCallback(() => {
    for (const messages of groupByConnection(pending)) {
      const { platform, account_info } = messages[0]!;
      queryClient.setQueryData<ConnectionResult>(
        connectionMessagesQueryKey(platform, account_info.connection_id),
        (result) => addToResult(result, messages),
      );
    }
    setPending([]);
  }, [pending, queryClient]);

  return { pending, reveal };
}
