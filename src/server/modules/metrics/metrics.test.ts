import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSlackEmulator } from '../../../../emulators/slack/slack-emulator.ts';
import { defaultSlackSeed } from '../../../../emulators/slack/slack-seed.ts';
import { expectApiError } from '../../test/api-error.ts';
import { bearer, nextAddress, registerUser, signIn, type RegisteredUser } from '../../test/auth-helpers.ts';
import { connectAccount, control, gatherAfresh, slackEmulatorSettings } from '../../test/emulator-helpers.ts';
import { postSlackEvent } from '../../test/slack-events.ts';
import { buildApp } from '../../app.ts';
import { loadSettings } from '../../config.ts';
import { sample } from '../../test/metrics-samples.ts';
import { createTestApp, openTestDatabase, testSecrets, type TestApp } from '../../test/test-app.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';
const SECRET = 'slack-signing-secret-for-metrics';

async function scrape(app: TestApp['app'], token = TOKEN) {
  return app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe('metrics with METRICS_TOKEN', () => {
  let emulator: { url: string; close(): Promise<void> };
  let testApp: TestApp;
  let alice: RegisteredUser;
  let aliceEmail: string;
  const app = () => testApp.app;

  beforeAll(async () => {
    emulator = await startSlackEmulator({ seed: defaultSlackSeed(Date.now()) });
    await control(emulator.url, 'settings', { autoApprove: true });
    testApp = await createTestApp({ ...slackEmulatorSettings(emulator.url, SECRET), METRICS_TOKEN: TOKEN });
    aliceEmail = `metrics-${Date.now()}@example.com`;
    alice = await registerUser(app(), { email: aliceEmail });
    await connectAccount(app(), 'slack', alice.tokens.accessToken);
    await gatherAfresh(app(), 'slack', alice.tokens.accessToken);
  });
  afterAll(async () => {
    await testApp?.close();
    await emulator?.close();
  });

  it('refuses a scrape without the token, or with another, and never caches the figures', async () => {
    expectApiError(await app().inject({ method: 'GET', url: '/metrics' }), 401);
    expectApiError(await scrape(app(), `${TOKEN}x`), 401);
    expectApiError(await scrape(app(), TOKEN.slice(0, -1)), 401);
    const basic = await app().inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` },
    });
    expectApiError(basic, 401);
    const answer = await scrape(app());
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('counts requests by route pattern, with their durations, never by the raw URL', async () => {
    const connectionId = randomUUID();
    const missing = await app().inject({
      method: 'GET',
      url: `/api/chatwork/connections/${connectionId}/webhook`,
      headers: bearer(alice.tokens.accessToken),
    });
    expect(missing.statusCode).toBe(404);
    const text = (await scrape(app())).body;
    const route = '/api/chatwork/connections/:connectionId/webhook';
    expect(sample(text, 'matome_http_requests_total', { route, method: 'GET', status: '404' })).toBe(1);
    expect(
      sample(text, 'matome_http_request_duration_seconds_count', {
        route,
        method: 'GET',
        status_class: '4xx',
      }),
    ).toBe(1);
    expect(
      sample(text, 'matome_http_requests_total', { route: '/api/slack/messages', status: '200' }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(connectionId);
  });

  it('counts sign-ins and refusals by reason', async () => {
    const before = await scrape(app());
    const signInsBefore = sample(before.body, 'matome_sign_ins_total') ?? 0;
    const refused = await app().inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: aliceEmail, password: 'not the password at all' },
      remoteAddress: nextAddress(),
    });
    expectApiError(refused, 401);
    await signIn(app(), aliceEmail, alice.password);
    expectApiError(await app().inject({ method: 'GET', url: '/api/auth/me' }), 401);

    const text = (await scrape(app())).body;
    expect(sample(text, 'matome_auth_refusals_total', { reason: 'wrong_credentials' })).toBe(1);
    expect(sample(text, 'matome_auth_refusals_total', { reason: 'no_token' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'matome_sign_ins_total')).toBe(signInsBefore + 1);
    expect(sample(text, 'matome_sessions_live')).toBeGreaterThanOrEqual(2);
  });

  it('counts Slack events, their lag and the deliveries dropped as duplicates', async () => {
    const now = Math.floor(Date.now() / 1000);
    const event = {
      type: 'event_callback',
      team_id: 'T0ACME001',
      api_app_id: 'A0MATOME',
      event_id: `EvMetrics${now}`,
      event_time: now - 30,
      event: { type: 'reaction_added', user: 'U0BOB0000' },
      authorizations: [{ team_id: 'T0ACME001', user_id: 'U0ALICE00', is_bot: false }],
    };
    expect((await postSlackEvent(app(), SECRET, event)).statusCode).toBe(200);
    expect((await postSlackEvent(app(), SECRET, event)).statusCode).toBe(200);
    const text = (await scrape(app())).body;
    expect(sample(text, 'matome_slack_events_received_total', { type: 'reaction_added' })).toBe(2);
    expect(sample(text, 'matome_slack_events_duplicate_total')).toBe(1);
    expect(sample(text, 'matome_slack_event_lag_seconds_count')).toBe(2);
    // Both arrived at least 30 s after their event_time, so neither fits the buckets below 30 s.
    expect(sample(text, 'matome_slack_event_lag_seconds_bucket', { le: '10' })).toBe(0);
    expect(sample(text, 'matome_slack_event_lag_seconds_bucket', { le: '60' })).toBe(2);
  });

  it('counts provider calls by method and outcome, with the workspace budget left, and gatherings', async () => {
    const text = (await scrape(app())).body;
    expect(
      sample(text, 'matome_provider_calls_total', {
        provider: 'slack',
        method: 'search.messages',
        outcome: 'ok',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'matome_provider_calls_total', {
        provider: 'slack',
        method: 'oauth.v2.access',
        outcome: 'ok',
      }),
    ).toBe(1);
    const left = sample(text, 'matome_provider_budget_remaining', {
      provider: 'slack',
      workspace: 'T0ACME001',
      method: 'users.info',
    });
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThan(100);
    expect(
      sample(text, 'matome_gathering_accounts_total', { platform: 'slack', outcome: 'completed' }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('counts ChatWork webhooks, live streams open and the process figures', async () => {
    const webhook = await app().inject({
      method: 'POST',
      url: `/api/chatwork/webhook/${randomUUID()}`,
      headers: { 'content-type': 'application/json', 'x-chatworkwebhooksignature': 'c2lnbmF0dXJl' },
      payload: '{}',
    });
    expect(webhook.statusCode).toBe(200);
    const text = (await scrape(app())).body;
    expect(sample(text, 'matome_chatwork_webhooks_received_total', { outcome: 'refused' })).toBe(1);
    expect(sample(text, 'matome_live_streams_open')).toBe(0);
    expect(sample(text, 'process_cpu_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).toBeDefined();
  });

  it("never shows a user's id, e-mail address, tokens or Slack user ids", async () => {
    await vi.waitFor(async () => {
      const text = (await scrape(app())).body;
      expect(text).toContain('matome_http_requests_total');
      for (const secret of [
        alice.user.id,
        aliceEmail,
        aliceEmail.split('@')[0]!,
        alice.tokens.accessToken,
        alice.tokens.refreshToken,
        'U0ALICE00',
        'U0BOB0000',
      ]) {
        expect(text).not.toContain(secret);
      }
    });
  });
});

describe('metrics off, or on a port of their own', () => {
  it('answers 404 at /metrics without METRICS_TOKEN, whatever the token shown', async () => {
    const off = await createTestApp();
    try {
      expect(expectApiError(await scrape(off.app), 404).code).toBe('NOT_FOUND');
      expectApiError(await off.app.inject({ method: 'GET', url: '/metrics' }), 404);
    } finally {
      await off.close();
    }
  });

  it('serves METRICS_PORT with the token, and nothing at /metrics beside the app', async () => {
    const port = await freePort();
    const separate = await createTestApp({
      METRICS_TOKEN: TOKEN,
      METRICS_PORT: String(port),
      HOST: '127.0.0.1',
    });
    try {
      expectApiError(await scrape(separate.app), 404);
      const url = `http://127.0.0.1:${port}/metrics`;
      expect((await fetch(url)).status).toBe(401);
      expect((await fetch(url, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
      expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
      const answer = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(answer.status).toBe(200);
      const text = await answer.text();
      // This app's own registry: the 404 above is its only request so far.
      expect(sample(text, 'matome_http_requests_total', { route: '/metrics', status: '404' })).toBe(1);
      expect(sample(text, 'matome_http_requests_total', { route: '/api/auth/login' })).toBeUndefined();
    } finally {
      await separate.close();
    }
  });

  it('stops at start-up when METRICS_PORT is taken, rather than run without metrics', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const address = taken.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    const database = await openTestDatabase();
    const app = await buildApp({
      settings: loadSettings({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        WEB_DIST_DIR: '/nonexistent-web-build',
        HOST: '127.0.0.1',
        METRICS_TOKEN: TOKEN,
        METRICS_PORT: String(address.port),
      }),
      secrets: testSecrets,
      database,
      logger: false,
    });
    try {
      await expect(app.ready()).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await app.close();
      await database.close();
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});
