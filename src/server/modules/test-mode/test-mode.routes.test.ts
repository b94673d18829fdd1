import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authResponseSchema } from '../../../contract/auth.ts';
import {
  chatworkMessageResultSchema,
  connectionStatusResponseSchema,
  slackMessageResultSchema,
  testModeStateSchema,
} from '../../../contract/messages.ts';
import { expectApiError } from '../../test/api-error.ts';
import { bearer, confirmEmail, nextAddress, registerUser, signIn } from '../../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createAuthRepo } from '../auth/auth.repo.ts';
import { hashPassword } from '../auth/passwords.ts';

const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;
const TESTER = `tester-${Date.now()}@example.com`;
const UNCONFIRMED = `unconfirmed-${Date.now()}@example.com`;

let testApp: TestApp;
let tester: string;
let ordinary: string;

function call(method: 'GET' | 'PUT', url: string, token: string, payload?: unknown) {
  return testApp.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

async function testMode(token: string) {
  const response = await call('GET', '/api/test-mode', token);
  expect(response.statusCode, response.body).toBe(200);
  return testModeStateSchema.parse(response.json());
}

async function setTestMode(token: string, enabled: boolean, language: 'en' | 'jp') {
  const response = await call('PUT', '/api/test-mode', token, { enabled, language });
  expect(response.statusCode, response.body).toBe(200);
  return testModeStateSchema.parse(response.json());
}

async function slackContents(token: string): Promise<string[]> {
  const response = await call('GET', '/api/slack/messages', token);
  expect(response.statusCode, response.body).toBe(200);
  return slackMessageResultSchema.parse(response.json()).messages.map((message) => message.content);
}

beforeAll(async () => {
  // Listed in another case and with spaces, as an operator might write it.
  testApp = await createTestApp({
    TEST_MODE_EMAILS: ` someone@example.com , ${TESTER.toUpperCase()}, ${UNCONFIRMED} `,
  });
  tester = (await registerUser(testApp.app, { email: TESTER })).tokens.accessToken;
  ordinary = (await registerUser(testApp.app)).tokens.accessToken;
});
afterAll(() => testApp.close());

describe('test mode', () => {
  it('is available but off for a listed user, who then sees their (empty) real data', async () => {
    expect(await testMode(tester)).toEqual({ available: true, enabled: false, language: 'en' });
    expect(await slackContents(tester)).toEqual([]);
    const status = await call('GET', '/api/chatwork/status', tester);
    expect(connectionStatusResponseSchema.parse(status.json()).connections).toEqual([]);
  });

  it('shows sample data in the chosen language while on, and real data again when off', async () => {
    expect(await setTestMode(tester, true, 'jp')).toEqual({ available: true, enabled: true, language: 'jp' });
    expect(await testMode(tester)).toEqual({ available: true, enabled: true, language: 'jp' });
    const japanese = await slackContents(tester);
    expect(japanese).toHaveLength(90);
    expect(japanese.every((content) => JAPANESE.test(content))).toBe(true);

    const chatwork = chatworkMessageResultSchema.parse(
      (await call('GET', '/api/chatwork/messages', tester)).json(),
    );
    expect(chatwork.messages).toHaveLength(90);
    const status = connectionStatusResponseSchema.parse(
      (await call('GET', '/api/chatwork/status', tester)).json(),
    );
    expect(status.connections.map((connection) => connection.id).sort()).toEqual(
      chatwork.accounts.map((account) => account.connection_id).sort(),
    );
    const one = await call('GET', `/api/chatwork/messages/${status.connections[0]!.id}`, tester);
    expect(one.statusCode).toBe(200);

    await setTestMode(tester, true, 'en');
    const english = await slackContents(tester);
    expect(english).toHaveLength(90);
    expect(english.some((content) => JAPANESE.test(content))).toBe(false);

    expect(await setTestMode(tester, false, 'en')).toEqual({
      available: true,
      enabled: false,
      language: 'en',
    });
    expect(await slackContents(tester)).toEqual([]);
    expectApiError(await call('GET', `/api/chatwork/messages/${status.connections[0]!.id}`, tester), 404);
  });

  it('keeps the chosen language while off', async () => {
    expect(await setTestMode(tester, false, 'jp')).toEqual({
      available: true,
      enabled: false,
      language: 'jp',
    });
    expect(await testMode(tester)).toMatchObject({ language: 'jp' });
  });

  it('is not available to users who are not listed, who get 403 and nothing changes', async () => {
    expect(await testMode(ordinary)).toEqual({ available: false, enabled: false, language: 'en' });
    const response = await call('PUT', '/api/test-mode', ordinary, { enabled: true, language: 'jp' });
    expect(expectApiError(response, 403).code).toBe('TEST_MODE_UNAVAILABLE');
    expect(await testMode(ordinary)).toEqual({ available: false, enabled: false, language: 'en' });
    expect(await slackContents(ordinary)).toEqual([]);
  });

  it('is not offered to demo accounts, which always see sample data', async () => {
    const login = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'demo-ja@example.com', password: 'demo1234' },
      remoteAddress: nextAddress(),
    });
    const demo = authResponseSchema.parse(login.json()).tokens.accessToken;
    expect(await testMode(demo)).toMatchObject({ available: false, enabled: false });
    expectApiError(await call('PUT', '/api/test-mode', demo, { enabled: false, language: 'en' }), 403);
    expect((await slackContents(demo)).every((content) => JAPANESE.test(content))).toBe(true);
  });

  it('rejects malformed updates with 400', async () => {
    for (const payload of [
      { enabled: 'yes', language: 'jp' },
      { enabled: true, language: 'fr' },
      { enabled: true },
    ]) {
      expectApiError(await call('PUT', '/api/test-mode', tester, payload), 400);
    }
  });

  it('requires a signed-in user', async () => {
    expectApiError(await testApp.app.inject({ method: 'GET', url: '/api/test-mode' }), 401);
  });

  it('counts a listed address only once its owner confirmed it', async () => {
    // An account from before addresses were confirmed at sign-up.
    await createAuthRepo(testApp.database.db).insertUser({
      email: UNCONFIRMED,
      name: 'Unconfirmed',
      passwordHash: await hashPassword('an old password'),
      emailVerifiedAt: null,
    });
    const token = await signIn(testApp.app, UNCONFIRMED, 'an old password');
    expect(await testMode(token)).toEqual({ available: false, enabled: false, language: 'en' });
    expect(
      expectApiError(await call('PUT', '/api/test-mode', token, { enabled: true, language: 'en' }), 403).code,
    ).toBe('TEST_MODE_UNAVAILABLE');

    const resend = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email/resend',
      headers: bearer(token),
    });
    expect(resend.statusCode, resend.body).toBe(202);
    expect((await confirmEmail(testApp.app, UNCONFIRMED)).statusCode).toBe(200);
    expect(await testMode(token)).toEqual({ available: true, enabled: false, language: 'en' });
  });
});
