import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { vi } from 'vitest';
import { startSlackEmulator } from './slack-emulator.ts';
import { defaultSlackSeed, type SlackSeed } from './slack-seed.ts';

/** What the events tests share: an emulator and a request URL whose answers each test chooses. */

export interface ReceivedDelivery {
  headers: IncomingHttpHeaders;
  body: Buffer;
  json: Record<string, unknown>;
}

/** How the request URL answers the next delivery: a status, or not at all (`'hang'`). */
export type ReceiverAnswer = number | 'hang';

export async function startReceiver() {
  const received: ReceivedDelivery[] = [];
  const answers: ReceiverAnswer[] = [];
  const held: ServerResponse[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      received.push({ headers: request.headers, body, json: JSON.parse(body.toString()) });
      const answer = answers.shift() ?? 200;
      if (answer === 'hang') held.push(response);
      else response.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/events`,
    received,
    /** Answers for the next deliveries, in order; 200 once they run out. */
    answers,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The default seed with Bob and Carol installed as well: Alice, Bob and Carol each hold a user token. */
export function seedWithThreeInstallations(now = Date.now()): SlackSeed {
  const seed = defaultSlackSeed(now);
  for (const [token, user_id] of [
    ['xoxp-test-bob', 'U0BOB0000'],
    ['xoxp-test-carol', 'U0CAROL00'],
  ] as const) {
    seed.tokens!.push({
      token,
      team_id: 'T0ACME001',
      user_id,
      scope: 'channels:history',
      client_id: 'slack-client',
    });
  }
  return seed;
}

export async function startEventsEmulator(seed: SlackSeed) {
  const emulator = await startSlackEmulator({ seed });
  const control = async (path: string, body: unknown) => {
    const response = await fetch(`${emulator.url}/_control/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const deliveries = async () => {
    const response = await fetch(`${emulator.url}/_control/events/deliveries`);
    return ((await response.json()) as { deliveries: Record<string, unknown>[] }).deliveries;
  };
  return { ...emulator, control, deliveries };
}

/** Waits for the delivery of an event and answers its body. */
export async function deliveredEvent(received: ReceivedDelivery[], eventId: unknown) {
  return vi.waitFor(() => {
    const found = received.find((delivery) => delivery.json.event_id === eventId);
    if (!found) throw new Error(`event ${String(eventId)} not delivered yet`);
    return found.json;
  });
}
