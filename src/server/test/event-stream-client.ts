import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { streamTicketResponseSchema } from '../../contract/live.ts';
import type { SourceMessage } from '../../contract/messages.ts';
import type { LiveEvents } from '../lib/live-events.ts';
import { bearer } from './auth-helpers.ts';

export type StreamFrame = { id?: string; event?: string; data?: string; comment?: string };

export type OpenStream = Awaited<ReturnType<typeof openEventStream>>;

/** `GET /api/events/stream` over real HTTP, read frame by frame as a browser's EventSource would. */
export async function openEventStream(baseUrl: string, ticket: string, lastEventId?: string) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/events/stream?ticket=${encodeURIComponent(ticket)}`, {
    headers: lastEventId ? { 'last-event-id': lastEventId } : {},
    signal: controller.signal,
  });
  const frames: StreamFrame[] = [];
  let buffer = '';
  let ended = false;
  const reading = (async () => {
    const decoder = new TextDecoder();
    try {
      const reader = response.body!.getReader();
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        buffer += decoder.decode(chunk.value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame: StreamFrame = {};
          for (const line of buffer.slice(0, end).split('\n')) {
            if (line.startsWith(':')) frame.comment = line.slice(1).trim();
            const [, field, value] = /^(id|event|data): (.*)$/.exec(line) ?? [];
            if (field) frame[field as 'id' | 'event' | 'data'] = value;
          }
          frames.push(frame);
          buffer = buffer.slice(end + 2);
        }
      }
    } catch {
      // Aborted by the caller.
    }
    ended = true;
  })();
  return {
    response,
    frames,
    events: () => frames.filter((frame) => frame.event === 'messages'),
    /** Whether the server ended the stream (or the caller closed it). */
    ended: () => ended,
    close: async () => {
      controller.abort();
      await reading;
    },
  };
}

/** The ids of the messages a stream's `messages` events carried, in order of arrival. */
export function streamedMessageIds(stream: OpenStream): string[] {
  return stream
    .events()
    .flatMap((frame) =>
      (JSON.parse(frame.data!) as { messages: { platform_message_id: string }[] }).messages.map(
        (message) => message.platform_message_id,
      ),
    );
}

/** A stream ticket asked of `app` with the access token, as the browser asks before it opens the stream. */
export async function streamTicket(app: FastifyInstance, accessToken: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/events/ticket',
    headers: bearer(accessToken),
  });
  expect(response.statusCode, response.body).toBe(200);
  return streamTicketResponseSchema.parse(response.json()).ticket;
}

/** Announces a new mention for the user, as a gathering or a provider's event would. */
export async function announceMention(
  liveEvents: LiveEvents,
  userId: string,
  messageId: string,
): Promise<void> {
  await liveEvents.publish(userId, {
    type: 'messages',
    platform: 'slack',
    messages: [{ platform: 'slack', platform_message_id: messageId } as unknown as SourceMessage],
  });
}

/** The server ended the stream. */
export async function expectStreamEnded(stream: OpenStream): Promise<void> {
  await expect.poll(() => stream.ended(), { timeout: 5_000 }).toBe(true);
}

/** A stream still open: a mention announced now reaches it. */
export async function expectStreamDelivering(
  stream: OpenStream,
  liveEvents: LiveEvents,
  userId: string,
  messageId: string,
): Promise<void> {
  await announceMention(liveEvents, userId, messageId);
  await expect.poll(() => streamedMessageIds(stream), { timeout: 5_000 }).toContain(messageId);
  expect(stream.ended()).toBe(false);
}
