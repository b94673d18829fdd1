import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startChatworkEmulator } from '../../../../emulators/chatwork/chatwork-emulator.ts';
import { controlEmulator } from '../../../../emulators/core/control-client.ts';
import { connectionStatusResponseSchema } from '../../../contract/messages.ts';
import { createInProcessLiveEvents, type LiveEvent } from '../../lib/live-events.ts';
import { expectApiError } from '../../test/api-error.ts';
import { bearer, registerUser } from '../../test/auth-helpers.ts';
import { deliverChatworkMention } from '../../test/chatwork-webhook-helpers.ts';
import { connectAccount, control } from '../../test/emulator-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const TOKEN = Buffer.from('a webhook key of thirty-two bytes').toString('base64');
let emulator: { url: string; close(): Promise<void> };
let testApp: TestApp;
/** The app's public address as the emulator reaches it: each request is handed to the app unchanged. */
const publicEntrance = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    void testApp.app
      .inject({
        method: 'POST',
        url: request.url ?? '/',
        headers: request.headers,
        payload: Buffer.concat(chunks),
      })
      .then((answer) => response.writeHead(answer.statusCode).end(answer.rawPayload));
  });
});
const liveEvents = createInProcessLiveEvents();

beforeAll(async () => {
  await new Promise<void>((resolve) => publicEntrance.listen(0, '127.0.0.1', resolve));
  emulator = await startChatworkEmulator();
  const url = emulator.url;
  testApp = await createTestApp(
    {
      CHATWORK_CLIENT_ID: 'chatwork-client',
      CHATWORK_CLIENT_SECRET: 'chatwork-secret',
      CHATWORK_API_URL: `${url}/v2`,
      CHATWORK_AUTHORIZE_URL: `${url}/packages/oauth2/login.php`,
      CHATWORK_TOKEN_URL: `${url}/token`,
      PUBLIC_URL: 'https://matome.test',
    },
    { liveEvents },
  );
});
afterAll(async () => {
  await testApp?.close();
  await emulator?.close();
  await new Promise((resolve) => publicEntrance.close(resolve));
});
beforeEach(async () => {
  await control(emulator.url, 'settings', { autoApprove: true });
});

const app = () => testApp.app;

async function connected() {
  const { user, tokens } = await registerUser(app());
  await connectAccount(app(), 'chatwork', tokens.accessToken);
  const status = await app().inject({
    method: 'GET',
    url: '/api/chatwork/status',
    headers: bearer(tokens.accessToken),
  });
  const connection = connectionStatusResponseSchema.parse(status.json()).connections[0]!;
  const received: Extract<LiveEvent, { type: 'messages' }>[] = [];
  await liveEvents.subscribe(user.id, (event) => {
    if (event.type === 'messages') received.push(event);
  });
  return { token: tokens.accessToken, connection, received };
}

let messageCounter = 0;
function deliver(connectionId: string, body: string, key = TOKEN, me = '0') {
  messageCounter += 1;
  const now = Math.floor(Date.now() / 1000);
  return deliverChatworkMention(
    app(),
    connectionId,
    {
      from_account_id: 4242,
      to_account_id: Number(me),
      room_id: 567890123,
      message_id: String(9_000_000 + messageCounter),
      body,
      send_time: now,
    },
    key,
  );
}

describe('ChatWork webhooks', () => {
  it('publishes a verified mention_to_me and ignores forged or unknown deliveries, always with a small 200', async () => {
    const user = await connected();
    const me = user.connection.platform_user_id;
    const set = await app().inject({
      method: 'PUT',
      url: `/api/chatwork/connections/${user.connection.id}/webhook`,
      headers: bearer(user.token),
      payload: { token: TOKEN },
    });
    expect(set.statusCode, set.body).toBe(204);

    const forged = await deliver(
      user.connection.id,
      `[To:${me}] forged`,
      Buffer.from('another key entirely!').toString('base64'),
      me,
    );
    const unknown = await deliver('00000000-0000-4000-8000-000000000000', `[To:${me}] nobody`, TOKEN, me);
    const good = await deliver(user.connection.id, `[To:${me}] Maya, the build is green`, TOKEN, me);
    for (const response of [forged, unknown, good]) {
      expect(response.statusCode).toBe(200);
      expect(response.body.length).toBeLessThan(2048);
    }
    await vi.waitFor(() => expect(user.received).toHaveLength(1));
    expect(user.received[0]!.messages[0]).toMatchObject({
      platform: 'chatwork',
      body: `[To:${me}] Maya, the build is green`,
      mention_types: { is_direct_mention: true },
      account_info: { connection_id: user.connection.id },
    });
  });

  it('lets only the owner set or clear a token, and refuses what is not a token', async () => {
    const owner = await connected();
    const stranger = await registerUser(app());
    const url = `/api/chatwork/connections/${owner.connection.id}/webhook`;
    const state = () => app().inject({ method: 'GET', url, headers: bearer(owner.token) });
    expect((await state()).json()).toEqual({
      webhook_url: `https://matome.test/api/chatwork/webhook/${owner.connection.id}`,
      settings_url: `${emulator.url}/service/packages/chatwork/subpackages/webhook/list.php`,
      configured: false,
      configured_at: null,
    });
    expectApiError(
      await app().inject({ method: 'GET', url, headers: bearer(stranger.tokens.accessToken) }),
      404,
    );
    expectApiError(
      await app().inject({
        method: 'PUT',
        url,
        headers: bearer(stranger.tokens.accessToken),
        payload: { token: TOKEN },
      }),
      404,
    );
    expectApiError(
      await app().inject({
        method: 'PUT',
        url,
        headers: bearer(owner.token),
        payload: { token: 'not base64!' },
      }),
      400,
    );
    expect(
      (await app().inject({ method: 'PUT', url, headers: bearer(owner.token), payload: { token: TOKEN } }))
        .statusCode,
    ).toBe(204);
    expect((await state()).json()).toMatchObject({ configured: true, configured_at: expect.any(String) });
    expect((await state()).body).not.toContain(TOKEN);
    expect((await app().inject({ method: 'DELETE', url, headers: bearer(owner.token) })).statusCode).toBe(
      204,
    );
    const me = owner.connection.platform_user_id;
    await deliver(owner.connection.id, `[To:${me}] after clearing`, TOKEN, me);
    expect(owner.received).toEqual([]);
    expect((await state()).json()).toMatchObject({ configured: false, configured_at: null });
  });

  it('takes a mention the ChatWork emulator delivers for a webhook created with the URL Matome shows', async () => {
    const user = await connected();
    const me = Number(user.connection.platform_user_id);
    const state = await app().inject({
      method: 'GET',
      url: `/api/chatwork/connections/${user.connection.id}/webhook`,
      headers: bearer(user.token),
    });
    const { webhook_url } = state.json<{ webhook_url: string }>();
    const { port } = publicEntrance.address() as AddressInfo;
    // The user creates the webhook in ChatWork with that URL (here on this test's address) and pastes its token.
    const created = await controlEmulator(emulator.url, '/_control/webhooks', {
      account_id: me,
      url: `http://127.0.0.1:${port}${new URL(webhook_url).pathname}`,
    });
    const { token } = created as { token: string };
    await app().inject({
      method: 'PUT',
      url: `/api/chatwork/connections/${user.connection.id}/webhook`,
      headers: bearer(user.token),
      payload: { token },
    });

    await control(emulator.url, 'messages', {
      room_id: 2003,
      account_id: 1002,
      body: `[To:${me}]Aiko Tanaka-san\nThe contract is signed.`,
    });

    await vi.waitFor(() => expect(user.received).toHaveLength(1));
    expect(user.received[0]!.messages[0]).toMatchObject({
      platform: 'chatwork',
      body: `[To:${me}]Aiko Tanaka-san\nThe contract is signed.`,
      room_info: { room_id: 2003 },
      account: { account_id: 1002 },
    });
    const deliveries = (await (await fetch(`${emulator.url}/_control/webhooks/deliveries`)).json()) as {
      deliveries: { status: number }[];
    };
    expect(deliveries.deliveries).toMatchObject([{ status: 200 }]);
  });
});
