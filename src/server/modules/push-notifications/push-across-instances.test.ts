import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startChatworkEmulator } from '../../../../emulators/chatwork/chatwork-emulator.ts';
import {
  createPushSubscription,
  receivedPushes,
  startPushEmulator,
} from '../../../../emulators/push/push-emulator.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { connectionStatusResponseSchema } from '../../../contract/messages.ts';
import { bearer, registerUser } from '../../test/auth-helpers.ts';
import { deliverChatworkMention } from '../../test/chatwork-webhook-helpers.ts';
import { connectAccount, control } from '../../test/emulator-helpers.ts';
import { dropRedisPrefix, redisReachable, testRedisPrefix, testRedisUrl } from '../../test/redis-helpers.ts';
import { createTestApp, openTestDatabase, type TestApp } from '../../test/test-app.ts';

const WEBHOOK_TOKEN = Buffer.from('a webhook key of thirty-two bytes').toString('base64');
const reachable = await redisReachable();

/**
 * Two instances on one database receive the same ChatWork delivery (ChatWork retries, or a load balancer sends
 * it to both): the person's device gets one push. Without Redis the claim is a row; with Redis, SET NX.
 */
describe.each([
  { name: 'database', redis: false },
  { name: 'Redis', redis: true },
])('once per message across two instances ($name)', ({ redis }) => {
  const prefix = testRedisPrefix();
  let chatwork: { url: string; close(): Promise<void> };
  let push: { url: string; close(): Promise<void> };
  let database: DatabaseHandle;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    if (redis && !reachable) return;
    chatwork = await startChatworkEmulator();
    push = await startPushEmulator();
    database = await openTestDatabase();
    const settings = {
      CHATWORK_CLIENT_ID: 'chatwork-client',
      CHATWORK_CLIENT_SECRET: 'chatwork-secret',
      CHATWORK_API_URL: `${chatwork.url}/v2`,
      CHATWORK_AUTHORIZE_URL: `${chatwork.url}/packages/oauth2/login.php`,
      CHATWORK_TOKEN_URL: `${chatwork.url}/token`,
      PUBLIC_URL: 'https://matome.test',
      PUSH_SERVICE_ORIGINS: push.url,
      ...(redis ? { REDIS_URL: testRedisUrl, REDIS_KEY_PREFIX: prefix } : {}),
    };
    a = await createTestApp(settings, { database });
    b = await createTestApp(settings, { database });
    await control(chatwork.url, 'settings', { autoApprove: true });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.close();
    await chatwork?.close();
    await push?.close();
    if (redis && reachable) await dropRedisPrefix(prefix);
  });

  it.skipIf(redis && !reachable)('pushes a mention delivered to both instances once', async () => {
    const { tokens } = await registerUser(a.app);
    const token = tokens.accessToken;
    await connectAccount(a.app, 'chatwork', token);
    const status = await a.app.inject({ method: 'GET', url: '/api/chatwork/status', headers: bearer(token) });
    const connection = connectionStatusResponseSchema.parse(status.json()).connections[0]!;
    await a.app.inject({
      method: 'PUT',
      url: `/api/chatwork/connections/${connection.id}/webhook`,
      headers: bearer(token),
      payload: { token: WEBHOOK_TOKEN },
    });
    const { id: subscriptionId, ...browserJson } = await createPushSubscription(push.url);
    const subscribed = await b.app.inject({
      method: 'POST',
      url: '/api/push/devices',
      headers: bearer(token),
      payload: { ...browserJson, language: 'en' },
    });
    expect(subscribed.statusCode, subscribed.body).toBe(201);

    const me = connection.platform_user_id;
    const event = (messageId: string, body: string) => ({
      from_account_id: 4242,
      to_account_id: Number(me),
      room_id: 567890123,
      message_id: messageId,
      body,
      send_time: Math.floor(Date.now() / 1000),
    });
    const both = event('8100001', `[To:${me}] to both instances`);
    await Promise.all(
      [a, b, a].map((instance) => deliverChatworkMention(instance.app, connection.id, both, WEBHOOK_TOKEN)),
    );
    // A later mention through b shows both instances are done with the first.
    await deliverChatworkMention(b.app, connection.id, event('8100002', `[To:${me}] after`), WEBHOOK_TOKEN);
    await vi.waitFor(async () => {
      const urls = (await receivedPushes(push.url, subscriptionId)).map(
        (received) => (JSON.parse(received.payload) as { url: string }).url,
      );
      expect(urls.some((url) => url.includes('8100002'))).toBe(true);
    });
    await Promise.all([a.app.close(), b.app.close()]);
    const urls = (await receivedPushes(push.url, subscriptionId)).map(
      (received) => (JSON.parse(received.payload) as { url: string }).url,
    );
    expect(urls.filter((url) => url.includes('8100001'))).toHaveLength(1);
  });
});
