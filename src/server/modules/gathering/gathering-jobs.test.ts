import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSlackEmulator } from '../../../../emulators/slack/slack-emulator.ts';
import { healthResponseSchema } from '../../../contract/health.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { platformConnections } from '../../db/schema/platform-connections.ts';
import { bearer, registerUser } from '../../test/auth-helpers.ts';
import { connectAccount, control, emulatorRequests } from '../../test/emulator-helpers.ts';
import { dropRedisPrefix, redisReachable, testRedisPrefix, testRedisUrl } from '../../test/redis-helpers.ts';
import { createTestApp, createTestWorker, openTestDatabase, type TestApp } from '../../test/test-app.ts';

const reachable = await redisReachable();

/** Two web instances and one worker on one database and one Redis, gathering from the Slack emulator. */
describe.skipIf(!reachable)('background gathering by a worker, answered by either instance', () => {
  const prefix = testRedisPrefix();
  let slack: { url: string; close(): Promise<void> };
  let database: DatabaseHandle;
  let a: TestApp;
  let b: TestApp;
  let worker: FastifyInstance;
  const settings = () => ({
    REDIS_URL: testRedisUrl,
    REDIS_KEY_PREFIX: prefix,
    SLACK_CLIENT_ID: 'slack-client',
    SLACK_CLIENT_SECRET: 'slack-secret',
    SLACK_API_URL: `${slack.url}/api`,
    SLACK_AUTHORIZE_URL: `${slack.url}/oauth/v2/authorize`,
    PUBLIC_URL: 'https://matome.test',
  });

  beforeAll(async () => {
    slack = await startSlackEmulator();
    await control(slack.url, 'settings', { autoApprove: true });
    database = await openTestDatabase();
    a = await createTestApp(settings(), { database });
    b = await createTestApp(settings(), { database });
    worker = await createTestWorker(settings(), database);
  });
  afterAll(async () => {
    await worker?.close();
    await a?.close();
    await b?.close();
    await database?.close();
    await slack?.close();
    await dropRedisPrefix(prefix);
  });

  const slackCalls = async () =>
    (await emulatorRequests(slack.url)).filter(
      (call) => call.path.startsWith('/api/') && !call.path.includes('oauth'),
    ).length;

  it('gathers a user’s messages in the worker once asked, and both instances answer from what it gathered', async () => {
    const { tokens } = await registerUser(a.app);
    expect((await connectAccount(a.app, 'slack', tokens.accessToken)).searchParams.get('slack')).toBe(
      'connected',
    );
    const asked = () =>
      b.app.inject({ method: 'GET', url: '/api/slack/messages', headers: bearer(tokens.accessToken) });

    const first = await a.app.inject({
      method: 'GET',
      url: '/api/slack/messages',
      headers: bearer(tokens.accessToken),
    });
    expect(first.statusCode).toBe(200);
    const afterAsking = await slackCalls();
    expect(afterAsking).toBeGreaterThan(0);

    // The request made a repeatable job; the worker runs its first run at once, gathering into the shared cache
    // from the Slack intake: the history was searched, so Slack is not asked again (decision 147).
    await expect
      .poll(async () => (await asked()).json().fetched_at, { timeout: 10_000, interval: 100 })
      .not.toBe(first.json().fetched_at);
    const fromB = await asked();
    expect(fromB.statusCode).toBe(200);
    expect(fromB.json().messages).toEqual(first.json().messages);
    expect(await slackCalls()).toBe(afterAsking);
  });

  it('refreshes a token that is about to expire exactly once, however many requests on both instances ask', async () => {
    const { tokens } = await registerUser(a.app);
    await connectAccount(a.app, 'slack', tokens.accessToken);
    await database.db.update(platformConnections).set({ tokenExpiresAt: new Date() });
    const before = (await emulatorRequests(slack.url)).length;
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        (index % 2 ? a : b).app.inject({
          method: 'GET',
          url: '/api/slack/messages?refresh=1',
          headers: bearer(tokens.accessToken),
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const refreshes = (await emulatorRequests(slack.url))
      .slice(before)
      .filter((call) => (call.body as { grant_type?: string } | null)?.grant_type === 'refresh_token');
    expect(refreshes).toHaveLength(1);
  });

  it('keeps one workspace within Slack’s Tier 2 limit when both instances gather for many of its users at once', async () => {
    const users = await Promise.all(Array.from({ length: 10 }, () => registerUser(a.app)));
    for (const { tokens } of users) await connectAccount(a.app, 'slack', tokens.accessToken);
    const before = (await emulatorRequests(slack.url)).length;
    const answers = await Promise.all(
      users.flatMap(({ tokens }) =>
        [a, b].map((instance) =>
          instance.app.inject({
            method: 'GET',
            url: '/api/slack/messages?refresh=1',
            headers: bearer(tokens.accessToken),
          }),
        ),
      ),
    );
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    const calls = (await emulatorRequests(slack.url)).slice(before);
    const count = (method: string) => calls.filter((call) => call.path === `/api/${method}`).length;
    // Twenty gatherings of three or more searches each would need 60; the shared budget lets 20 through a minute.
    expect(count('search.messages')).toBeGreaterThan(0);
    expect(count('search.messages')).toBeLessThanOrEqual(20);
    expect(count('usergroups.list')).toBeLessThanOrEqual(20);
    expect(calls.filter((call) => call.status === 429)).toHaveLength(0);
  });

  it('reports Redis and the queues in the health answer', async () => {
    const health = healthResponseSchema.parse(
      (await a.app.inject({ method: 'GET', url: '/api/health' })).json(),
    );
    expect(health.redis?.status).toBe('ok');
    expect(Object.keys(health.redis?.queues ?? {}).sort()).toEqual([
      'gathering',
      'maintenance',
      'slack-history',
    ]);
  });
});
