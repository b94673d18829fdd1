import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONNECT_STARTS_PER_USER } from '../connections/connections.routes.ts';
import {
  startSandboxEmulators,
  type SandboxEmulators,
} from '../../../../emulators/sandbox-seed/start-sandbox-emulators.ts';
import { connectionStatusResponseSchema } from '../../../contract/messages.ts';
import { expectApiError } from '../../test/api-error.ts';
import { bearer, registerUser } from '../../test/auth-helpers.ts';
import {
  approveConsent,
  bindingCookieOf,
  control,
  emulatorRequests,
  finishCallback,
  startConnect,
} from '../../test/emulator-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { MAX_PENDING_OAUTH_STATES, OAUTH_STATE_TTL_MS } from './oauth-flows.service.ts';

let emulators: SandboxEmulators;
let testApp: TestApp;

beforeAll(async () => {
  emulators = await startSandboxEmulators();
  testApp = await createTestApp({ ...emulators.appEnv, PUBLIC_URL: 'https://matome.test' });
});
afterAll(async () => {
  await testApp?.close();
  await emulators?.close();
});
beforeEach(async () => {
  for (const emulator of [emulators.slack, emulators.chatwork]) {
    await control(emulator.url, 'reset');
    await control(emulator.url, 'settings', { autoApprove: true });
  }
});

const app = () => testApp.app;

async function connections(platform: 'slack' | 'chatwork', token: string) {
  const response = await app().inject({
    method: 'GET',
    url: `/api/${platform}/status`,
    headers: bearer(token),
  });
  return connectionStatusResponseSchema.parse(response.json()).connections;
}

async function codeExchanges(platform: 'slack' | 'chatwork') {
  const path = platform === 'slack' ? '/api/oauth.v2.access' : '/token';
  return (await emulatorRequests(emulators[platform].url)).filter((call) => call.path === path);
}

describe.each(['slack', 'chatwork'] as const)(
  '%s consent bound to the browser that started it',
  (platform) => {
    it('refuses a consent completed in another browser, and stores nothing on the account that started it', async () => {
      const attacker = (await registerUser(app())).tokens.accessToken;
      const victim = (await registerUser(app())).tokens.accessToken;
      // The attacker starts connecting and sends the consent link to the victim, whose browser approves it.
      const authUrl = await startConnect(app(), platform, attacker);
      const callbackPath = await approveConsent(authUrl);

      // The victim's browser has no binding cookie, or its own from a consent it started itself.
      const victimsOwnFlow = await startConnect(app(), platform, victim);
      const victimBrowsers: Record<string, string>[] = [
        {},
        { matome_oauth_binding: bindingCookieOf(victimsOwnFlow)! },
      ];
      for (const victimCookies of victimBrowsers) {
        const landed = await finishCallback(app(), callbackPath, victimCookies);
        expect(landed.searchParams.get(platform)).toBe('error');
        expect(landed.searchParams.get('message')).toMatch(/different browser/);
      }
      expect(await connections(platform, attacker)).toEqual([]);
      expect(await connections(platform, victim)).toEqual([]);
      // The code never reached the provider's token endpoint.
      expect(await codeExchanges(platform)).toEqual([]);

      // The state was spent by the refused attempt: not even the attacker's own browser can finish it now.
      const replayed = await finishCallback(app(), callbackPath);
      expect(replayed.searchParams.get(platform)).toBe('error');
      expect(await connections(platform, attacker)).toEqual([]);
    });

    it('completes two consents started in two tabs of one browser', async () => {
      const token = (await registerUser(app())).tokens.accessToken;
      const first = await startConnect(app(), platform, token);
      const cookie = { matome_oauth_binding: bindingCookieOf(first)! };
      const second = await startConnect(app(), platform, token, cookie);
      expect(bindingCookieOf(second)).toBe(cookie.matome_oauth_binding);

      const secondBack = await finishCallback(app(), await approveConsent(second), cookie);
      const firstBack = await finishCallback(app(), await approveConsent(first), cookie);
      expect(secondBack.searchParams.get(platform)).toBe('connected');
      expect(firstBack.searchParams.get(platform)).toBe('connected');
      expect(await connections(platform, token)).toHaveLength(1);
    });
  },
);

describe('PKCE', () => {
  it('sends Slack an S256 challenge and the verifier with the code', async () => {
    const token = (await registerUser(app())).tokens.accessToken;
    const authUrl = new URL(await startConnect(app(), 'slack', token));
    expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authUrl.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    const landed = await finishCallback(app(), await approveConsent(authUrl.toString()));
    expect(landed.searchParams.get('slack')).toBe('connected');
    const [exchange] = await codeExchanges('slack');
    expect(exchange?.body).toMatchObject({ code_verifier: '[redacted]' });
  });
});

describe('pending consents per user', () => {
  it(`allows ${MAX_PENDING_OAUTH_STATES} at once, even in a burst, then answers 429 until they expire`, async () => {
    const token = (await registerUser(app())).tokens.accessToken;
    const burst = await Promise.all(
      Array.from({ length: 2 * MAX_PENDING_OAUTH_STATES }, (_, index) =>
        app().inject({
          method: 'POST',
          url: `/api/${index % 2 ? 'slack' : 'chatwork'}/connect`,
          headers: bearer(token),
        }),
      ),
    );
    expect(burst.filter((response) => response.statusCode === 200)).toHaveLength(MAX_PENDING_OAUTH_STATES);
    const refused = burst.find((response) => response.statusCode !== 200)!;
    expect(expectApiError(refused, 429).code).toBe('TOO_MANY_PENDING_CONSENTS');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(OAUTH_STATE_TTL_MS / 1000);

    // Another user is not affected.
    const other = (await registerUser(app())).tokens.accessToken;
    await startConnect(app(), 'slack', other);

    // Past the consents' lifetime and the window of the per-user budget for starting them (decision 051).
    const later = Date.now() + Math.max(OAUTH_STATE_TTL_MS, CONNECT_STARTS_PER_USER.durationSeconds * 1000);
    vi.spyOn(Date, 'now').mockReturnValue(later + 1000);
    await startConnect(app(), 'slack', token);
  });
});
