import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startChatworkEmulator } from '../../../../emulators/chatwork/chatwork-emulator.ts';
import {
  createPushSubscription,
  receivedPushes,
  startPushEmulator,
} from '../../../../emulators/push/push-emulator.ts';
import { connectionStatusResponseSchema } from '../../../contract/messages.ts';
import {
  pushDeviceSchema,
  pushDevicesResponseSchema,
  pushPayloadSchema,
  type PushPayload,
} from '../../../contract/push-notifications.ts';
import { expectApiError } from '../../test/api-error.ts';
import { bearer, registerUser } from '../../test/auth-helpers.ts';
import { deliverChatworkMention } from '../../test/chatwork-webhook-helpers.ts';
import { connectAccount, control, gatherAfresh } from '../../test/emulator-helpers.ts';
import { createTestApp, testSecrets, type TestApp } from '../../test/test-app.ts';
import { createTokenCipher } from '../../lib/token-cipher.ts';
import { createPushSender } from './push-sender.ts';
import { createPushRepo } from './push.repo.ts';
import { createPushService } from './push.service.ts';

const WEBHOOK_TOKEN = Buffer.from('a webhook key of thirty-two bytes').toString('base64');
const CHROME_UA =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

let chatwork: { url: string; close(): Promise<void> };
let push: { url: string; close(): Promise<void> };
let testApp: TestApp;
/** The app's clock runs with real time, moved ahead by this much to end a collapse window. */
let clockOffset = 0;

beforeAll(async () => {
  chatwork = await startChatworkEmulator();
  push = await startPushEmulator();
  testApp = await createTestApp(
    {
      CHATWORK_CLIENT_ID: 'chatwork-client',
      CHATWORK_CLIENT_SECRET: 'chatwork-secret',
      CHATWORK_API_URL: `${chatwork.url}/v2`,
      CHATWORK_AUTHORIZE_URL: `${chatwork.url}/packages/oauth2/login.php`,
      CHATWORK_TOKEN_URL: `${chatwork.url}/token`,
      PUBLIC_URL: 'https://matome.test',
      PUSH_SERVICE_ORIGINS: `https://fcm.googleapis.com,${push.url}`,
    },
    { clock: () => Date.now() + clockOffset },
  );
});
afterAll(async () => {
  await testApp?.close();
  await chatwork?.close();
  await push?.close();
});
beforeEach(async () => {
  clockOffset = 0;
  await control(chatwork.url, 'settings', { autoApprove: true });
});

const app = () => testApp.app;

/** A signed-in person with a ChatWork connection whose webhook is set, as the live intake needs. */
async function person() {
  const { user, tokens } = await registerUser(app());
  const token = tokens.accessToken;
  await connectAccount(app(), 'chatwork', token);
  const status = await app().inject({ method: 'GET', url: '/api/chatwork/status', headers: bearer(token) });
  const connection = connectionStatusResponseSchema.parse(status.json()).connections[0]!;
  const set = await app().inject({
    method: 'PUT',
    url: `/api/chatwork/connections/${connection.id}/webhook`,
    headers: bearer(token),
    payload: { token: WEBHOOK_TOKEN },
  });
  expect(set.statusCode, set.body).toBe(204);
  return { userId: user.id, token, connection };
}

/** Subscribes a new emulator subscription as the browser would post it. */
async function subscribe(token: string, language: 'en' | 'jp' = 'en', options: { gone?: boolean } = {}) {
  const subscription = await createPushSubscription(push.url, {
    applicationServerKey: testSecrets.vapid.publicKey,
    ...options,
  });
  const { id: _emulatorId, ...browserJson } = subscription;
  const response = await app().inject({
    method: 'POST',
    url: '/api/push/devices',
    headers: { ...bearer(token), 'user-agent': CHROME_UA },
    payload: { ...browserJson, language },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { subscription, device: pushDeviceSchema.parse(response.json()) };
}

let messageCounter = 0;
async function mention(
  who: Awaited<ReturnType<typeof person>>,
  body: (me: string) => string,
  options: { room?: number; from?: number } = {},
): Promise<string> {
  messageCounter += 1;
  const me = who.connection.platform_user_id;
  const messageId = String(7_000_000 + messageCounter);
  const answer = await deliverChatworkMention(
    app(),
    who.connection.id,
    {
      from_account_id: options.from ?? 4242,
      to_account_id: Number(me),
      room_id: options.room ?? 567890123,
      message_id: messageId,
      body: body(me),
      send_time: Math.floor(Date.now() / 1000),
    },
    WEBHOOK_TOKEN,
  );
  expect(answer.statusCode).toBe(200);
  return messageId;
}

async function payloadsOf(subscriptionId: string): Promise<PushPayload[]> {
  return (await receivedPushes(push.url, subscriptionId)).map((received) =>
    pushPayloadSchema.parse(JSON.parse(received.payload)),
  );
}

describe('push devices', () => {
  it('gives the VAPID public key, adds a device once per endpoint, lists and removes only the owner’s', async () => {
    const owner = await person();
    const key = await app().inject({
      method: 'GET',
      url: '/api/push/public-key',
      headers: bearer(owner.token),
    });
    expect(key.json()).toEqual({ public_key: testSecrets.vapid.publicKey });
    expect(key.body).not.toContain(testSecrets.vapid.privateKey);

    const { subscription, device } = await subscribe(owner.token);
    expect(device.label).toBe('Chrome 130 on macOS');
    // The same endpoint again (the browser re-subscribed): still one device.
    const { id: _id, ...again } = subscription;
    const repeat = await app().inject({
      method: 'POST',
      url: '/api/push/devices',
      headers: bearer(owner.token),
      payload: { ...again, language: 'jp' },
    });
    expect(repeat.statusCode).toBe(201);
    const list = await app().inject({
      method: 'GET',
      url: '/api/push/devices',
      headers: bearer(owner.token),
    });
    const devices = pushDevicesResponseSchema.parse(list.json()).devices;
    expect(devices).toHaveLength(1);
    expect(list.body).not.toContain(subscription.keys.auth);
    expect(list.body).not.toContain(subscription.endpoint);

    const stranger = await registerUser(app());
    const strangerToken = stranger.tokens.accessToken;
    const deviceId = devices[0]!.id;
    expectApiError(
      await app().inject({
        method: 'DELETE',
        url: `/api/push/devices/${deviceId}`,
        headers: bearer(strangerToken),
      }),
      404,
    );
    expectApiError(
      await app().inject({
        method: 'POST',
        url: `/api/push/devices/${deviceId}/test`,
        headers: bearer(strangerToken),
      }),
      404,
    );
    const strangerList = await app().inject({
      method: 'GET',
      url: '/api/push/devices',
      headers: bearer(strangerToken),
    });
    expect(strangerList.json()).toEqual({ devices: [] });

    const removed = await app().inject({
      method: 'DELETE',
      url: `/api/push/devices/${deviceId}`,
      headers: bearer(owner.token),
    });
    expect(removed.statusCode).toBe(204);
    expectApiError(
      await app().inject({
        method: 'DELETE',
        url: `/api/push/devices/${deviceId}`,
        headers: bearer(owner.token),
      }),
      404,
    );
  });

  it('refuses an endpoint that is not at a known push service, and malformed keys, writing nothing', async () => {
    const owner = await person();
    const subscription = await createPushSubscription(push.url);
    const base = { endpoint: subscription.endpoint, keys: subscription.keys, language: 'en' };
    for (const payload of [
      { ...base, endpoint: 'https://attacker.example/push/1' },
      { ...base, endpoint: 'http://169.254.169.254/latest' },
      { ...base, endpoint: 'ftp://fcm.googleapis.com/x' },
      { ...base, keys: { p256dh: 'short', auth: subscription.keys.auth } },
      { ...base, keys: { p256dh: subscription.keys.p256dh } },
      { ...base, language: 'fr' },
      { ...base, extra: true },
    ]) {
      const response = await app().inject({
        method: 'POST',
        url: '/api/push/devices',
        headers: bearer(owner.token),
        payload,
      });
      expectApiError(response, 400);
    }
    const list = await app().inject({
      method: 'GET',
      url: '/api/push/devices',
      headers: bearer(owner.token),
    });
    expect(list.json()).toEqual({ devices: [] });
  });

  it('sends a test notification the push emulator decrypts, in the device’s language; a gone device is removed', async () => {
    const owner = await person();
    const { subscription, device } = await subscribe(owner.token, 'jp');
    const test = await app().inject({
      method: 'POST',
      url: `/api/push/devices/${device.id}/test`,
      headers: bearer(owner.token),
    });
    expect(test.json()).toEqual({ delivered: true });
    const [received] = await receivedPushes(push.url, subscription.id);
    expect(JSON.parse(received!.payload)).toMatchObject({ title: 'まとめのテスト通知', lang: 'jp' });
    expect(received!.vapid).toMatchObject({ aud: push.url, public_key: testSecrets.vapid.publicKey });
    const listed = await app().inject({
      method: 'GET',
      url: '/api/push/devices',
      headers: bearer(owner.token),
    });
    expect(pushDevicesResponseSchema.parse(listed.json()).devices[0]!.last_used_at).not.toBeNull();

    await fetch(`${push.url}/_control/subscriptions/${subscription.id}/gone`, { method: 'POST' });
    expectApiError(
      await app().inject({
        method: 'POST',
        url: `/api/push/devices/${device.id}/test`,
        headers: bearer(owner.token),
      }),
      404,
    );
    const after = await app().inject({
      method: 'GET',
      url: '/api/push/devices',
      headers: bearer(owner.token),
    });
    expect(after.json()).toEqual({ devices: [] });
  });
});

describe('push notifications from the live intake', () => {
  it('pushes a direct mention once to each device, with sender, place and the link to the message', async () => {
    const owner = await person();
    const first = await subscribe(owner.token, 'en');
    const second = await subscribe(owner.token, 'jp');
    const messageId = await mention(owner, (me) => `[To:${me}] Maya, the build is green`);
    await vi.waitFor(async () => expect(await payloadsOf(second.subscription.id)).toHaveLength(1));
    const [english] = await payloadsOf(first.subscription.id);
    expect(english).toMatchObject({
      count: 1,
      lang: 'en',
      url: `/dashboard?message=${encodeURIComponent(`chatwork-${messageId}`)}`,
    });
    // The first line is off by default: sender and place only.
    expect(english!.body).not.toContain('build is green');
    const [japanese] = await payloadsOf(second.subscription.id);
    expect(japanese!.lang).toBe('jp');

    // The same delivery again (a replay, or a second instance): no second push.
    await deliverChatworkMention(
      app(),
      owner.connection.id,
      {
        from_account_id: 4242,
        to_account_id: Number(owner.connection.platform_user_id),
        room_id: 567890123,
        message_id: messageId,
        body: `[To:${owner.connection.platform_user_id}] Maya, the build is green`,
        send_time: Math.floor(Date.now() / 1000),
      },
      WEBHOOK_TOKEN,
    );
    const marker = await mention(owner, (me) => `[To:${me}] marker`);
    await vi.waitFor(async () => expect(await payloadsOf(first.subscription.id)).toHaveLength(2));
    expect((await payloadsOf(first.subscription.id)).at(-1)!.url).toContain(marker);
  });

  it('shows the first line when allowed, and collapses a burst within a minute into one counting notification', async () => {
    const owner = await person();
    const { subscription } = await subscribe(owner.token);
    const saved = await app().inject({
      method: 'PUT',
      url: '/api/push/preferences',
      headers: bearer(owner.token),
      payload: { kinds: ['mention', 'dm'], connection_ids: null, include_first_line: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await mention(owner, (me) => `[To:${me}] First of three`);
    await vi.waitFor(async () => expect(await payloadsOf(subscription.id)).toHaveLength(1));
    await mention(owner, (me) => `[To:${me}] Second`);
    await vi.waitFor(async () => expect(await payloadsOf(subscription.id)).toHaveLength(2));
    await mention(owner, (me) => `[To:${me}] Third`);
    await vi.waitFor(async () => expect(await payloadsOf(subscription.id)).toHaveLength(3));
    const [one, two, three] = await payloadsOf(subscription.id);
    expect(one!.body).toContain('First of three');
    expect(two).toMatchObject({ count: 2, title: '2 new mentions', tag: one!.tag });
    expect(three).toMatchObject({ count: 3, title: '3 new mentions', tag: one!.tag });

    // A minute later a new burst starts: a notification of its own that alerts again.
    clockOffset = 61_000;
    await mention(owner, (me) => `[To:${me}] Later`);
    await vi.waitFor(async () => expect(await payloadsOf(subscription.id)).toHaveLength(4));
    const later = (await payloadsOf(subscription.id)).at(-1)!;
    expect(later.count).toBe(1);
    expect(later.tag).not.toBe(one!.tag);
  });

  it('follows the kinds, the rules’ mutes and their notify and never-notify actions', async () => {
    const owner = await person();
    const { subscription } = await subscribe(owner.token);
    const room = 567890123;
    const pushed = async (body: (me: string) => string, options: { room?: number } = {}) => {
      const before = (await payloadsOf(subscription.id)).length;
      const id = await mention(owner, body, options);
      // A marker mention that notifies in every step (a direct mention, and urgent) shows the intake has finished
      // with the one before it.
      const marker = await mention(owner, (me) => `[To:${me}] urgent marker`);
      await vi.waitFor(async () =>
        expect((await payloadsOf(subscription.id)).some((p) => p.url.includes(marker))).toBe(true),
      );
      return (await payloadsOf(subscription.id)).slice(before).some((p) => p.url.includes(id));
    };

    // Kinds: an all-mention does not notify by default; chosen, it does.
    expect(await pushed(() => '[toall] Everyone, lunch is here')).toBe(false);
    await app().inject({
      method: 'PUT',
      url: '/api/push/preferences',
      headers: bearer(owner.token),
      payload: { kinds: ['mention', 'dm', 'all-mention'], connection_ids: null, include_first_line: false },
    });
    expect(await pushed(() => '[toall] Everyone, cake')).toBe(true);

    // A rule that mutes a room: nothing from it notifies, even a direct mention.
    const muteRoom = await app().inject({
      method: 'POST',
      url: '/api/rules',
      headers: bearer(owner.token),
      payload: { conditions: { places: [{ platform: 'chatwork', id: '1234' }] }, actions: { mute: true } },
    });
    expect(muteRoom.statusCode, muteRoom.body).toBe(201);
    expect(await pushed((me) => `[To:${me}] from the muted room`, { room: 1234 })).toBe(false);

    // "Never notify" for one room's words; "notify" wins over kinds not chosen.
    await app().inject({
      method: 'POST',
      url: '/api/rules',
      headers: bearer(owner.token),
      payload: { conditions: { words: 'deploy' }, actions: { notify: 'never' } },
    });
    expect(await pushed((me) => `[To:${me}] deploy finished`, { room })).toBe(false);
    await app().inject({
      method: 'PUT',
      url: '/api/push/preferences',
      headers: bearer(owner.token),
      payload: { kinds: ['dm'], connection_ids: null, include_first_line: false },
    });
    await app().inject({
      method: 'POST',
      url: '/api/rules',
      headers: bearer(owner.token),
      payload: { conditions: { words: 'urgent' }, actions: { notify: 'always' } },
    });
    expect(await pushed((me) => `[To:${me}] urgent: the server is down`, { room })).toBe(true);
  });

  it('holds what comes during quiet hours across midnight in the person’s zone, and tells it once when they end', async () => {
    const owner = await person();
    const { subscription } = await subscribe(owner.token);
    // A zone where it is 23:xx now, with quiet hours 22:00–02:00 there (Etc/GMT-N is N hours east of UTC).
    const hour = new Date().getUTCHours();
    const east = (23 - hour + 24) % 24;
    const offset = east > 14 ? east - 24 : east;
    const zone = offset === 0 ? 'Etc/UTC' : offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
    const setQuiet = (quiet_hours: unknown) =>
      app().inject({
        method: 'PUT',
        url: '/api/rules/settings',
        headers: bearer(owner.token),
        payload: { match_mode: 'all', quiet_hours },
      });
    expect((await setQuiet({ start: '22:00', end: '02:00', time_zone: zone })).statusCode).toBe(200);
    // The webhook answers before the intake decides, so each mention is waited for until it is held: both before the
    // quiet hours are lifted, and the first before the second comes, as two messages some time apart do (held at
    // once, two intakes can finish in either order, and the later one's link is kept).
    const heldCount = async () => {
      const held = (await testApp.database.db.execute(
        `select count from push_held where user_id = '${owner.userId}'`,
      )) as { rows: { count: number }[] };
      return held.rows[0]?.count ?? 0;
    };
    const first = await mention(owner, (me) => `[To:${me}] at night`);
    await vi.waitFor(async () => expect(await heldCount()).toBe(1));
    const second = await mention(owner, (me) => `[To:${me}] later at night`);
    await vi.waitFor(async () => expect(await heldCount()).toBe(2));

    // Quiet hours over: the next mention notifies at once, the held ones did not.
    expect((await setQuiet(null)).statusCode).toBe(200);
    const day = await mention(owner, (me) => `[To:${me}] in the day`);
    await vi.waitFor(async () => expect(await payloadsOf(subscription.id)).toHaveLength(1));
    expect((await payloadsOf(subscription.id))[0]!.url).toContain(day);

    // Once their end has come (in under three hours), one notification tells how many came, linking the newest.
    const release = (hoursAhead: number) =>
      createPushService({
        repo: createPushRepo(testApp.database.db),
        cipher: createTokenCipher(testSecrets.tokenEncryptionKey),
        push: {
          sender: createPushSender({
            vapid: testSecrets.vapid,
            subject: 'mailto:support@matome.test',
            timeoutMs: 5_000,
          }),
          publicKey: testSecrets.vapid.publicKey,
        },
        allowedOrigins: [push.url],
        isDemo: async () => false,
        connectedAt: async () => new Map(),
        quietHoursOf: async () => null,
        clock: () => Date.now() + hoursAhead * 3_600_000,
        log: { warn: () => undefined, error: () => undefined },
      }).releaseHeld();
    await release(0);
    expect(await payloadsOf(subscription.id)).toHaveLength(1);
    await release(3);
    await release(3);
    const [, held, ...more] = await payloadsOf(subscription.id);
    expect(more).toEqual([]);
    expect(held).toMatchObject({ title: '2 messages came during your quiet hours', count: 2 });
    expect(held!.url).toContain(second);
    expect(held!.url).not.toContain(first);
  });

  it("never pushes a new connection's history, even from its last minutes", async () => {
    // Two people on Aiko's account (1001): one connected before the mention, one just after it.
    const before = (await registerUser(app())).tokens.accessToken;
    await connectAccount(app(), 'chatwork', before);
    const { subscription: earlier } = await subscribe(before);
    const posted = await fetch(`${chatwork.url}/_control/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account_id: 1002, room_id: 2003, body: '[To:1001] minutes before the second' }),
    });
    const { message_id: messageId } = (await posted.json()) as { message_id: string };
    // send_time has whole seconds: the second connection is made in a later one.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const after = (await registerUser(app())).tokens.accessToken;
    const { subscription: later } = await subscribe(after);
    await connectAccount(app(), 'chatwork', after);

    const history = await gatherAfresh(app(), 'chatwork', after);
    expect(history.messages.map((message) => message.content)).toContain(
      '[To:1001] minutes before the second',
    );
    await gatherAfresh(app(), 'chatwork', before);
    await vi.waitFor(async () => expect(await payloadsOf(earlier.id)).not.toHaveLength(0));
    expect((await payloadsOf(earlier.id)).map((payload) => payload.url)).toEqual([
      `/dashboard?message=${encodeURIComponent(`chatwork-${messageId}`)}`,
    ]);
    expect(await payloadsOf(later.id)).toEqual([]);
  });

  it('pushes a fresh mention a gathering found, once, and nothing older', async () => {
    const { tokens } = await registerUser(app());
    const token = tokens.accessToken;
    await connectAccount(app(), 'chatwork', token);
    const status = await app().inject({ method: 'GET', url: '/api/chatwork/status', headers: bearer(token) });
    const me = connectionStatusResponseSchema.parse(status.json()).connections[0]!.platform_user_id;
    const { subscription } = await subscribe(token);
    const posted = await fetch(`${chatwork.url}/_control/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account_id: 1002, room_id: 2003, body: `[To:${me}] found by a gathering` }),
    });
    expect(posted.status).toBe(200);
    const { message_id: messageId } = (await posted.json()) as { message_id: string };
    await gatherAfresh(app(), 'chatwork', token);
    await gatherAfresh(app(), 'chatwork', token);
    await vi.waitFor(async () => expect(await payloadsOf(subscription.id)).not.toHaveLength(0));
    const urls = (await payloadsOf(subscription.id)).map((payload) => payload.url);
    expect(urls).toEqual([`/dashboard?message=${encodeURIComponent(`chatwork-${messageId}`)}`]);
  });
});
