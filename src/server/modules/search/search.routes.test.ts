import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChatworkEmulator } from '../../../../emulators/chatwork/chatwork-emulator.ts';
import { authResponseSchema } from '../../../contract/auth.ts';
import { parseMessageId } from '../../../contract/classification.ts';
import { plainTextOf } from '../../../contract/markup/plain-text.ts';
import { chatworkMessageResultSchema, slackMessageResultSchema } from '../../../contract/messages.ts';
import { searchResponseSchema } from '../../../contract/search.ts';
import { expectApiError } from '../../test/api-error.ts';
import { bearer, nextAddress, registerUser } from '../../test/auth-helpers.ts';
import { chatworkEmulatorSettings, connectAccount, control } from '../../test/emulator-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let emulator: { url: string; close(): Promise<void> };
let testApp: TestApp;
const tokens = { aiko: '', stranger: '', demoJa: '' };

const INVOICE = '[To:1001]Aiko Tanakaさん\n来月分の請求書を金曜までにご確認ください。';
const HALF_WIDTH = '[To:1001]ﾐｰﾃｨﾝｸﾞの資料を共有します';
const MIXED = '[To:1001]Please check the 見積書 for Project Alpha by Friday';
const DIRECT = '[To:1001]請求書の件、お電話してもよろしいでしょうか';

function get(url: string, token: string) {
  return testApp.app.inject({ method: 'GET', url, headers: bearer(token) });
}

async function search(token: string, query: string) {
  const response = await get(`/api/search?${query}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return searchResponseSchema.parse(response.json());
}

/** What each match's highlights cover in the card's plain text, by message body. */
async function highlighted(token: string, query: string): Promise<Record<string, string[]>> {
  const found = await search(token, query);
  const chatwork = chatworkMessageResultSchema.parse((await get('/api/chatwork/messages', token)).json());
  const byId = new Map(chatwork.messages.map((message) => [message.platform_message_id, message]));
  return Object.fromEntries(
    found.matches.map((match) => {
      const message = byId.get(parseMessageId(match.id)!.platformMessageId)!;
      const text = plainTextOf(message);
      return [message.body, match.highlights.map((range) => text.slice(range.start, range.end))];
    }),
  );
}

beforeAll(async () => {
  emulator = await startChatworkEmulator();
  await control(emulator.url, 'settings', { autoApprove: true });
  for (const [room_id, account_id, body] of [
    [2003, 1002, INVOICE],
    [2003, 1003, HALF_WIDTH],
    [2003, 1002, MIXED],
    [2002, 1002, DIRECT],
  ] as const) {
    await control(emulator.url, 'messages', { room_id, account_id, body });
    // A minute apart, so newest first is one order.
    await control(emulator.url, 'clock', { advanceMs: 60_000 });
  }
  testApp = await createTestApp({
    ...chatworkEmulatorSettings(emulator.url),
    PUBLIC_URL: 'https://matome.test',
  });
  tokens.aiko = (await registerUser(testApp.app)).tokens.accessToken;
  await connectAccount(testApp.app, 'chatwork', tokens.aiko);
  tokens.stranger = (await registerUser(testApp.app)).tokens.accessToken;
  const login = await testApp.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'demo-ja@example.com', password: 'demo1234' },
    remoteAddress: nextAddress(),
  });
  tokens.demoJa = authResponseSchema.parse(login.json()).tokens.accessToken;
});
afterAll(async () => {
  await testApp?.close();
  await emulator?.close();
});

describe('GET /api/search', () => {
  it('finds 「請求書」 inside a sentence, newest first, and highlights it where the card shows it', async () => {
    const found = await highlighted(tokens.aiko, `q=${encodeURIComponent('請求書')}`);
    expect(Object.keys(found)).toEqual([DIRECT, INVOICE]);
    expect(Object.values(found)).toEqual([['請求書'], ['請求書']]);
  });

  it('finds half-width katakana from full-width words and full-width from half-width', async () => {
    expect(await highlighted(tokens.aiko, `q=${encodeURIComponent('ミーティング')}`)).toEqual({
      [HALF_WIDTH]: ['ﾐｰﾃｨﾝｸﾞ'],
    });
    expect(Object.keys(await highlighted(tokens.aiko, `q=${encodeURIComponent('ﾐｰﾃｨﾝｸﾞ 資料')}`))).toEqual([
      HALF_WIDTH,
    ]);
  });

  it('needs every word, English and Japanese mixed, case folded', async () => {
    expect(await highlighted(tokens.aiko, `q=${encodeURIComponent('見積書 ALPHA')}`)).toEqual({
      [MIXED]: ['見積書', 'Alpha'],
    });
    expect((await search(tokens.aiko, `q=${encodeURIComponent('見積書 請求書')}`)).matches).toEqual([]);
    // A Latin word is found from its start only: "lpha" is not a word of the message.
    expect((await search(tokens.aiko, 'q=lpha')).matches).toEqual([]);
  });

  it('narrows by type, connection and time', async () => {
    const q = `q=${encodeURIComponent('請求書')}`;
    expect(Object.keys(await highlighted(tokens.aiko, `${q}&type=dm`))).toEqual([DIRECT]);
    expect(Object.keys(await highlighted(tokens.aiko, `${q}&type=mention`))).toEqual([DIRECT, INVOICE]);
    expect((await search(tokens.aiko, `${q}&connection=someone-else`)).matches).toEqual([]);
    expect((await search(tokens.aiko, `${q}&to=2001-01-01T00:00:00Z`)).matches).toEqual([]);
    expect((await search(tokens.aiko, `${q}&from=2001-01-01T00:00:00Z`)).matches).toHaveLength(2);
  });

  it("never shows one person another's messages", async () => {
    expect(await search(tokens.stranger, `q=${encodeURIComponent('請求書')}`)).toEqual({
      matches: [],
      truncated: false,
    });
    // The demo account searches its own sample messages of both platforms, none of Aiko's.
    const demo = await search(tokens.demoJa, `q=${encodeURIComponent('請求書')}`);
    expect(demo.matches.length).toBeGreaterThan(0);
    const slack = slackMessageResultSchema.parse((await get('/api/slack/messages', tokens.demoJa)).json());
    const chatwork = chatworkMessageResultSchema.parse(
      (await get('/api/chatwork/messages', tokens.demoJa)).json(),
    );
    const own = new Set(
      [...slack.messages, ...chatwork.messages].map(
        (message) => `${message.platform}:${message.platform_message_id}`,
      ),
    );
    for (const match of demo.matches) {
      const { platform, platformMessageId } = parseMessageId(match.id)!;
      expect(own.has(`${platform}:${platformMessageId}`)).toBe(true);
    }
    expect(new Set(demo.matches.map((match) => parseMessageId(match.id)!.platform))).toEqual(
      new Set(['chatwork', 'slack']),
    );
  });

  it.each([
    ['no words', 'q='],
    ['only spaces', 'q=%20%20'],
    ['a query too long', `q=${'あ'.repeat(201)}`],
    ['an unknown type', 'q=a&type=everything'],
    ['a date that is not one', 'q=a&from=yesterday'],
    ['from after to', 'q=a&from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z'],
  ])('refuses %s with 400', async (_label, query) => {
    expect(expectApiError(await get(`/api/search?${query}`, tokens.aiko), 400).code).toBe('VALIDATION_ERROR');
  });

  it('asks for a signed-in user', async () => {
    expectApiError(await testApp.app.inject({ method: 'GET', url: '/api/search?q=a' }), 401);
    expectApiError(await testApp.app.inject({ method: 'POST', url: '/api/search/prepare' }), 401);
  });

  it('gets the messages ready when the box gets focus, with nothing to answer', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/search/prepare',
      headers: bearer(tokens.aiko),
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
  });
});
