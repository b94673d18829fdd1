import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountInfoResponseSchema,
  accountStatsResponseSchema,
  MENTION_HISTORY_DAYS,
  updateProfileResponseSchema,
} from '../../../contract/account.ts';
import { authResponseSchema } from '../../../contract/auth.ts';
import { connectionsOverviewSchema } from '../../../contract/connections.ts';
import { expectApiError } from '../../test/api-error.ts';
import { bearer, nextAddress, registerUser } from '../../test/auth-helpers.ts';
import { databaseDigest } from '../../test/database-digest.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

function call(method: 'GET' | 'PUT', url: string, token: string, payload?: unknown) {
  return testApp.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function demoToken(): Promise<string> {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'demo-en@example.com', password: 'demo1234' },
    remoteAddress: nextAddress(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return authResponseSchema.parse(response.json()).tokens.accessToken;
}

async function statsOf(token: string) {
  const response = await call('GET', '/api/account/stats', token);
  expect(response.statusCode, response.body).toBe(200);
  return accountStatsResponseSchema.parse(response.json()).data;
}

describe('GET /api/account/me', () => {
  it('answers the caller’s profile, usage against the plan and no connections for a new user', async () => {
    const { tokens, user } = await registerUser(testApp.app);
    const response = await call('GET', '/api/account/me', tokens.accessToken);
    expect(response.statusCode, response.body).toBe(200);
    const body = accountInfoResponseSchema.parse(response.json());
    expect(body.success).toBe(true);
    expect(body.data.user).toMatchObject({ id: user.id, email: user.email, emailVerified: true });
    expect(body.data.connectionCount).toBe(0);
    expect(body.data.connectionLimit).toBe(2);
    expect(body.data.sampleConnectionCount).toBe(0);
    expect(body.data.connections.slack).toEqual([]);
    expect(body.data.connections.chatwork).toEqual([]);
    expect(body.data.connections.googleCalendar.connected).toBe(false);
  });

  it('lists a demo account’s sample connections apart from the plan’s usage, as the dashboard does', async () => {
    const token = await demoToken();
    const body = accountInfoResponseSchema.parse((await call('GET', '/api/account/me', token)).json());
    const shown = body.data.connections.slack.length + body.data.connections.chatwork.length;
    expect(shown).toBeGreaterThan(0);
    expect(body.data.connectionCount).toBe(0);
    expect(body.data.sampleConnectionCount).toBe(shown);
    const overview = connectionsOverviewSchema.parse(
      (await call('GET', '/api/connections/overview', token)).json(),
    );
    expect([body.data.connectionCount, body.data.sampleConnectionCount, body.data.connectionLimit]).toEqual([
      overview.used,
      overview.sample,
      overview.limit,
    ]);
  });

  it('refuses a caller without a token', async () => {
    expectApiError(await testApp.app.inject({ method: 'GET', url: '/api/account/me' }), 401);
  });
});

describe('PUT /api/account/profile', () => {
  it('renames the caller only, trimmed, and answers the updated user', async () => {
    const me = await registerUser(testApp.app);
    const other = await registerUser(testApp.app);
    const response = await call('PUT', '/api/account/profile', me.tokens.accessToken, {
      name: '  山田 花子  ',
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = updateProfileResponseSchema.parse(response.json());
    expect(body.data.name).toBe('山田 花子');
    const mine = accountInfoResponseSchema.parse(
      (await call('GET', '/api/account/me', me.tokens.accessToken)).json(),
    );
    expect(mine.data.user.name).toBe('山田 花子');
    const theirs = accountInfoResponseSchema.parse(
      (await call('GET', '/api/account/me', other.tokens.accessToken)).json(),
    );
    expect(theirs.data.user.name).toBe(other.user.name);
  });

  it.each([
    ['an empty name', { name: '' }],
    ['only spaces', { name: '   ' }],
    ['101 characters', { name: 'a'.repeat(101) }],
    ['a NUL character', { name: 'a\u0000b' }],
    ['a lone surrogate', { name: 'a\ud800b' }],
    ['a number', { name: 42 }],
    ['an unknown field', { name: 'Ok', email: 'x@example.com' }],
    ['no body', undefined],
  ])('refuses %s with 400 and changes nothing', async (_label, payload) => {
    const { tokens } = await registerUser(testApp.app);
    const before = await databaseDigest(testApp.database);
    expectApiError(await call('PUT', '/api/account/profile', tokens.accessToken, payload), 400);
    expect(await databaseDigest(testApp.database)).toEqual(before);
  });

  it('accepts exactly 100 characters', async () => {
    const { tokens } = await registerUser(testApp.app);
    const response = await call('PUT', '/api/account/profile', tokens.accessToken, {
      name: 'あ'.repeat(100),
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('keeps the shared demo account’s name', async () => {
    expectApiError(await call('PUT', '/api/account/profile', await demoToken(), { name: 'Mine now' }), 403);
  });
});

describe('GET /api/account/stats', () => {
  it('starts at zero with fourteen empty days ending today', async () => {
    const { tokens } = await registerUser(testApp.app);
    const stats = await statsOf(tokens.accessToken);
    expect(stats.messageStats).toEqual({ totalProcessed: 0, totalHidden: 0, totalTags: 0 });
    expect(stats.mentionsByDay).toHaveLength(MENTION_HISTORY_DAYS);
    expect(stats.mentionsByDay.at(-1)?.date).toBe(new Date().toISOString().slice(0, 10));
    expect(stats.mentionsByDay.every((day) => day.slack === 0 && day.chatwork === 0)).toBe(true);
  });

  it('counts the caller’s tags, hides and gathered messages once, and nobody else’s', async () => {
    const { tokens } = await registerUser(testApp.app);
    const token = tokens.accessToken;
    await call('PUT', '/api/account/profile', token, { name: 'Counter' });
    await testApp.app.inject({
      method: 'POST',
      url: '/api/tags',
      headers: bearer(token),
      payload: { name: 'Urgent', color: '#EF4444' },
    });
    await testApp.app.inject({
      method: 'POST',
      url: '/api/messages/hide',
      headers: bearer(token),
      payload: { platform: 'slack', platform_message_id: '1767225600.000100' },
    });
    expect((await statsOf(token)).messageStats).toEqual({ totalProcessed: 0, totalHidden: 1, totalTags: 1 });

    const demo = await demoToken();
    const gathered = await call('GET', '/api/slack/messages?refresh=true', demo);
    expect(gathered.statusCode, gathered.body).toBe(200);
    const found = (gathered.json() as { messages: unknown[] }).messages.length;
    const once = await statsOf(demo);
    expect(once.messageStats.totalProcessed).toBeGreaterThanOrEqual(found);
    const lastTwoWeeks = once.mentionsByDay.reduce((sum, day) => sum + day.slack, 0);
    expect(lastTwoWeeks).toBeGreaterThan(0);
    expect(lastTwoWeeks).toBeLessThanOrEqual(once.messageStats.totalProcessed);

    await call('GET', '/api/slack/messages?refresh=true', demo);
    expect((await statsOf(demo)).messageStats.totalProcessed).toBe(once.messageStats.totalProcessed);
    expect((await statsOf(token)).messageStats.totalProcessed).toBe(0);
  });
});
