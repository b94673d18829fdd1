import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSlackEmulator } from '../../../../emulators/slack/slack-emulator.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { bearer, registerUser } from '../../test/auth-helpers.ts';
import { connectAccount, control } from '../../test/emulator-helpers.ts';
import { dropRedisPrefix, redisReachable, testRedisPrefix, testRedisUrl } from '../../test/redis-helpers.ts';
import { createTestApp, createTestWorker, openTestDatabase, type TestApp } from '../../test/test-app.ts';

const reachable = await redisReachable();
const TOKEN = 'metrics-token-for-queue-tests-0123';

/** A web instance and a worker on one Redis: the worker's metrics count the jobs it ran, both show the queues. */
describe.skipIf(!reachable)('metrics of the BullMQ queues', () => {
  const prefix = testRedisPrefix();
  let slack: { url: string; close(): Promise<void> };
  let database: DatabaseHandle;
  let web: TestApp;
  let worker: FastifyInstance;
  const settings = () => ({
    REDIS_URL: testRedisUrl,
    REDIS_KEY_PREFIX: prefix,
    METRICS_TOKEN: TOKEN,
    SLACK_CLIENT_ID: 'slack-client',
    SLACK_CLIENT_SECRET: 'slack-secret',
    SLACK_API_URL: `${slack.url}/api`,
    SLACK_AUTHORIZE_URL: `${slack.url}/oauth/v2/authorize`,
    PUBLIC_URL: 'https://matome.test',
  });
  const scrape = async (app: TestApp['app']) =>
    (await app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) })).body;

  beforeAll(async () => {
    slack = await startSlackEmulator();
    await control(slack.url, 'settings', { autoApprove: true });
    database = await openTestDatabase();
    web = await createTestApp(settings(), { database });
    worker = await createTestWorker(settings(), database);
  });
  afterAll(async () => {
    await worker?.close();
    await web?.close();
    await database?.close();
    await slack?.close();
    await dropRedisPrefix(prefix);
  });

  it('counts the jobs a worker completed and shows the depth of every queue', async () => {
    const { tokens } = await registerUser(web.app);
    await connectAccount(web.app, 'slack', tokens.accessToken);
    const asked = await web.app.inject({
      method: 'GET',
      url: '/api/slack/messages',
      headers: bearer(tokens.accessToken),
    });
    expect(asked.statusCode).toBe(200);

    // Asking made a repeatable gathering job, whose first run the worker takes at once.
    await expect
      .poll(() => scrape(worker), { timeout: 10_000, interval: 100 })
      .toMatch(/^matome_jobs_total\{queue="gathering",outcome="completed"\} [1-9]/m);
    const text = await scrape(web.app);
    for (const queue of ['gathering', 'maintenance', 'slack-history']) {
      expect(text).toMatch(new RegExp(`^matome_queue_jobs\\{queue="${queue}",state="waiting"\\} \\d+$`, 'm'));
    }
    // The next run of the repeatable job waits in the queue.
    expect(text).toMatch(/^matome_queue_jobs\{queue="gathering",state="delayed"\} [1-9]/m);
    // A web instance runs no jobs, so it counts none.
    expect(text).not.toMatch(/^matome_jobs_total\{/m);
  });
});
