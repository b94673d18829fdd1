import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { controlEmulator } from '../core/control-client.ts';
import type { RunningEmulator } from '../core/emulator-server.ts';
import { startChatworkEmulator } from './chatwork-emulator.ts';

type Received = { url: string; headers: IncomingHttpHeaders; body: string };
const received: Received[] = [];
/** The app's webhook URL: answers 500 while `failing`, as an app that is down. */
let failing = false;
const receiver = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    received.push({
      url: request.url ?? '',
      headers: request.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    });
    response.writeHead(failing ? 500 : 200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
});
let emulator: RunningEmulator;
let hookUrl: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/chatwork/webhook/c1`;
  emulator = await startChatworkEmulator();
});
afterAll(async () => {
  await emulator?.close();
  await new Promise((resolve) => receiver.close(resolve));
});
beforeEach(async () => {
  await controlEmulator(emulator.url, '/_control/reset');
  received.length = 0;
  failing = false;
});

type Setting = { webhook_setting_id: string; account_id: number; token: string; event_type: string };

const createWebhook = (body: Record<string, unknown>) =>
  controlEmulator(emulator.url, '/_control/webhooks', body) as Promise<Setting>;

const postAs = (account_id: number, room_id: number, body: string) =>
  controlEmulator(emulator.url, '/_control/messages', { account_id, room_id, body }) as Promise<{
    message_id: string;
  }>;

async function deliveries() {
  const response = await fetch(`${emulator.url}/_control/webhooks/deliveries`);
  return ((await response.json()) as { deliveries: { message_id: string; status: number | null }[] })
    .deliveries;
}

async function controlStatus(path: string, body: unknown, method = 'POST') {
  const response = await fetch(emulator.url + path, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return response.status;
}

const signatureOf = (token: string, body: string) =>
  createHmac('sha256', Buffer.from(token, 'base64')).update(body).digest('base64');

describe('ChatWork account webhooks', () => {
  it('delivers a mention of the account as ChatWork documents it, signed with the base64 token', async () => {
    const setting = await createWebhook({ account_id: 1001, url: hookUrl });
    expect(setting).toMatchObject({ account_id: 1001, event_type: 'mention_to_me' });
    expect(Buffer.from(setting.token, 'base64')).toHaveLength(32);

    const before = Math.floor(Date.now() / 1000);
    const { message_id } = await postAs(1002, 2003, '[To:1001]Aiko Tanaka-san\nThe build is green.');

    await vi.waitFor(() => expect(received).toHaveLength(1));
    const [delivery] = received;
    expect(delivery!.headers['content-type']).toBe('application/json');
    expect(delivery!.headers['user-agent']).toMatch(/^ChatWork-Webhook\//);
    const signature = signatureOf(setting.token, delivery!.body);
    expect(delivery!.headers['x-chatworkwebhooksignature']).toBe(signature);
    const query = new URL(delivery!.url, 'http://app.test').searchParams;
    expect(query.get('chatwork_webhook_signature')).toBe(signature);

    const body = JSON.parse(delivery!.body) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual([
      'webhook_setting_id',
      'webhook_event_type',
      'webhook_event_time',
      'webhook_event',
    ]);
    expect(body).toEqual({
      webhook_setting_id: setting.webhook_setting_id,
      webhook_event_type: 'mention_to_me',
      webhook_event_time: expect.any(Number),
      webhook_event: {
        from_account_id: 1002,
        to_account_id: 1001,
        room_id: 2003,
        message_id,
        body: '[To:1001]Aiko Tanaka-san\nThe build is green.',
        send_time: expect.any(Number),
        update_time: 0,
      },
    });
    expect(body.webhook_event_time).toBeGreaterThanOrEqual(before);
    expect(typeof body.webhook_setting_id).toBe('string');
    await vi.waitFor(async () => expect(await deliveries()).toMatchObject([{ message_id, status: 200 }]));
  });

  it('never retries a failed delivery, and records it', async () => {
    await createWebhook({ account_id: 1001, url: hookUrl });
    failing = true;
    const first = await postAs(1002, 2003, '[To:1001] are you there?');
    await vi.waitFor(async () => expect(await deliveries()).toHaveLength(1));
    failing = false;
    const second = await postAs(1003, 2003, '[To:1001] second try');
    await vi.waitFor(async () => expect(await deliveries()).toHaveLength(2));

    expect((await deliveries()).map(({ message_id, status }) => [message_id, status])).toEqual([
      [first.message_id, 500],
      [second.message_id, 200],
    ]);
    expect(received).toHaveLength(2);
  });

  it('delivers a message posted through the API, only to members it mentions and never to the sender', async () => {
    const ben = await createWebhook({ account_id: 1002, url: `${hookUrl}?who=ben` });
    await createWebhook({ account_id: 1003, url: `${hookUrl}?who=chika` });
    await createWebhook({ account_id: 1001, url: `${hookUrl}?who=aiko` });

    const post = (roomId: number, body: string) =>
      fetch(`${emulator.url}/v2/rooms/${roomId}/messages`, {
        method: 'POST',
        headers: {
          'x-chatworktoken': 'chatwork-api-token-aiko',
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ body }),
      });
    // Chika (1003) is not in the direct chat; Aiko mentioning herself and a plain message reach nobody.
    expect((await post(2002, '[To:1002][To:1003] lunch at noon?')).status).toBe(200);
    expect((await post(2003, '[To:1001] a note to myself')).status).toBe(200);
    expect((await post(2003, 'no mention here')).status).toBe(200);

    await vi.waitFor(() => expect(received).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received).toHaveLength(1);
    expect(new URL(received[0]!.url, 'http://app.test').searchParams.get('who')).toBe('ben');
    expect(received[0]!.headers['x-chatworkwebhooksignature']).toBe(
      signatureOf(ben.token, received[0]!.body),
    );
  });

  it('keeps ChatWork’s limits on webhooks and refuses what it cannot deliver', async () => {
    const token = Buffer.from('a key pasted from elsewhere, 32b').toString('base64');
    expect(await createWebhook({ account_id: 1001, url: hookUrl, token })).toMatchObject({ token });
    for (let count = 2; count <= 5; count += 1) await createWebhook({ account_id: 1001, url: hookUrl });
    expect(await controlStatus('/_control/webhooks', { account_id: 1001, url: hookUrl })).toBe(400);
    expect(await controlStatus('/_control/webhooks', { account_id: 4242, url: hookUrl })).toBe(404);
    expect(
      await controlStatus('/_control/webhooks', { account_id: 1002, url: hookUrl, token: 'not base64!' }),
    ).toBe(400);
    expect(
      await controlStatus('/_control/webhooks', {
        account_id: 1002,
        url: hookUrl,
        event_type: 'message_created',
      }),
    ).toBe(400);
    expect(await controlStatus('/_control/messages', { account_id: 1003, room_id: 2002, body: 'hi' })).toBe(
      404,
    );

    const listed = (await (await fetch(`${emulator.url}/_control/webhooks`)).json()) as {
      webhooks: Setting[];
    };
    expect(listed.webhooks).toHaveLength(5);
    const removed = await fetch(
      `${emulator.url}/_control/webhooks/${listed.webhooks[0]!.webhook_setting_id}`,
      {
        method: 'DELETE',
      },
    );
    expect(removed.status).toBe(200);
    expect(await controlStatus('/_control/webhooks', { account_id: 1001, url: hookUrl })).toBe(200);

    await controlEmulator(emulator.url, '/_control/reset');
    const afterReset = (await (await fetch(`${emulator.url}/_control/webhooks`)).json()) as {
      webhooks: Setting[];
    };
    expect(afterReset.webhooks).toEqual([]);
  });

  it('creates a webhook on the emulated settings page, which shows its token once created', async () => {
    const page = `${emulator.url}/service/packages/chatwork/subpackages/webhook/list.php`;
    const empty = await fetch(page);
    expect(empty.status).toBe(200);
    expect(await empty.text()).toContain('<option value="1002">Ben Carter (1002)</option>');
    const submit = (fields: Record<string, string>) =>
      fetch(page, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          account: '1001',
          name: 'Matome',
          url: hookUrl,
          event: 'account',
          ...fields,
        }),
      });

    const unticked = await submit({});
    expect(unticked.status).toBe(400);
    expect(await unticked.text()).toContain('role="alert"');
    const created = await submit({ mention_to_me: 'on' });
    expect(created.status).toBe(200);
    const token = /<code id="created-token">([^<]+)<\/code>/.exec(await created.text())?.[1];
    expect(token).toBeDefined();

    await postAs(1002, 2003, '[To:1001] from the page');
    await vi.waitFor(() => expect(received).toHaveLength(1));
    expect(received[0]!.headers['x-chatworkwebhooksignature']).toBe(signatureOf(token!, received[0]!.body));
  });
});
