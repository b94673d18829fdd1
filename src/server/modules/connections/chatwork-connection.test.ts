import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startChatworkEmulator } from '../../../../emulators/chatwork/chatwork-emulator.ts';
import { connectionsOverviewSchema } from '../../../contract/connections.ts';
import {
  chatworkMessageResultSchema,
  connectionStatusResponseSchema,
  type ChatworkMessageResult,
} from '../../../contract/messages.ts';
import { createTokenCipher } from '../../lib/token-cipher.ts';
import { expectApiError } from '../../test/api-error.ts';
import { bearer, nextAddress, registerUser } from '../../test/auth-helpers.ts';
import {
  approveConsent,
  chatworkEmulatorSettings,
  connectAccount,
  control,
  denyConsent,
  emulatorRequests,
  finishCallback,
  startConnect,
} from '../../test/emulator-helpers.ts';
import { createTestApp, testSecrets, type TestApp } from '../../test/test-app.ts';
import { GATHERING_SHARED_FOR_MS } from '../messages/connected-message-source.ts';
import { createConnectionsRepo } from './connections.repo.ts';
import { tampered } from '../../test/tampered.ts';

let emulator: { url: string; close(): Promise<void> };
let testApp: TestApp;
const logLines: string[] = [];

function chatworkSettings(url: string, extra: Record<string, string> = {}) {
  return { ...chatworkEmulatorSettings(url), PROVIDER_TIMEOUT_MS: '1000', ...extra };
}

beforeAll(async () => {
  emulator = await startChatworkEmulator();
  testApp = await createTestApp(chatworkSettings(emulator.url), {
    logger: { level: 'debug', stream: { write: (line: string) => logLines.push(line) } },
  });
});
afterAll(async () => {
  await testApp?.close();
  await emulator?.close();
});
beforeEach(async () => {
  await control(emulator.url, 'reset');
  await control(emulator.url, 'settings', { autoApprove: true });
});
afterEach(() => vi.useRealTimers());

const app = () => testApp.app;

/** Moves the app's clock on, e.g. past the time a gathering is shared with later requests. */
function laterBy(ms: number) {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now + ms);
}

async function newUser() {
  return (await registerUser(app())).tokens.accessToken;
}

async function statusOf(token: string, platform: 'chatwork' | 'slack') {
  const response = await app().inject({
    method: 'GET',
    url: `/api/${platform}/status`,
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  return connectionStatusResponseSchema.parse(response.json()).connections;
}

const status = (token: string) => statusOf(token, 'chatwork');

async function messages(token: string, target: TestApp = testApp): Promise<ChatworkMessageResult> {
  const response = await target.app.inject({
    method: 'GET',
    url: '/api/chatwork/messages?refresh=1',
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return chatworkMessageResultSchema.parse(response.json());
}

async function reply(token: string, payload: Record<string, unknown>) {
  return app().inject({ method: 'POST', url: '/api/chatwork/reply', headers: bearer(token), payload });
}

describe('connecting ChatWork', () => {
  it('connects through the consent page with PKCE, stores the tokens sealed, and returns to the dashboard', async () => {
    const registered = await registerUser(app());
    const token = registered.tokens.accessToken;
    const authUrl = new URL(await startConnect(app(), 'chatwork', token));
    expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authUrl.searchParams.get('redirect_uri')).toBe('https://matome.test/api/chatwork/callback');

    const landed = await finishCallback(app(), await approveConsent(authUrl.toString()));
    expect(landed.origin + landed.pathname).toBe('https://matome.test/dashboard');
    expect(Object.fromEntries(landed.searchParams)).toEqual({
      chatwork: 'connected',
      workspace: 'Matome Inc.',
    });

    const [connection, ...others] = await status(token);
    expect(others).toEqual([]);
    expect(connection).toMatchObject({
      platform: 'chatwork',
      platform_user_id: '1001',
      platform_user_name: 'Aiko Tanaka',
      platform_workspace_name: 'Matome Inc.',
      status: 'active',
      is_sample: false,
    });

    const rows = await createConnectionsRepo(testApp.database.db).listForUser(registered.user.id, 'chatwork');
    const cipher = createTokenCipher(testSecrets.tokenEncryptionKey);
    const accessToken = cipher.open(rows[0]!.accessTokenEncrypted, 'access');
    expect(accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(rows[0]!.accessTokenEncrypted).not.toContain(accessToken);
    expect(cipher.open(rows[0]!.refreshTokenEncrypted!, 'refresh')).toBeTruthy();
    expect(logLines.join('\n')).not.toContain(accessToken!);
  });

  it('updates the connection when the same account connects again', async () => {
    const token = await newUser();
    await connectAccount(app(), 'chatwork', token);
    const [first] = await status(token);
    await connectAccount(app(), 'chatwork', token);
    const again = await status(token);
    expect(again.map((connection) => connection.id)).toEqual([first!.id]);
  });

  it('stores nothing when consent is denied', async () => {
    await control(emulator.url, 'settings', { autoApprove: false });
    const token = await newUser();
    const landed = await finishCallback(
      app(),
      await denyConsent(await startConnect(app(), 'chatwork', token)),
    );
    expect(landed.searchParams.get('chatwork')).toBe('error');
    expect(landed.searchParams.get('message')).toMatch(/not granted/);
    expect(await status(token)).toEqual([]);
  });

  it('refuses a tampered, replayed or expired state and stores nothing', async () => {
    const token = await newUser();
    const callback = await approveConsent(await startConnect(app(), 'chatwork', token));
    const changed = callback.replace(/state=([^&]+)/, (_match, state: string) => `state=${tampered(state)}`);
    expect((await finishCallback(app(), changed)).searchParams.get('chatwork')).toBe('error');
    expect(await status(token)).toEqual([]);

    expect((await finishCallback(app(), callback)).searchParams.get('chatwork')).toBe('connected');
    const replayed = await finishCallback(app(), callback);
    expect(replayed.searchParams.get('chatwork')).toBe('error');
    expect(replayed.searchParams.get('message')).toMatch(/expired or was already used/);
    expect(await status(token)).toHaveLength(1);

    const other = await newUser();
    const late = await approveConsent(await startConnect(app(), 'chatwork', other));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 11 * 60_000);
    expect((await finishCallback(app(), late)).searchParams.get('chatwork')).toBe('error');
    vi.useRealTimers();
    expect(await status(other)).toEqual([]);
  });

  it('holds a free plan to 2 connections at connect time and at the callback', async () => {
    const token = await newUser();
    await control(emulator.url, 'settings', { autoApprove: true, approveAs: '1001' });
    await connectAccount(app(), 'chatwork', token);
    // Two consents started while one slot is free: only the first to come back may use it.
    const second = await approveConsentAs('1002', await startConnect(app(), 'chatwork', token));
    const third = await approveConsentAs('1003', await startConnect(app(), 'chatwork', token));
    expect((await finishCallback(app(), second)).searchParams.get('chatwork')).toBe('connected');
    const refused = await finishCallback(app(), third);
    expect(refused.searchParams.get('chatwork')).toBe('error');
    expect(refused.searchParams.get('message')).toMatch(/connection limit/);
    expect(await status(token)).toHaveLength(2);

    const atLimit = await app().inject({
      method: 'POST',
      url: '/api/chatwork/connect',
      headers: bearer(token),
    });
    expect(expectApiError(atLimit, 403).code).toBe('CONNECTION_LIMIT');
    const overview = connectionsOverviewSchema.parse(
      (
        await app().inject({ method: 'GET', url: '/api/connections/overview', headers: bearer(token) })
      ).json(),
    );
    expect(overview).toEqual({
      plan: 'free',
      limit: 2,
      used: 2,
      sample: 0,
      providers: { slack: { configured: false }, chatwork: { configured: true } },
    });
  });

  it('says a provider without credentials is not configured', async () => {
    const token = await newUser();
    const connect = await app().inject({ method: 'POST', url: '/api/slack/connect', headers: bearer(token) });
    expect(expectApiError(connect, 409).code).toBe('PROVIDER_NOT_CONFIGURED');
    const landed = await finishCallback(app(), '/api/slack/callback?code=x&state=y');
    expect(Object.fromEntries(landed.searchParams)).toEqual({
      slack: 'error',
      message: 'This service is not configured on the server.',
    });
  });

  it('lets demo accounts neither connect nor reply', async () => {
    const login = await app().inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'demo-en@example.com', password: 'demo1234' },
      remoteAddress: nextAddress(),
    });
    const demo = (login.json() as { tokens: { accessToken: string } }).tokens.accessToken;
    const connect = await app().inject({
      method: 'POST',
      url: '/api/chatwork/connect',
      headers: bearer(demo),
    });
    expect(expectApiError(connect, 403).code).toBe('DEMO_RESTRICTED');
    const overview = await app().inject({
      method: 'GET',
      url: '/api/connections/overview',
      headers: bearer(demo),
    });
    const shown = (await status(demo)).length + (await statusOf(demo, 'slack')).length;
    // Sample connections are not usage: the demo account has used none of its plan.
    expect(connectionsOverviewSchema.parse(overview.json())).toMatchObject({ used: 0, sample: shown });
    expect(shown).toBeGreaterThan(2);
    const [sample] = await status(demo);
    const replied = await reply(demo, { connection_id: sample!.id, room_id: '1', message: 'hi' });
    expect(expectApiError(replied, 403).code).toBe('DEMO_RESTRICTED');
    expect((await emulatorRequests(emulator.url)).length).toBe(0);
  });
});

describe('gathering ChatWork messages', () => {
  it('reads the latest messages of each room with force=1 and keeps those that concern me', async () => {
    const token = await newUser();
    await connectAccount(app(), 'chatwork', token);
    const result = await messages(token);

    expect(result.accounts).toMatchObject([{ status: 'completed', rooms_checked: 2, total_rooms: 2 }]);
    const byBody = Object.fromEntries(
      result.messages.map((message) => [message.body.split('\n').pop(), message]),
    );
    expect(Object.keys(byBody).sort()).toEqual(
      [
        'Are you free for lunch?',
        'Could you review the plan?',
        'Stand-up moves to 10:00.',
        '確認しました。',
      ].sort(),
    );
    expect(byBody['Are you free for lunch?']!.mention_types).toMatchObject({ is_dm: true });
    expect(byBody['Could you review the plan?']!.mention_types).toMatchObject({ is_direct_mention: true });
    expect(byBody['確認しました。']!.mention_types).toMatchObject({ is_reply: true });
    expect(byBody['Stand-up moves to 10:00.']!).toMatchObject({
      mention_types: { is_all_mention: true },
      position_index: 1,
      room_info: { room_id: 2003, name: 'Project Matome', type: 'group' },
    });
    expect(byBody['Could you review the plan?']!.position_index).toBe(4);
    expect(result.messages.map((message) => message.send_time)).toEqual(
      [...result.messages.map((message) => message.send_time)].sort((a, b) => b - a),
    );

    const reads = (await emulatorRequests(emulator.url)).filter((call) => /\/messages$/.test(call.path));
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.every((call) => call.method === 'GET' && call.query.force === '1')).toBe(true);
    const [connection] = await status(token);
    expect(connection!.last_success_at).not.toBeNull();

    // One account on its own, as the panel's refresh asks; nobody else's.
    const url = `/api/chatwork/messages/${connection!.id}?refresh=1`;
    const one = await app().inject({ method: 'GET', url, headers: bearer(token) });
    expect(chatworkMessageResultSchema.parse(one.json()).messages).toHaveLength(result.messages.length);
    expectApiError(await app().inject({ method: 'GET', url, headers: bearer(await newUser()) }), 404);
  });

  it('waits out a short 429 and then succeeds', async () => {
    const token = await newUser();
    await connectAccount(app(), 'chatwork', token);
    await control(emulator.url, 'faults', { path: '/v2/rooms', retryAfter: 1, times: 1 });
    const started = Date.now();
    const result = await messages(token);
    expect(result.accounts[0]!.status).toBe('completed');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    const roomLists = (await emulatorRequests(emulator.url)).filter((call) => call.path === '/v2/rooms');
    expect(roomLists.map((call) => call.status)).toEqual([429, 200]);
  });

  it('reports a failing account in its stats while the other account succeeds', async () => {
    const token = await newUser();
    await control(emulator.url, 'settings', { autoApprove: true, approveAs: '1001' });
    await connectAccount(app(), 'chatwork', token);
    await control(emulator.url, 'settings', { autoApprove: true, approveAs: '1002' });
    await connectAccount(app(), 'chatwork', token);
    await control(emulator.url, 'faults', { path: '/v2/rooms', status: 503, times: 1 });
    const result = await messages(token);
    expect(result.accounts.map((account) => account.status).sort()).toEqual(['completed', 'error']);
    const failed = result.accounts.find((account) => account.status === 'error')!;
    expect(failed.error).toEqual({
      code: 'PROVIDER_UNAVAILABLE',
      message: expect.stringMatching(/server error/),
    });
    const succeeded = result.accounts.find((account) => account.status === 'completed')!;
    expect(
      result.messages.every((message) => message.account_info.connection_id === succeeded.connection_id),
    ).toBe(true);
    expect(result.messages).toHaveLength(succeeded.messages_found);
    const failedStatus = (await status(token)).find((connection) => connection.id === failed.connection_id);
    expect(failedStatus!.status).toBe('error');
  });

  it('reports a timeout and a response that is not JSON as that account’s error', async () => {
    const token = await newUser();
    await connectAccount(app(), 'chatwork', token);
    await control(emulator.url, 'faults', { path: '/v2/rooms', latencyMs: 2500, times: 1 });
    expect((await messages(token)).accounts[0]!.error?.code).toBe('TIMEOUT_ERROR');
    await control(emulator.url, 'faults', { path: '/v2/rooms', status: 200, body: '<html>oops', times: 1 });
    laterBy(GATHERING_SHARED_FOR_MS);
    expect((await messages(token)).accounts[0]!.error?.code).toBe('INVALID_RESPONSE');
    laterBy(GATHERING_SHARED_FOR_MS);
    expect((await messages(token)).accounts[0]!.status).toBe('completed');
  });
});

describe('refreshing ChatWork tokens', () => {
  it('refreshes an expiring token once, even for concurrent requests on two instances', async () => {
    const token = await newUser();
    await connectAccount(app(), 'chatwork', token);
    const twin = await createTestApp(chatworkSettings(emulator.url), { database: testApp.database });
    try {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 14 * 60_000);
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, index) => messages(token, index % 2 ? twin : testApp)),
      );
      expect(results.every((result) => result.accounts[0]!.status === 'completed')).toBe(true);
      const refreshes = (await emulatorRequests(emulator.url)).filter(
        (call) =>
          call.path === '/token' && (call.body as { grant_type?: string }).grant_type === 'refresh_token',
      );
      expect(refreshes).toHaveLength(1);
    } finally {
      vi.useRealTimers();
      await twin.close();
    }
  });

  it('marks the connection as needing re-authorisation when the refresh token is refused', async () => {
    const token = await newUser();
    await connectAccount(app(), 'chatwork', token);
    await control(emulator.url, 'reset'); // forgets every token it issued
    const result = await messages(token);
    expect(result.accounts[0]).toMatchObject({ status: 'error', error: { code: 'REAUTH_REQUIRED' } });
    expect((await status(token))[0]!.status).toBe('reauth_required');

    // At the plan limit a connection that needs re-authorisation can still be connected again.
    await control(emulator.url, 'settings', { autoApprove: true, approveAs: '1002' });
    await connectAccount(app(), 'chatwork', token);
    await control(emulator.url, 'settings', { autoApprove: true, approveAs: '1001' });
    const again = await connectAccount(app(), 'chatwork', token);
    expect(again.searchParams.get('chatwork')).toBe('connected');
    expect((await status(token)).map((connection) => connection.status)).toEqual(['active', 'active']);
  });
});

describe('replying and disconnecting on ChatWork', () => {
  it('posts a reply as a form body in a room of the connection, and 404s for other rooms and connections', async () => {
    const token = await newUser();
    await connectAccount(app(), 'chatwork', token);
    const [connection] = await status(token);
    const text = '[rp aid=1002 to=2003-1]Ben Carter-san\nThanks, on it!';
    const sent = await reply(token, { connection_id: connection!.id, room_id: '2003', message: text });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ success: true, message: 'Reply sent' });
    const posts = (await emulatorRequests(emulator.url)).filter(
      (call) => call.method === 'POST' && call.path === '/v2/rooms/2003/messages',
    );
    expect(posts.map((call) => call.body)).toEqual([{ body: text }]);

    expectApiError(
      await reply(token, { connection_id: connection!.id, room_id: '999999', message: 'hi' }),
      404,
    );
    const stranger = await newUser();
    expectApiError(
      await reply(stranger, { connection_id: connection!.id, room_id: '2003', message: 'hi' }),
      404,
    );
    const long = await reply(token, {
      connection_id: connection!.id,
      room_id: '2003',
      message: 'x'.repeat(10_001),
    });
    expect(expectApiError(long, 400).message).toMatch(/message/);
    expectApiError(
      await reply(token, { connection_id: connection!.id, room_id: '2003', message: '   ' }),
      400,
    );
    expect(
      (await emulatorRequests(emulator.url)).filter(
        (call) => call.method === 'POST' && call.path.endsWith('/messages'),
      ),
    ).toHaveLength(1);
  });

  it('disconnects only the owner’s connection', async () => {
    const token = await newUser();
    await connectAccount(app(), 'chatwork', token);
    const [connection] = await status(token);
    const stranger = await newUser();
    const url = `/api/chatwork/disconnect/${connection!.id}`;
    expectApiError(await app().inject({ method: 'DELETE', url, headers: bearer(stranger) }), 404);
    expectApiError(
      await app().inject({
        method: 'DELETE',
        url: '/api/slack/disconnect/' + connection!.id,
        headers: bearer(token),
      }),
      404,
    );
    const removed = await app().inject({ method: 'DELETE', url, headers: bearer(token) });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ success: true, message: 'Disconnected Matome Inc.' });
    expect(await status(token)).toEqual([]);
    expectApiError(await app().inject({ method: 'DELETE', url, headers: bearer(token) }), 404);
  });
});

async function approveConsentAs(account: string, authUrl: string): Promise<string> {
  await control(emulator.url, 'settings', { autoApprove: true, approveAs: account });
  return approveConsent(authUrl);
}
