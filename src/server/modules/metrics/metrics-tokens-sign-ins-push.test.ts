import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startChatworkEmulator } from '../../../../emulators/chatwork/chatwork-emulator.ts';
import { startGithubEmulator } from '../../../../emulators/github/github-emulator.ts';
import { createPushSubscription, startPushEmulator } from '../../../../emulators/push/push-emulator.ts';
import { pushDeviceSchema } from '../../../contract/push-notifications.ts';
import { bearer, cookieSet, nextAddress, registerUser } from '../../test/auth-helpers.ts';
import { chatworkEmulatorSettings, connectAccount, control } from '../../test/emulator-helpers.ts';
import { sample } from '../../test/metrics-samples.ts';
import { createTestApp, testSecrets, type TestApp } from '../../test/test-app.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';

/**
 * Decision 163's series beside decision 162's: requests to the providers' token endpoints, returns from GitHub's
 * consent page, Web Push sends; each by outcome, never by person.
 */
describe('token endpoint, social sign-in and push metrics', () => {
  let chatwork: { url: string; close(): Promise<void> };
  let github: { url: string; close(): Promise<void> };
  let push: { url: string; close(): Promise<void> };
  let testApp: TestApp;
  const app = () => testApp.app;
  const scrape = async () =>
    (await app().inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } }))
      .body;

  beforeAll(async () => {
    [chatwork, github, push] = await Promise.all([
      startChatworkEmulator(),
      startGithubEmulator(),
      startPushEmulator(),
    ]);
    await control(chatwork.url, 'settings', { autoApprove: true });
    await control(github.url, 'settings', { autoApprove: true });
    testApp = await createTestApp({
      ...chatworkEmulatorSettings(chatwork.url),
      PUBLIC_URL: 'https://matome.test',
      PROVIDER_TIMEOUT_MS: '2000',
      GITHUB_CLIENT_ID: 'github-client',
      GITHUB_CLIENT_SECRET: 'github-secret',
      GITHUB_OAUTH_BASE: github.url,
      GITHUB_API_BASE: github.url,
      PUSH_SERVICE_ORIGINS: push.url,
      METRICS_TOKEN: TOKEN,
    });
  });
  afterAll(async () => {
    vi.useRealTimers();
    await testApp?.close();
    await Promise.all([chatwork?.close(), github?.close(), push?.close()]);
  });

  it('counts code exchanges and refreshes at the token endpoints by provider, grant and outcome', async () => {
    const { tokens } = await registerUser(app());
    await connectAccount(app(), 'chatwork', tokens.accessToken);
    const gather = () =>
      app().inject({
        method: 'GET',
        url: '/api/chatwork/messages?refresh=1',
        headers: bearer(tokens.accessToken),
      });
    // ChatWork's access tokens live 30 minutes; 14 minutes on, the next call refreshes first.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 14 * 60_000);
    expect((await gather()).statusCode).toBe(200);
    // The emulator forgets every token it issued: the access token is refused, and so is the refresh.
    await control(chatwork.url, 'reset');
    expect((await gather()).statusCode).toBe(200);
    vi.useRealTimers();

    const text = await scrape();
    const count = (grant: string, outcome: string) =>
      sample(text, 'matome_oauth_token_requests_total', { provider: 'chatwork', grant, outcome });
    expect(count('authorization_code', 'ok')).toBe(1);
    expect(count('refresh_token', 'ok')).toBe(1);
    expect(count('refresh_token', 'refresh_rejected')).toBe(1);
  });

  it('counts returns from GitHub by outcome, and its code exchanges', async () => {
    const start = async () => {
      const response = await app().inject({
        method: 'POST',
        url: '/api/auth/github/connect',
        remoteAddress: nextAddress(),
      });
      expect(response.statusCode, response.body).toBe(200);
      return {
        authUrl: (response.json() as { authUrl: string }).authUrl,
        binding: cookieSet(response, 'matome_oauth_binding')!,
      };
    };
    const callback = async (path: string, binding: string | undefined) => {
      const response = await app().inject({
        method: 'GET',
        url: path,
        cookies: binding ? { matome_oauth_binding: binding } : {},
      });
      expect(response.statusCode, response.body).toBe(302);
    };
    const consented = async (authUrl: string) => {
      const back = new URL((await fetch(authUrl, { redirect: 'manual' })).headers.get('location')!);
      return `${back.pathname}${back.search}`;
    };

    const first = await start();
    await callback(await consented(first.authUrl), first.binding);
    const second = await start();
    const state = new URL(second.authUrl).searchParams.get('state')!;
    await callback(`/api/auth/github/callback?error=access_denied&state=${state}`, second.binding);
    const third = await start();
    // Returned to another browser than the one that started it.
    await callback(await consented(third.authUrl), undefined);

    const text = await scrape();
    const outcome = (value: string) =>
      sample(text, 'matome_social_sign_ins_total', { provider: 'github', outcome: value });
    expect(outcome('completed')).toBe(1);
    expect(outcome('denied')).toBe(1);
    expect(outcome('invalidState')).toBe(1);
    expect(
      sample(text, 'matome_oauth_token_requests_total', {
        provider: 'github',
        grant: 'authorization_code',
        outcome: 'ok',
      }),
    ).toBe(1);
    expect(text).not.toContain('octocat');
  });

  it('counts Web Push sends by outcome', async () => {
    const { tokens } = await registerUser(app());
    const subscription = await createPushSubscription(push.url, {
      applicationServerKey: testSecrets.vapid.publicKey,
    });
    const { id: _emulatorId, ...browserJson } = subscription;
    const added = await app().inject({
      method: 'POST',
      url: '/api/push/devices',
      headers: bearer(tokens.accessToken),
      payload: { ...browserJson, language: 'en' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const device = pushDeviceSchema.parse(added.json());
    const sendTest = () =>
      app().inject({
        method: 'POST',
        url: `/api/push/devices/${device.id}/test`,
        headers: bearer(tokens.accessToken),
      });
    expect((await sendTest()).json()).toEqual({ delivered: true });
    await fetch(`${push.url}/_control/subscriptions/${subscription.id}/gone`, { method: 'POST' });
    expect((await sendTest()).statusCode).toBe(404);

    const text = await scrape();
    expect(sample(text, 'matome_push_sends_total', { outcome: 'sent' })).toBe(1);
    expect(sample(text, 'matome_push_sends_total', { outcome: 'gone' })).toBe(1);
    expect(text).not.toContain(subscription.endpoint);
  });
});
