import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authResponseSchema, refreshResponseSchema } from '../../../contract/auth.ts';
import {
  hiddenIdsResponseSchema,
  hiddenMessagesResponseSchema,
  hiddenStatsSchema,
} from '../../../contract/hidden-messages.ts';
import type { MessageRef } from '../../../contract/tags.ts';
import { expectApiError } from '../../test/api-error.ts';
import { bearer, cookieSet, csrfHeader, nextAddress, registerUser, signIn } from '../../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let testApp: TestApp;

type Method = 'GET' | 'POST' | 'DELETE';
function call(method: Method, url: string, token: string, payload?: unknown) {
  return testApp.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

async function newUser(): Promise<string> {
  return (await registerUser(testApp.app)).tokens.accessToken;
}

async function hide(token: string, ref: MessageRef): Promise<void> {
  const response = await call('POST', '/api/messages/hide', token, ref);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toEqual({ success: true });
}

async function hiddenIds(token: string) {
  const response = await call('GET', '/api/messages/hidden?ids_only=true', token);
  expect(response.statusCode, response.body).toBe(200);
  return hiddenIdsResponseSchema.parse(response.json()).hidden_message_ids;
}

async function stats(token: string) {
  const response = await call('GET', '/api/messages/hidden/stats', token);
  expect(response.statusCode, response.body).toBe(200);
  return hiddenStatsSchema.parse(response.json());
}

const slackMessage: MessageRef = { platform: 'slack', platform_message_id: 'C07AB12CD-1767225600.012345' };
const chatworkMessage: MessageRef = { platform: 'chatwork', platform_message_id: '1893276540123456789' };

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe('hiding messages', () => {
  it('hides and unhides, both idempotently, and the ids, list and counts follow at once', async () => {
    const token = await newUser();
    expect(await hiddenIds(token)).toEqual({ chatwork: [], slack: [] });
    expect(await stats(token)).toEqual({ total: 0, chatwork: 0, slack: 0 });

    await hide(token, slackMessage);
    await hide(token, slackMessage);
    await hide(token, chatworkMessage);
    expect(await hiddenIds(token)).toEqual({
      chatwork: [chatworkMessage.platform_message_id],
      slack: [slackMessage.platform_message_id],
    });
    expect(await stats(token)).toEqual({ total: 2, chatwork: 1, slack: 1 });
    const listed = await call('GET', '/api/messages/hidden?ids_only=false', token);
    const messages = hiddenMessagesResponseSchema.parse(listed.json()).hidden_messages;
    expect(messages.map(({ platform, platform_message_id }) => ({ platform, platform_message_id }))).toEqual([
      chatworkMessage,
      slackMessage,
    ]);

    for (let round = 0; round < 2; round += 1) {
      const response = await call('DELETE', '/api/messages/hide', token, slackMessage);
      expect(response.statusCode, response.body).toBe(200);
    }
    // Both answers come from the cache after the first read; the unhide must have dropped them.
    expect(await hiddenIds(token)).toEqual({ chatwork: [chatworkMessage.platform_message_id], slack: [] });
    expect(await stats(token)).toEqual({ total: 1, chatwork: 1, slack: 0 });
  });

  it('hides a batch in one call and unhides everything', async () => {
    const token = await newUser();
    const batch = Array.from({ length: 500 }, (_, index): MessageRef => ({
      platform: index % 2 ? 'slack' : 'chatwork',
      platform_message_id: String(1000 + index),
    }));
    await hide(token, batch[0]!);
    const response = await call('POST', '/api/messages/hide/batch', token, {
      messages: [...batch.slice(0, 499), batch[0]],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, hidden: 499 });
    expect(await stats(token)).toEqual({ total: 499, chatwork: 250, slack: 249 });

    const cleared = await call('DELETE', '/api/messages/hidden/all', token);
    expect(cleared.json()).toEqual({ success: true, unhidden: 499 });
    expect(await hiddenIds(token)).toEqual({ chatwork: [], slack: [] });
    expect(await stats(token)).toEqual({ total: 0, chatwork: 0, slack: 0 });
  });

  it('rejects bad input with 400 and hides nothing', async () => {
    const token = await newUser();
    const bad: [string, unknown][] = [
      ['/api/messages/hide', { platform: 'teams', platform_message_id: '1' }],
      ['/api/messages/hide', { platform: 'slack', platform_message_id: '' }],
      ['/api/messages/hide', { platform: 'slack', platform_message_id: 'x'.repeat(201) }],
      ['/api/messages/hide', { platform: 'slack' }],
      ['/api/messages/hide/batch', { messages: [] }],
      [
        '/api/messages/hide/batch',
        {
          messages: Array.from({ length: 501 }, (_, i) => ({
            platform: 'slack',
            platform_message_id: `${i}`,
          })),
        },
      ],
      // One bad item fails the whole batch: nothing is half done.
      [
        '/api/messages/hide/batch',
        {
          messages: [
            { platform: 'slack', platform_message_id: '1' },
            { platform: 'x', platform_message_id: '2' },
          ],
        },
      ],
    ];
    for (const [url, body] of bad) expectApiError(await call('POST', url, token, body), 400);
    expectApiError(
      await call('DELETE', '/api/messages/hide', token, { platform: 'teams', platform_message_id: '1' }),
      400,
    );
    expectApiError(await call('GET', '/api/messages/hidden?ids_only=maybe', token), 400);
    expect(await stats(token)).toEqual({ total: 0, chatwork: 0, slack: 0 });
  });

  it("never shows or changes another user's hidden messages", async () => {
    const owner = await newUser();
    const other = await newUser();
    await hide(owner, slackMessage);
    expect(await hiddenIds(other)).toEqual({ chatwork: [], slack: [] });
    await call('DELETE', '/api/messages/hide', other, slackMessage);
    await call('DELETE', '/api/messages/hidden/all', other);
    expect(await hiddenIds(owner)).toEqual({ chatwork: [], slack: [slackMessage.platform_message_id] });
  });

  it('keeps the hides of two people on the same demo account apart, and each survives a token refresh', async () => {
    const login = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'demo-en@example.com', password: 'demo1234' },
      remoteAddress: nextAddress(),
    });
    const first = authResponseSchema.parse(login.json()).tokens;
    const second = await signIn(testApp.app, 'demo-en@example.com', 'demo1234');
    await hide(first.accessToken, slackMessage);
    const refreshed = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: csrfHeader,
      cookies: { matome_refresh: cookieSet(login, 'matome_refresh')! },
      remoteAddress: nextAddress(),
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const firstAgain = refreshResponseSchema.parse(refreshed.json()).tokens.accessToken;
    expect(await hiddenIds(firstAgain)).toEqual({ chatwork: [], slack: [slackMessage.platform_message_id] });

    await hide(second, chatworkMessage);
    expect(await hiddenIds(second)).toEqual({ chatwork: [chatworkMessage.platform_message_id], slack: [] });
    await call('DELETE', '/api/messages/hidden/all', firstAgain);
    expect(await stats(second)).toEqual({ total: 1, chatwork: 1, slack: 0 });
  });

  it('caps a demo sign-in’s hides at the messages its sample inbox shows', async () => {
    // One anonymous sign-in once stored 2,500 invented ids in 5 calls (issue 21).
    const visitor = await signIn(testApp.app, 'demo-en@example.com', 'demo1234');
    const invented = (batch: number): MessageRef[] =>
      Array.from({ length: 500 }, (_, index) => ({
        platform: 'slack',
        platform_message_id: `C0FAKE-${batch}.${index}`,
      }));
    for (let batch = 0; batch < 5; batch += 1) {
      const refused = await call('POST', '/api/messages/hide/batch', visitor, { messages: invented(batch) });
      expect(expectApiError(refused, 403).code).toBe('HIDDEN_LIMIT');
    }
    expect(await stats(visitor)).toEqual({ total: 0, chatwork: 0, slack: 0 });

    // Everything the visitor can see can still be hidden, and nothing beyond it.
    const inbox: MessageRef[] = [];
    for (const platform of ['slack', 'chatwork'] as const) {
      const answer = await call('GET', `/api/${platform}/messages`, visitor);
      expect(answer.statusCode, answer.body).toBe(200);
      for (const message of (answer.json() as { messages: MessageRef[] }).messages) {
        inbox.push({ platform, platform_message_id: message.platform_message_id });
      }
    }
    expect(inbox.length).toBeGreaterThan(0);
    const hidden = await call('POST', '/api/messages/hide/batch', visitor, { messages: inbox });
    expect(hidden.statusCode, hidden.body).toBe(200);
    const oneMore = await call('POST', '/api/messages/hide/batch', visitor, {
      messages: invented(5).slice(0, 1),
    });
    expect(expectApiError(oneMore, 403).code).toBe('HIDDEN_LIMIT');
    expect((await stats(visitor)).total).toBe(inbox.length);
  });

  it('requires a signed-in user', async () => {
    expectApiError(await testApp.app.inject({ method: 'GET', url: '/api/messages/hidden' }), 401);
  });
});
