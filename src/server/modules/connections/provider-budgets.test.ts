import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startChatworkEmulator } from '../../../../emulators/chatwork/chatwork-emulator.ts';
import { startSlackEmulator } from '../../../../emulators/slack/slack-emulator.ts';
import { expectApiError } from '../../test/api-error.ts';
import { bearer, registerUser } from '../../test/auth-helpers.ts';
import {
  connectAccount,
  control,
  emulatorRequests,
  finishCallback,
  startConnect,
} from '../../test/emulator-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { chatworkMessageResultSchema } from '../../../contract/messages.ts';
import { GATHERING_SHARED_FOR_MS } from '../messages/connected-message-source.ts';
import { FORCED_REFRESHES_PER_USER } from '../messages/messages.routes.ts';
import { MAX_PENDING_OAUTH_STATES, OAUTH_STATE_TTL_MS } from '../oauth-flows/oauth-flows.service.ts';
import { CALLBACKS_PER_USER, CONNECT_STARTS_PER_USER } from './connections.routes.ts';

/**
 * One user cannot spend everyone's provider budget (decision 051): connect starts, callbacks and forced refreshes
 * are budgeted per user, code exchanges are counted per user, and a connection is gathered at most once per 30 s.
 */

let slack: { url: string; close(): Promise<void> };
let chatwork: { url: string; close(): Promise<void> };
let testApp: TestApp;

beforeAll(async () => {
  slack = await startSlackEmulator();
  chatwork = await startChatworkEmulator();
  testApp = await createTestApp({
    SLACK_CLIENT_ID: 'slack-client',
    SLACK_CLIENT_SECRET: 'slack-secret',
    SLACK_API_URL: `${slack.url}/api`,
    SLACK_AUTHORIZE_URL: `${slack.url}/oauth/v2/authorize`,
    CHATWORK_CLIENT_ID: 'chatwork-client',
    CHATWORK_CLIENT_SECRET: 'chatwork-secret',
    CHATWORK_API_URL: `${chatwork.url}/v2`,
    CHATWORK_AUTHORIZE_URL: `${chatwork.url}/packages/oauth2/login.php`,
    CHATWORK_TOKEN_URL: `${chatwork.url}/token`,
    PUBLIC_URL: 'https://matome.test',
  });
});
afterAll(async () => {
  await testApp?.close();
  await slack?.close();
  await chatwork?.close();
});
beforeEach(async () => {
  for (const emulator of [slack, chatwork]) {
    await control(emulator.url, 'reset');
    await control(emulator.url, 'settings', { autoApprove: true });
  }
});
afterEach(() => vi.useRealTimers());

const app = () => testApp.app;
const newUser = async () => (await registerUser(app())).tokens.accessToken;

/** A callback that comes back from Slack with a code Slack never issued. */
async function junkCallback(token: string): Promise<void> {
  const state = new URL(await startConnect(app(), 'slack', token)).searchParams.get('state')!;
  const landed = await finishCallback(app(), `/api/slack/callback?code=junk&state=${state}`);
  expect(landed.searchParams.get('slack')).toBe('error');
}

async function codeExchanges(): Promise<number> {
  return (await emulatorRequests(slack.url)).filter((call) => call.path === '/api/oauth.v2.access').length;
}

describe('connect and callback budgets', () => {
  it('lets one user start only so many consents, with a clear 429, and not touch anyone else’s', async () => {
    const token = await newUser();
    for (let attempt = 0; attempt < CONNECT_STARTS_PER_USER.points; attempt += 1) {
      // Abandoned consents expire after 10 minutes; the budget for starting them counts for 15.
      if (attempt === MAX_PENDING_OAUTH_STATES) {
        vi.spyOn(Date, 'now').mockReturnValue(Date.now() + OAUTH_STATE_TTL_MS + 1000);
      }
      await startConnect(app(), 'chatwork', token);
    }
    const refused = await app().inject({
      method: 'POST',
      url: '/api/chatwork/connect',
      headers: bearer(token),
    });
    expect(expectApiError(refused, 429).code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await connectAccount(app(), 'chatwork', await newUser())).searchParams.get('chatwork')).toBe(
      'connected',
    );
  });

  it('spends no one else’s code exchanges on junk codes, and sends a spent or unknown state nowhere', async () => {
    // Two users return 22 consents with codes Slack never issued: more than a minute's shared budget was.
    for (const token of [await newUser(), await newUser()]) {
      for (let attempt = 0; attempt < 11; attempt += 1) await junkCallback(token);
    }
    expect(await codeExchanges()).toBe(22);
    expect((await connectAccount(app(), 'slack', await newUser())).searchParams.get('slack')).toBe(
      'connected',
    );

    const before = await codeExchanges();
    const unknown = await finishCallback(app(), '/api/slack/callback?code=junk&state=forged-state');
    expect(unknown.searchParams.get('slack')).toBe('error');
    expect(await codeExchanges()).toBe(before);
  });

  it('counts callbacks against the user whose consent they finish', async () => {
    const token = await newUser();
    const startState = async () =>
      new URL(await startConnect(app(), 'slack', token)).searchParams.get('state')!;
    // Each consent returns before the next starts: no more than the pending-consent cap is ever open.
    for (let attempt = 0; attempt < CALLBACKS_PER_USER.points; attempt += 1) {
      await finishCallback(app(), `/api/slack/callback?code=junk&state=${await startState()}`);
    }
    const last = await startState();
    const before = await codeExchanges();
    const refused = await app().inject({ method: 'GET', url: `/api/slack/callback?code=junk&state=${last}` });
    expect(expectApiError(refused, 429).code).toBe('RATE_LIMITED');
    expect(await codeExchanges()).toBe(before);
  });
});

describe('forced refreshes', () => {
  async function refresh(token: string) {
    return app().inject({ method: 'GET', url: '/api/chatwork/messages?refresh=1', headers: bearer(token) });
  }
  const roomLists = async () =>
    (await emulatorRequests(chatwork.url)).filter((call) => call.path === '/v2/rooms').length;

  it('share a gathering of the last 30 seconds instead of calling the provider again', async () => {
    const token = await newUser();
    await connectAccount(app(), 'chatwork', token);
    const results = await Promise.all([refresh(token), refresh(token), refresh(token)]);
    expect(results.map((result) => result.statusCode)).toEqual([200, 200, 200]);
    expect((await refresh(token)).statusCode).toBe(200);
    expect(await roomLists()).toBe(1);
    const now = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now + GATHERING_SHARED_FOR_MS);
    expect((await refresh(token)).statusCode).toBe(200);
    expect(await roomLists()).toBe(2);
  });

  it('say when they reused an earlier gathering, and from when the provider is asked again', async () => {
    const token = await newUser();
    await connectAccount(app(), 'chatwork', token);
    const fresh = chatworkMessageResultSchema.parse((await refresh(token)).json());
    expect(fresh.accounts[0]).toMatchObject({ status: 'completed' });
    expect(fresh.accounts[0]).not.toHaveProperty('reused');

    const again = chatworkMessageResultSchema.parse((await refresh(token)).json());
    const gatheredAt = Date.parse(fresh.accounts[0]!.fetched_at);
    expect(again.accounts[0]!.fetched_at).toBe(fresh.accounts[0]!.fetched_at);
    const nextAt = Date.parse(again.accounts[0]!.reused!.next_gathering_at);
    expect(nextAt - gatheredAt).toBeGreaterThanOrEqual(GATHERING_SHARED_FOR_MS);
    expect(nextAt - gatheredAt).toBeLessThan(GATHERING_SHARED_FOR_MS + 1000);
    expect(Date.parse(again.fetched_at)).toBeGreaterThanOrEqual(gatheredAt);
    expect(await roomLists()).toBe(1);
  });

  it('never reuse a failed gathering: a retry asks the provider again at once', async () => {
    const token = await newUser();
    await connectAccount(app(), 'chatwork', token);
    await control(chatwork.url, 'faults', { path: '/v2/rooms', status: 502, times: 1 });
    const failed = chatworkMessageResultSchema.parse((await refresh(token)).json());
    expect(failed.accounts[0]).toMatchObject({ status: 'error' });

    const retried = chatworkMessageResultSchema.parse((await refresh(token)).json());
    expect(retried.accounts[0]).toMatchObject({ status: 'completed' });
    expect(retried.accounts[0]).not.toHaveProperty('reused');
    expect(await roomLists()).toBe(2);
  });

  it('are budgeted per user, with a clear 429, leaving other users and cached answers alone', async () => {
    const token = await newUser();
    await connectAccount(app(), 'chatwork', token);
    for (let attempt = 0; attempt < FORCED_REFRESHES_PER_USER.points; attempt += 1) {
      expect((await refresh(token)).statusCode).toBe(200);
    }
    expect(expectApiError(await refresh(token), 429).code).toBe('RATE_LIMITED');
    const cached = await app().inject({
      method: 'GET',
      url: '/api/chatwork/messages',
      headers: bearer(token),
    });
    expect(cached.statusCode).toBe(200);
    const other = await newUser();
    await connectAccount(app(), 'chatwork', other);
    expect((await refresh(other)).statusCode).toBe(200);
  });
});
