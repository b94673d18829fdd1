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
