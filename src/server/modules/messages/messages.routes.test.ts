import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authResponseSchema } from '../../../contract/auth.ts';
import {
  chatworkMessageResultSchema,
  connectionStatusResponseSchema,
  slackMessageResultSchema,
  type Platform,
} from '../../../contract/messages.ts';
import { expectApiError } from '../../test/api-error.ts';
import { bearer, nextAddress, registerUser } from '../../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;
const resultSchemas = { chatwork: chatworkMessageResultSchema, slack: slackMessageResultSchema };
const emptySummary = {
  total_messages: 0,
  mentions: 0,
  replies: 0,
  all_mentions: 0,
  direct_messages: 0,
  accounts_processed: 0,
};

let testApp: TestApp;
const tokens: Record<'demoEn' | 'demoJa' | 'ordinary', string> = { demoEn: '', demoJa: '', ordinary: '' };

async function login(email: string, password: string): Promise<string> {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: nextAddress(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return authResponseSchema.parse(response.json()).tokens.accessToken;
}

function get(url: string, token: string) {
  return testApp.app.inject({ method: 'GET', url, headers: bearer(token) });
}

async function messages(platform: Platform, token: string, query = '') {
  const response = await get(`/api/${platform}/messages${query}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return resultSchemas[platform].parse(response.json());
}

async function connections(platform: Platform, token: string) {
  const response = await get(`/api/${platform}/status`, token);
  expect(response.statusCode, response.body).toBe(200);
  return connectionStatusResponseSchema.parse(response.json()).connections;
}

beforeAll(async () => {
  testApp = await createTestApp();
  tokens.demoEn = await login('demo-en@example.com', 'demo1234');
  tokens.demoJa = await login('demo-ja@example.com', 'demo1234');
  tokens.ordinary = (await registerUser(testApp.app)).tokens.accessToken;
});
afterAll(() => testApp.close());

describe.each([
  ['demo-en', 'demoEn', false],
  ['demo-ja', 'demoJa', true],
] as const)('%s', (_label, who, japanese) => {
  it.each(['chatwork', 'slack'] as const)(
    'gets 90 sample %s messages from two fake connections',
    async (platform) => {
      const result = await messages(platform, tokens[who]);
      expect(result.messages).toHaveLength(90);
      expect(result.summary.total_messages).toBe(90);
      expect(result.summary.accounts_processed).toBe(2);
      expect(result.accounts.map((account) => account.status)).toEqual(['completed', 'completed']);
      expect(result.accounts.reduce((sum, account) => sum + account.messages_found, 0)).toBe(90);
      expect(result.messages.every((message) => JAPANESE.test(message.content))).toBe(japanese);
      expect(result.messages.some((message) => JAPANESE.test(message.content))).toBe(japanese);
      const times = result.messages.map((message) => message.send_time);
      expect(times).toEqual([...times].sort((a, b) => b - a));

      const status = await connections(platform, tokens[who]);
      expect(status).toHaveLength(2);
      expect(status.every((connection) => connection.is_sample && connection.platform === platform)).toBe(
        true,
      );
      expect(status.map((connection) => connection.id).sort()).toEqual(
        result.accounts.map((account) => account.connection_id).sort(),
      );
    },
  );

  it.each(['chatwork', 'slack'] as const)('gets one %s connection at a time', async (platform) => {
    const [first] = await connections(platform, tokens[who]);
    const response = await get(`/api/${platform}/messages/${first!.id}`, tokens[who]);
    expect(response.statusCode, response.body).toBe(200);
    const result = resultSchemas[platform].parse(response.json());
    expect(result.accounts.map((account) => account.connection_id)).toEqual([first!.id]);
    expect(result.messages.length).toBeGreaterThan(10);
    expect(result.messages.every((message) => message.account_info.connection_id === first!.id)).toBe(true);
    expect(result.summary.accounts_processed).toBe(1);
  });
});

describe('connections that are not the user’s', () => {
  it('answers 404 for another user’s connection id, an unknown one, or one of the other platform', async () => {
    const [theirs] = await connections('slack', tokens.demoEn);
    const [chatworkOne] = await connections('chatwork', tokens.demoJa);
    for (const [url, token] of [
      [`/api/slack/messages/${theirs!.id}`, tokens.demoJa],
      [`/api/slack/messages/${theirs!.id}`, tokens.ordinary],
      ['/api/slack/messages/00000000-0000-4000-8000-000000000000', tokens.demoEn],
      ['/api/chatwork/messages/not-a-connection', tokens.demoJa],
      [`/api/slack/messages/${chatworkOne!.id}`, tokens.demoJa],
    ] as const) {
      expect(expectApiError(await get(url, token), 404).code, url).toBe('NOT_FOUND');
    }
  });

  it('answers 404 for an unknown platform', async () => {
    for (const url of [
      '/api/discord/messages',
      '/api/teams/status',
      '/api/line/messages/abc',
      '/api/Slack/messages',
    ]) {
      expectApiError(await get(url, tokens.demoEn), 404);
    }
  });
});

describe('an ordinary user with nothing connected', () => {
  it.each(['chatwork', 'slack'] as const)('gets an empty %s result and no connections', async (platform) => {
    const result = await messages(platform, tokens.ordinary);
    expect(result).toMatchObject({ messages: [], accounts: [], summary: emptySummary });
    expect(await connections(platform, tokens.ordinary)).toEqual([]);
  });
});

describe('server cache', () => {
  it('answers repeat calls from the cache and gathers afresh on refresh', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date());
      const first = await get('/api/chatwork/messages?refresh=1', tokens.demoJa);
      vi.setSystemTime(Date.now() + 30_000);
      const second = await get('/api/chatwork/messages', tokens.demoJa);
      expect(second.body).toBe(first.body);
      expect(second.headers['cache-control']).toBe('private, no-store');

      const refreshed = chatworkMessageResultSchema.parse(
        (await get('/api/chatwork/messages?refresh=1', tokens.demoJa)).json(),
      );
      const before = chatworkMessageResultSchema.parse(first.json());
      expect(refreshed.fetched_at).not.toBe(before.fetched_at);
      expect(refreshed.messages.map((message) => message.message_id)).toEqual(
        before.messages.map((message) => message.message_id),
      );
      expect(refreshed.messages.map((message) => message.send_time - 30)).toEqual(
        before.messages.map((message) => message.send_time),
      );
      expect((await get('/api/chatwork/messages', tokens.demoJa)).json()).toEqual(refreshed);

      vi.setSystemTime(Date.now() + 5_000);
      const forced = chatworkMessageResultSchema.parse(
        (await get('/api/chatwork/messages?force=1', tokens.demoJa)).json(),
      );
      expect(forced.fetched_at).not.toBe(refreshed.fetched_at);
    } finally {
      vi.useRealTimers();
    }
  });

  it('caches each connection on its own and refreshes it on request', async () => {
    const [connection] = await connections('slack', tokens.demoEn);
    const url = `/api/slack/messages/${connection!.id}`;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date());
      const first = await get(`${url}?refresh=1`, tokens.demoEn);
      vi.setSystemTime(Date.now() + 10_000);
      expect((await get(url, tokens.demoEn)).body).toBe(first.body);
      const refreshed = await get(`${url}?refresh=true`, tokens.demoEn);
      expect(refreshed.json().fetched_at).not.toBe(first.json().fetched_at);
    } finally {
      vi.useRealTimers();
    }
  });

  it('rejects a malformed refresh flag', async () => {
    expectApiError(await get('/api/slack/messages?refresh=yes', tokens.demoEn), 400);
  });
});

describe('sample size setting', () => {
  it('serves 1,000 messages per platform (2,000 in all) when SAMPLE_MESSAGES_PER_PLATFORM says so', async () => {
    const large = await createTestApp({ SAMPLE_MESSAGES_PER_PLATFORM: '1000' });
    try {
      const login = await large.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'demo-en@example.com', password: 'demo1234' },
        remoteAddress: nextAddress(),
      });
      const token = authResponseSchema.parse(login.json()).tokens.accessToken;
      for (const platform of ['chatwork', 'slack'] as const) {
        const response = await large.app.inject({
          method: 'GET',
          url: `/api/${platform}/messages`,
          headers: bearer(token),
        });
        expect(resultSchemas[platform].parse(response.json()).summary.total_messages).toBe(1000);
      }
    } finally {
      await large.close();
    }
  });
});
