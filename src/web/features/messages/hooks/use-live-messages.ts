import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { accountCounts, compareNewestFirst, summarizeMessages } from '../../../../contract/classification.ts';
import { LIVE_MESSAGES_EVENT } from '../../../../contract/live.ts';
import {
  sourceMessageSchema,
  platformSchema,
  type MessageResultByPlatform,
  type Platform,
  type SourceMessage,
} from '../../../../contract/messages.ts';
import { z } from 'zod';
import { connectionMessagesQueryKey } from '../api/get-connection-messages.ts';
import { getStreamTicket } from '../api/stream-ticket.ts';

const liveMessagesSchema = z.object({ platform: platformSchema, messages: z.array(sourceMessageSchema) });

/** Waits between reconnects after a failure: a little longer each time, never more than 30 s. */
const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

/** Adds messages to the cached answer of their connection, each once, newest first, with counts to match. */
function addToConnection(
  result: MessageResultByPlatform[Platform] | undefined,
  arrived: readonly SourceMessage[],
): MessageResultByPlatform[Platform] | undefined {
  if (!result) return result;
  const known = new Set(result.messages.map((message) => message.platform_message_id));
  const fresh = arrived.filter((message) => !known.has(message.platform_message_id));
  if (fresh.length === 0) return result;
  const messages = [...fresh, ...result.messages].sort(compareNewestFirst) as typeof result.messages;
  return {
    ...result,
    messages,
    accounts: result.accounts.map((stats) => ({ ...stats, ...accountCounts(messages) })),
    summary: summarizeMessages(messages, result.accounts.length),
  } as MessageResultByPlatform[Platform];
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
        let parsed: z.infer<typeof liveMessagesSchema>;
        try {
          parsed = liveMessagesSchema.parse(JSON.parse(event.data));
        } catch {
          return;
        }
        setPending((current) => {
          const known = new Set(current.map((message) => message.platform_message_id));
          const fresh = parsed.messages.filter((message) => !known.has(message.platform_message_id));
          return fresh.length ? [...fresh, ...current] : current;
        });
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
  }, []);

  const reveal = useCallback(() => {
    const byConnection = new Map<string, SourceMessage[]>();
    for (const message of pending) {
      const key = `${message.platform}:${message.account_info.connection_id}`;
      byConnection.set(key, [...(byConnection.get(key) ?? []), message]);
    }
    for (const messages of byConnection.values()) {
      const { platform, account_info } = messages[0]!;
      queryClient.setQueryData<MessageResultByPlatform[Platform]>(
        connectionMessagesQueryKey(platform, account_info.connection_id),
        (result) => addToConnection(result, messages),
      );
    }
    setPending([]);
  }, [pending, queryClient]);

  return { pending, reveal };
}
