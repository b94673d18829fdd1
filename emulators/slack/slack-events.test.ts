import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { startSlackEmulator } from './slack-emulator.ts';
import { defaultSlackSeed } from './slack-seed.ts';

const received: { headers: IncomingHttpHeaders; body: Buffer }[] = [];
/** Fails the first two deliveries, as an app that is down for a moment. */
const receiver = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    received.push({ headers: request.headers, body: Buffer.concat(chunks) });
    response.writeHead(received.length <= 2 ? 503 : 200).end();
  });
});
let emulator: { url: string; close(): Promise<void> };

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  emulator = await startSlackEmulator({ seed: defaultSlackSeed(Date.now()) });
});
afterAll(async () => {
  await emulator?.close();
  await new Promise((resolve) => receiver.close(resolve));
});

async function control(path: string, body: unknown) {
  const response = await fetch(`${emulator.url}/_control/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

it('delivers a posted message as a signed event and retries a failed delivery with its retry number', async () => {
  const { port } = receiver.address() as AddressInfo;
  await control('settings', { autoApprove: true });
  // An installation in the workspace, so the event has someone to be delivered for.
  const authorize = await fetch(
    `${emulator.url}/oauth/v2/authorize?client_id=slack-client&user_scope=channels:history&redirect_uri=https://app.test/cb`,
    { redirect: 'manual' },
  );
  const code = new URL(authorize.headers.get('location')!).searchParams.get('code')!;
  await fetch(`${emulator.url}/api/oauth.v2.access`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: 'slack-client',
      client_secret: 'slack-secret',
      code,
      redirect_uri: 'https://app.test/cb',
    }),
  });
  await control('events/config', {
    requestUrl: `http://127.0.0.1:${port}/events`,
    signingSecret: 'shh',
    retryDelaysMs: [0, 0, 0],
  });
  const posted = await control('events/post', {
    channel: 'C0GENERAL',
    user: 'U0BOB0000',
    text: '<@U0ALICE00> hi',
  });
  expect(posted.status).toBe(200);

  await vi.waitFor(() => expect(received).toHaveLength(3));
  expect(received.map(({ headers }) => headers['x-slack-retry-num'])).toEqual([undefined, '1', '2']);
  for (const { headers, body } of received) {
    const timestamp = headers['x-slack-request-timestamp'] as string;
    expect(Math.abs(Date.now() / 1000 - Number(timestamp))).toBeLessThan(60);
    const expected = createHmac('sha256', 'shh').update(`v0:${timestamp}:${body.toString()}`).digest('hex');
    expect(headers['x-slack-signature']).toBe(`v0=${expected}`);
  }
  expect(JSON.parse(received[0]!.body.toString())).toMatchObject({
    type: 'event_callback',
    team_id: 'T0ACME001',
    event_id: posted.body.event_id,
    event: {
      type: 'message',
      channel: 'C0GENERAL',
      channel_type: 'channel',
      user: 'U0BOB0000',
      ts: posted.body.ts,
    },
    authorizations: [{ user_id: 'U0ALICE00' }],
  });
  const deliveries = (await (await fetch(`${emulator.url}/_control/events/deliveries`)).json()) as {
    deliveries: { attempt: number; status: number }[];
  };
  expect(deliveries.deliveries.map(({ attempt, status }) => [attempt, status])).toEqual([
    [0, 503],
    [1, 503],
    [2, 200],
  ]);
});
