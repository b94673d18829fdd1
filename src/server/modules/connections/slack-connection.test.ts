import type { InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSlackEmulator } from '../../../../emulators/slack/slack-emulator.ts';
import { defaultSlackSeed, slackTs } from '../../../../emulators/slack/slack-seed.ts';
import {
  connectionStatusResponseSchema,
  slackMessageResultSchema,
  type SlackMessageResult,
} from '../../../contract/messages.ts';
import { expectApiError } from '../../test/api-error.ts';
import { bearer, registerUser, renewAccessToken } from '../../test/auth-helpers.ts';
import {
  approveConsent,
  connectAccount,
  control,
  denyConsent,
  emulatorRequests,
  finishCallback,
  startConnect,
} from '../../test/emulator-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { REFRESH_SEARCH_EVERY_MS } from '../slack-intake/slack-intake.service.ts';

const TICKETS_BOOKED = '<@U0ALICE00> tickets are booked :tada: :party-parrot:';

let emulator: { url: string; close(): Promise<void> };
let testApp: TestApp;
const logLines: string[] = [];
const responseBodies: string[] = [];

beforeAll(async () => {
  // The default workspace, plus a thread reply that mentions Alice in her own thread, with a standard and a custom emoji.
  const now = Date.now();
  const seed = defaultSlackSeed(now);
  const team = seed.teams[0]!;
  const parent = team.messages.find((message) => message.text === 'Release train leaves at 3')!;
  team.messages.push({
    channel: 'C0GENERAL',
    ts: slackTs(now, 10 * 60),
    user: 'U0BOB0000',
    text: TICKETS_BOOKED,
    thread_ts: parent.ts,
  });
  emulator = await startSlackEmulator({ seed });
  testApp = await createTestApp(
    {
      SLACK_CLIENT_ID: 'slack-client',
      SLACK_CLIENT_SECRET: 'slack-secret',
      SLACK_API_URL: `${emulator.url}/api`,
      SLACK_AUTHORIZE_URL: `${emulator.url}/oauth/v2/authorize`,
      PUBLIC_URL: 'https://matome.test',
    },
    { logger: { level: 'debug', stream: { write: (line: string) => logLines.push(line) } } },
  );
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

/** `app.inject`, keeping every response body to check that none carries a token. */
async function inject(options: InjectOptions) {
  const response = await app().inject(options);
  responseBodies.push(response.body);
  return response;
}

async function connectedUser() {
  const { accessToken: token, refreshToken } = (await registerUser(app())).tokens;
  const landed = await connectAccount(app(), 'slack', token);
  expect(Object.fromEntries(landed.searchParams)).toEqual({ slack: 'connected', workspace: 'Acme' });
  const [connection] = await status(token);
  return { token, refreshToken, connection: connection! };
}

async function status(token: string) {
  const response = await inject({ method: 'GET', url: '/api/slack/status', headers: bearer(token) });
  return connectionStatusResponseSchema.parse(response.json()).connections;
}

async function messages(token: string): Promise<SlackMessageResult> {
  const response = await inject({
    method: 'GET',
    url: '/api/slack/messages?refresh=1',
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return slackMessageResultSchema.parse(response.json());
}

async function reply(token: string, payload: Record<string, unknown>) {
  return inject({ method: 'POST', url: '/api/slack/reply', headers: bearer(token), payload });
}

async function calls(method: string) {
  return (await emulatorRequests(emulator.url)).filter((call) => call.path === `/api/${method}`);
}

describe('connecting Slack', () => {
  it('asks for user scopes only and stores the workspace and user', async () => {
    const token = (await registerUser(app())).tokens.accessToken;
    const authUrl = new URL(await startConnect(app(), 'slack', token));
    expect(authUrl.searchParams.get('user_scope')?.split(',')).toEqual(
      expect.arrayContaining(['search:read', 'users:read.email']),
    );
    expect(authUrl.searchParams.has('scope')).toBe(false);
    expect(authUrl.searchParams.get('redirect_uri')).toBe('https://matome.test/api/slack/callback');
    await finishCallback(app(), await approveConsent(authUrl.toString()));
    expect(await status(token)).toMatchObject([
      {
        platform: 'slack',
        platform_user_id: 'U0ALICE00',
        platform_user_name: 'alice',
        platform_workspace_id: 'T0ACME001',
        platform_workspace_name: 'Acme',
        // Slack gives the address only with users:read.email.
        platform_user_email: 'alice@acme.example',
        status: 'active',
      },
    ]);
  });

  it('stores nothing when consent is denied', async () => {
    await control(emulator.url, 'settings', { autoApprove: false });
    const token = (await registerUser(app())).tokens.accessToken;
    const landed = await finishCallback(app(), await denyConsent(await startConnect(app(), 'slack', token)));
    expect(landed.searchParams.get('slack')).toBe('error');
    expect(await status(token)).toEqual([]);
  });
});

describe('gathering Slack messages', () => {
  it('finds mentions, DMs, all-mentions and user-group mentions of the last 7 days, with names', async () => {
    const { token } = await connectedUser();
    const result = await messages(token);
    expect(result.accounts).toMatchObject([{ status: 'completed', channels_checked: 4, total_channels: 4 }]);
    const byText = Object.fromEntries(result.messages.map((message) => [message.body, message]));
    expect(Object.keys(byText).sort()).toEqual(
      [
        '<@U0ALICE00> can you check the release notes?',
        '<!channel> lunch is here',
        '<!here> launch review in 5',
        '<!subteam^S0DESIGN|@design> mockups please',
        'Are you around?',
        '<@U0ALICE00> 明日の件、よろしくお願いします',
        TICKETS_BOOKED,
      ].sort(),
    );
    // #random's '<!channel> cake in the kitchen' is found by search but not for Alice: she is not in #random.
    // Search returns bare ids; the timeline shows names.
    expect(byText['<@U0ALICE00> can you check the release notes?']!.content).toMatch(
      /^<@U0ALICE00\|[^>]+> can you check the release notes\?$/,
    );
    const threadReply = byText[TICKETS_BOOKED]!;
    // The standard short name travels with its emoji, so the browser needs no table; the custom one stays text.
    expect(threadReply.standard_emoji).toEqual([{ name: 'tada', emoji: '🎉' }]);
    expect(byText['Are you around?']!.standard_emoji).toBeUndefined();
    expect(threadReply.mention_types).toMatchObject({ is_reply: true, is_direct_mention: true });
    expect(threadReply.thread_ts).toBeDefined();
    expect(threadReply.thread_ts).not.toBe(threadReply.ts);
    expect(new URL(threadReply.original_url).searchParams.get('thread_ts')).toBe(threadReply.thread_ts);
    expect(byText['Are you around?']).toMatchObject({
      mention_types: { is_dm: true },
      account: { account_id: 'U0BOB0000', name: 'Bob Brown' },
      conversation_info: { id: 'D0ALICEBOB', name: 'Bob Brown', is_im: true },
    });
    expect(byText['<!here> launch review in 5']).toMatchObject({
      mention_types: { is_all_mention: true },
      conversation_info: { name: 'launch', is_group: true, is_channel: true },
    });
    expect(byText['<@U0ALICE00> 明日の件、よろしくお願いします']).toMatchObject({
      account: { name: 'hanako' },
      mention_types: { is_direct_mention: true, is_dm: true },
      conversation_info: { is_mpim: true },
    });
    const general = result.messages.filter((message) => message.conversation_info.id === 'C0GENERAL');
    expect(general.map((message) => message.position_index)).toEqual([1, 2, 3]);
    expect(byText['<@U0ALICE00> can you check the release notes?']!.original_url).toMatch(
      /^https?:\/\/.+\/archives\/C0GENERAL\/p\d+$/,
    );
    // Names are looked up once per person and then cached.
    await messages(token);
    expect(
      (await calls('users.info')).filter((call) => (call.body as { user?: string }).user === 'U0BOB0000'),
    ).toHaveLength(1);
    expect(await calls('usergroups.list')).toHaveLength(1);
  });

  it('waits out a short 429 on search; a longer one leaves a new account catching up, not failed', async () => {
    const { token } = await connectedUser();
    await control(emulator.url, 'faults', { method: 'search.messages', retryAfter: 1, times: 1 });
    expect((await messages(token)).accounts[0]!.error).toBeUndefined();

    const newcomer = await connectedUser();
    await control(emulator.url, 'faults', { method: 'search.messages', retryAfter: 120, times: 1 });
    const limited = await messages(newcomer.token);
    expect(limited.accounts[0]).toMatchObject({ status: 'completed', messages_found: 0 });
    const [connection] = await status(newcomer.token);
    expect(connection!.slack_intake).toMatchObject({ state: 'catching_up', backfill: { done: 0 } });
  });

  it('keeps showing the kept messages, without an error, when Slack answers a refresh with a long 429', async () => {
    const { token } = await connectedUser();
    const good = await messages(token);
    expect(good.messages.length).toBeGreaterThan(0);

    await control(emulator.url, 'faults', { method: 'search.messages', retryAfter: 120, times: 1 });
    laterBy(REFRESH_SEARCH_EVERY_MS);
    const limited = await messages(token);

    expect(limited.accounts[0]).toMatchObject({
      status: 'completed',
      stale: false,
      messages_found: good.messages.length,
    });
    expect(limited.messages.map((message) => message.platform_message_id)).toEqual(
      good.messages.map((message) => message.platform_message_id),
    );
    const [after] = await status(token);
    expect(after).toMatchObject({ status: 'active', slack_intake: { state: 'polling' } });
  });

  it('refreshes a rotating token before it expires, once for concurrent requests', async () => {
    const { refreshToken } = await connectedUser();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 11 * 60 * 60_000);
    const token = await renewAccessToken(app(), refreshToken);
    const results = await Promise.all(Array.from({ length: 4 }, () => messages(token)));
    expect(results.map((result) => result.accounts[0]!.error ?? 'ok')).toEqual(['ok', 'ok', 'ok', 'ok']);
    const refreshes = (await calls('oauth.v2.access')).filter(
      (call) => (call.body as { grant_type?: string }).grant_type === 'refresh_token',
    );
    expect(refreshes).toHaveLength(1);
  });

  it('needs re-authorisation when Slack refuses both the token and the refresh token', async () => {
    const { token } = await connectedUser();
    await control(emulator.url, 'reset');
    expect((await messages(token)).accounts[0]).toMatchObject({ error: { code: 'REAUTH_REQUIRED' } });
    expect((await status(token))[0]!.status).toBe('reauth_required');
  });
});

describe('replying and disconnecting on Slack', () => {
  it('posts in the thread as the user, turning @names into mentions that notify', async () => {
    const { token, connection } = await connectedUser();
    const asked = (await messages(token)).messages.find((message) => message.body.includes('release notes'))!;
    const sent = await reply(token, {
      connection_id: connection.id,
      channel_id: 'C0GENERAL',
      message: '@Bob Brown thanks! @here FYI',
      thread_ts: asked.ts,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const [post] = await calls('chat.postMessage');
    expect(post!.body).toMatchObject({
      channel: 'C0GENERAL',
      text: '<@U0BOB0000> thanks! <!here> FYI',
      thread_ts: asked.ts,
    });
  });

  it('answers 404 for a channel outside the connection or another user’s connection, 400 for a long reply', async () => {
    const { token, connection } = await connectedUser();
    expectApiError(
      await reply(token, { connection_id: connection.id, channel_id: 'C0NOWHERE', message: 'hi' }),
      404,
    );
    const stranger = (await registerUser(app())).tokens.accessToken;
    expectApiError(
      await reply(stranger, { connection_id: connection.id, channel_id: 'C0GENERAL', message: 'hi' }),
      404,
    );
    expectApiError(
      await reply(token, {
        connection_id: connection.id,
        channel_id: 'C0GENERAL',
        message: 'x'.repeat(10_001),
      }),
      400,
    );
    expect(await calls('chat.postMessage')).toEqual([]);
  });

  it('revokes the token at Slack when disconnecting', async () => {
    const { token, connection } = await connectedUser();
    const removed = await inject({
      method: 'DELETE',
      url: `/api/slack/disconnect/${connection.id}`,
      headers: bearer(token),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await calls('auth.revoke')).toHaveLength(1);
    expect(await status(token)).toEqual([]);
  });

  it('never puts a token in a response or a log line', async () => {
    const everything = [...responseBodies, ...logLines].join('\n');
    expect(responseBodies.length).toBeGreaterThan(10);
    expect(everything).not.toMatch(/xox[a-z]-|xoxe/);
  });
});
