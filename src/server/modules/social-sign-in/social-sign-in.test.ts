import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { linkTokenOf } from '../../../../emulators/mail/mail-catcher.ts';
import { startGithubEmulator } from '../../../../emulators/github/github-emulator.ts';
import { startGoogleEmulator } from '../../../../emulators/google/google-emulator.ts';
import { authResponseSchema } from '../../../contract/auth.ts';
import { users } from '../../db/schema/users.ts';
import { expectApiError } from '../../test/api-error.ts';
import { cookieSet, nextAddress, registerUser } from '../../test/auth-helpers.ts';
import { control, emulatorRequests } from '../../test/emulator-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createAuthRepo } from '../auth/auth.repo.ts';
import { createSocialSignInRepo } from './social-sign-in.repo.ts';
import { signInMessages } from './social-sign-in.service.ts';

const grace = '110000000000000000001';
const ulrich = '110000000000000000002';
let google: { url: string; close(): Promise<void> };
let github: { url: string; close(): Promise<void> };
let testApp: TestApp;

beforeAll(async () => {
  [google, github] = await Promise.all([startGoogleEmulator(), startGithubEmulator()]);
  testApp = await createTestApp({
    PUBLIC_URL: 'https://matome.test',
    PROVIDER_TIMEOUT_MS: '1000',
    GOOGLE_CLIENT_ID: 'google-client',
    GOOGLE_CLIENT_SECRET: 'google-secret',
    GOOGLE_ACCOUNTS_BASE: google.url,
    GOOGLE_OAUTH2_BASE: google.url,
    GOOGLE_OIDC_BASE: google.url,
    GITHUB_CLIENT_ID: 'github-client',
    GITHUB_CLIENT_SECRET: 'github-secret',
    GITHUB_OAUTH_BASE: github.url,
    GITHUB_API_BASE: github.url,
  });
});
afterAll(async () => {
  await testApp?.close();
  await Promise.all([google?.close(), github?.close()]);
});
beforeEach(async () => {
  // Each case starts with nobody registered (identities and handoffs go with their users).
  await testApp.database.db.delete(users);
  for (const emulator of [google, github]) {
    await control(emulator.url, 'reset');
    await control(emulator.url, 'settings', { autoApprove: true });
  }
});

type Provider = 'google' | 'github';

/** A browser: its binding cookie is whatever the app last set. */
async function start(provider: Provider, browser: Record<string, string> = {}) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: `/api/auth/${provider}/connect`,
    cookies: browser,
    remoteAddress: nextAddress(),
  });
  expect(response.statusCode, response.body).toBe(200);
  browser.matome_oauth_binding = cookieSet(response, 'matome_oauth_binding')!;
  return { authUrl: (response.json() as { authUrl: string }).authUrl, browser };
}

/** Approves on the emulator (as `account`) and answers the path the provider sends the browser back to. */
async function consent(provider: Provider, authUrl: string, account: string) {
  await control(provider === 'google' ? google.url : github.url, 'settings', {
    autoApprove: true,
    approveAs: account,
  });
  const response = await fetch(authUrl, { redirect: 'manual' });
  const back = new URL(response.headers.get('location')!);
  return `${back.pathname}${back.search}`;
}

async function callback(path: string, browser: Record<string, string>) {
  const response = await testApp.app.inject({ method: 'GET', url: path, cookies: browser });
  expect(response.statusCode, response.body).toBe(302);
  return new URL(response.headers.location as string);
}

function exchange(code: string, browser: Record<string, string>) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/auth/oauth/exchange',
    payload: { code },
    cookies: browser,
    remoteAddress: nextAddress(),
  });
}

/** The whole round trip in one browser; answers where the app sent it. */
async function signInWith(provider: Provider, account: string) {
  const { authUrl, browser } = await start(provider);
  return { landing: await callback(await consent(provider, authUrl, account), browser), browser };
}

async function signedInUser(provider: Provider, account: string) {
  const { landing, browser } = await signInWith(provider, account);
  expect(landing.pathname, landing.toString()).toBe('/auth/callback');
  const code = new URLSearchParams(landing.hash.slice(1)).get('code')!;
  const response = await exchange(code, browser);
  expect(response.statusCode, response.body).toBe(200);
  expect(cookieSet(response, 'matome_refresh')).toBeTruthy();
  return { ...authResponseSchema.parse(response.json()), code, browser };
}

/** An account from before e-mail confirmation existed: its address was never proven. */
async function insertUnverifiedUser(email: string) {
  const row = await createAuthRepo(testApp.database.db).insertUser({
    email,
    name: 'Squatter',
    passwordHash: 'x',
    emailVerifiedAt: null,
  });
  return row!;
}

describe('sign in with Google', () => {
  it('creates a new user with the onboarding flags, handing over a code in the fragment and no token in the URL', async () => {
    const { landing, browser } = await signInWith('google', grace);
    expect(landing.origin).toBe('https://matome.test');
    expect(landing.search).toBe('');
    expect(landing.hash).toMatch(/^#provider=google&code=[A-Za-z0-9_-]{43}$/);
    const code = new URLSearchParams(landing.hash.slice(1)).get('code')!;
    const first = await exchange(code, browser);
    const { user, tokens } = authResponseSchema.parse(first.json());
    expect(user).toMatchObject({
      email: 'grace@example.com',
      name: 'Grace Hopper',
      emailVerified: true,
      oauthProvider: 'google',
      isFirstLogin: true,
      onboardingCompleted: false,
    });
    expect(tokens.accessToken).toBeTruthy();
    expectApiError(await exchange(code, browser), 401);
  });

  it('signs an existing identity in as the same user', async () => {
    const first = await signedInUser('google', grace);
    const second = await signedInUser('google', grace);
    expect(second.user.id).toBe(first.user.id);
  });

  it('links a verified Google address to the verified account of the same address', async () => {
    const registered = await registerUser(testApp.app, { email: 'grace@example.com' });
    const { user } = await signedInUser('google', grace);
    expect(user.id).toBe(registered.user.id);
    expect(user.oauthProvider).toBeUndefined();
  });

  it('never links to an account whose address is unconfirmed (pre-account takeover)', async () => {
    const squatter = await insertUnverifiedUser('grace@example.com');
    const { landing } = await signInWith('google', grace);
    expect(landing.pathname).toBe('/login');
    expect(landing.searchParams.get('google')).toBe('error');
    expect(landing.searchParams.get('message')).toBe(signInMessages.emailInUse);
    const linked = await createSocialSignInRepo(testApp.database.db).userOfIdentity('google', grace);
    expect(linked).toBeUndefined();
    expect(squatter.emailVerifiedAt).toBeNull();
  });

  it('never links an address Google has not verified to an existing account', async () => {
    await registerUser(testApp.app, { email: 'ulrich@example.com' });
    const { landing } = await signInWith('google', ulrich);
    expect(landing.searchParams.get('message')).toBe(signInMessages.emailInUse);
  });

  it('refuses the answer in a browser other than the one that started, and spends the state', async () => {
    const { authUrl, browser } = await start('google');
    const path = await consent('google', authUrl, grace);
    const elsewhere = await callback(path, { matome_oauth_binding: 'A'.repeat(43) });
    expect(elsewhere.searchParams.get('message')).toBe(signInMessages.invalidState);
    const original = await callback(path, browser);
    expect(original.searchParams.get('message')).toBe(signInMessages.invalidState);
  });

  it('refuses a handoff code from another browser', async () => {
    const { landing } = await signInWith('google', grace);
    const code = new URLSearchParams(landing.hash.slice(1)).get('code')!;
    expect(expectApiError(await exchange(code, { matome_oauth_binding: 'B'.repeat(43) }), 401).code).toBe(
      'SIGN_IN_EXPIRED',
    );
  });

  it('says so when the person cancels on the consent page, or when Google fails', async () => {
    await control(google.url, 'settings', { autoApprove: false });
    const { authUrl, browser } = await start('google');
    const url = new URL(authUrl);
    const denied = await fetch(`${url.origin}${url.pathname}`, {
      method: 'POST',
      body: new URLSearchParams({ ...Object.fromEntries(url.searchParams), decision: 'deny' }),
      redirect: 'manual',
    });
    const back = new URL(denied.headers.get('location')!);
    expect((await callback(`${back.pathname}${back.search}`, browser)).searchParams.get('message')).toBe(
      signInMessages.denied,
    );
    await control(google.url, 'faults', { path: '/token', status: 503, times: 1 });
    const failed = await signInWith('google', grace);
    expect(failed.landing.searchParams.get('message')).toBe(signInMessages.failed);
  });

  it('asks Google with PKCE and a state, and never puts a token in the callback URL', async () => {
    const { authUrl } = await start('google');
    const params = new URL(authUrl).searchParams;
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.get('scope')).toBe('openid email profile');
    expect(params.get('redirect_uri')).toBe('https://matome.test/api/auth/google/callback');
  });
});

describe('sign in with GitHub', () => {
  it('creates a new user from the verified primary address', async () => {
    const { user } = await signedInUser('github', '583231');
    expect(user).toMatchObject({
      email: 'octocat@example.com',
      oauthProvider: 'github',
      emailVerified: true,
    });
    const calls = await emulatorRequests(github.url);
    expect(calls.find((call) => call.path === '/login/oauth/access_token')?.body).toMatchObject({
      code_verifier: '[redacted]',
    });
  });

  it('reports GitHub’s HTTP-200 error answers as a failed sign-in', async () => {
    await control(github.url, 'faults', {
      path: '/login/oauth/access_token',
      status: 200,
      body: JSON.stringify({ error: 'bad_verification_code', error_description: 'expired' }),
      times: 1,
    });
    const { landing } = await signInWith('github', '583231');
    expect(landing.searchParams.get('github')).toBe('error');
    expect(landing.searchParams.get('message')).toBe(signInMessages.failed);
  });

  it('does not link an unverified GitHub address to an existing account', async () => {
    await registerUser(testApp.app, { email: 'nova@example.com' });
    const { landing } = await signInWith('github', '583232');
    expect(landing.searchParams.get('message')).toBe(signInMessages.emailInUse);
  });
});

describe('an address the provider has not verified (pre-account takeover)', () => {
  const unverified = [
    ['google', ulrich, 'ulrich@example.com'],
    ['github', '583232', 'nova@example.com'],
  ] as const;

  it.each(unverified)(
    '%s: makes no account for it, and the owner who registers the address later is never reached through it',
    async (provider, account, email) => {
      const squatting = await signInWith(provider, account);
      expect(squatting.landing.pathname).toBe('/login');
      expect(squatting.landing.searchParams.get(provider)).toBe('error');
      expect(squatting.landing.searchParams.get('reason')).toBe('emailUnverified');
      expect(squatting.landing.searchParams.get('message')).toBe(signInMessages.emailUnverified);
      expect(await testApp.database.db.select().from(users)).toEqual([]);

      // The real owner signs up with the address, and the squatter tries again.
      testApp.mail.reset();
      const owner = await registerUser(testApp.app, { email });
      const again = await signInWith(provider, account);
      expect(again.landing.pathname).toBe('/login');
      expect(again.landing.hash).toBe('');
      const repo = createSocialSignInRepo(testApp.database.db);
      expect(await repo.userOfIdentity(provider, account)).toBeUndefined();
      expect((await repo.userByEmail(email))?.id).toBe(owner.user.id);
    },
  );
});

describe('an identity an unverified address linked before decision 139', () => {
  /** What an unverified sign-in made before decision 139: an unconfirmed account with the identity linked. */
  async function squattedAccount(provider: Provider, account: string, email: string) {
    const user = await insertUnverifiedUser(email);
    await createSocialSignInRepo(testApp.database.db).link({
      userId: user.id,
      provider,
      providerUserId: account,
      email,
    });
    return user;
  }

  async function resetPasswordOf(email: string) {
    testApp.mail.reset();
    const request = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/request',
      payload: { email, language: 'jp' },
      remoteAddress: nextAddress(),
    });
    expect(request.statusCode).toBe(202);
    const mail = await testApp.mail.waitFor(email, (caught) => caught.text.includes('reset-password#'));
    const reset = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { token: linkTokenOf(mail, 'reset-password'), password: 'the owner’s own passphrase' },
      remoteAddress: nextAddress(),
    });
    expect(reset.statusCode, reset.body).toBe(204);
  }

  it.each([
    ['google', ulrich, 'ulrich@example.com', 'Google'],
    ['github', '583232', 'nova@example.com', 'GitHub'],
  ] as const)(
    '%s: reaches nothing, and the owner’s reset unlinks it and says so by e-mail',
    async (provider, account, email, name) => {
      const squatted = await squattedAccount(provider, account, email);
      const before = await signInWith(provider, account);
      expect(before.landing.pathname).toBe('/login');
      expect(before.landing.searchParams.get('reason')).toBe('emailInUse');

      await resetPasswordOf(email);
      const notice = await testApp.mail.waitFor(email, (caught) => caught.subject.includes('連携を解除'));
      expect(notice.text).toContain(`${name} でのログインが連携されていましたが`);
      const repo = createSocialSignInRepo(testApp.database.db);
      expect(await repo.userOfIdentity(provider, account)).toBeUndefined();

      const after = await signInWith(provider, account);
      expect(after.landing.pathname).toBe('/login');
      expect(after.landing.hash).toBe('');
      expect(await repo.userOfIdentity(provider, account)).toBeUndefined();
      expect((await repo.userByEmail(email))?.id).toBe(squatted.id);
    },
  );

  it('keeps the identities of an account whose address was already confirmed', async () => {
    const { user } = await signedInUser('google', grace);
    await resetPasswordOf(user.email);
    const again = await signedInUser('google', grace);
    expect(again.user.id).toBe(user.id);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(testApp.mail.messages().filter((caught) => caught.subject.includes('連携を解除'))).toEqual([]);
  });
});

describe('deleting an account that has no password (re-authentication)', () => {
  function remove(accessToken: string, browser: Record<string, string>, payload: object = {}) {
    return testApp.app.inject({
      method: 'DELETE',
      url: '/api/account/delete',
      headers: { authorization: `Bearer ${accessToken}` },
      cookies: browser,
      payload,
    });
  }

  /** A fresh sign-in in `browser`, stopped before the page trades its code: the code is the proof. */
  async function freshSignInCode(provider: Provider, account: string, browser: Record<string, string>) {
    const { authUrl } = await start(provider, browser);
    const landing = await callback(await consent(provider, authUrl, account), browser);
    expect(landing.pathname, landing.toString()).toBe('/auth/callback');
    return new URLSearchParams(landing.hash.slice(1)).get('code')!;
  }

  const userExists = async (id: string) =>
    (await testApp.database.db.select().from(users)).some((row) => row.id === id);

  it.each([
    ['google', grace],
    ['github', '583231'],
  ] as const)(
    '%s: refuses the access token alone, and deletes after a fresh sign-in in the same browser',
    async (provider, account) => {
      const { user, tokens, browser } = await signedInUser(provider, account);
      const refused = await remove(tokens.accessToken, browser);
      expect(expectApiError(refused, 403).code).toBe('REAUTHENTICATION_REQUIRED');
      expect(await userExists(user.id)).toBe(true);

      const code = await freshSignInCode(provider, account, browser);
      const deleted = await remove(tokens.accessToken, browser, { reauthenticationCode: code });
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(await userExists(user.id)).toBe(false);
    },
  );

  it('refuses a code from another browser, of another person, or already used', async () => {
    const { user, tokens, browser } = await signedInUser('google', grace);
    const expectRefused = async (payload: object, from = browser) =>
      expect(expectApiError(await remove(tokens.accessToken, from, payload), 403).code).toBe(
        'REAUTHENTICATION_REQUIRED',
      );

    const otherBrowser: Record<string, string> = {};
    await expectRefused({ reauthenticationCode: await freshSignInCode('google', grace, otherBrowser) });
    const someoneElse = await freshSignInCode('github', '583231', browser);
    await expectRefused({ reauthenticationCode: someoneElse });
    const mine = await freshSignInCode('google', grace, browser);
    await expectRefused({ reauthenticationCode: mine }, { matome_oauth_binding: 'C'.repeat(43) });
    // Taken once, whatever the outcome: the code above cannot be tried again from the right browser.
    await expectRefused({ reauthenticationCode: mine });
    await expectRefused({ password: 'anything at all' });
    expect(await userExists(user.id)).toBe(true);
  });
});

describe('status and configuration', () => {
  it('reports which providers are enabled, and 409 for one without credentials', async () => {
    const status = await testApp.app.inject({ method: 'GET', url: '/api/auth/google/status' });
    expect(status.json()).toEqual({ enabled: true });
    const bare = await createTestApp();
    try {
      expect((await bare.app.inject({ method: 'GET', url: '/api/auth/github/status' })).json()).toEqual({
        enabled: false,
      });
      const refused = await bare.app.inject({ method: 'POST', url: '/api/auth/github/connect' });
      expect(expectApiError(refused, 409).code).toBe('PROVIDER_NOT_CONFIGURED');
    } finally {
      await bare.close();
    }
  });

  it('refuses a malformed handoff code with 400', async () => {
    expectApiError(await exchange('short', {}), 400);
  });
});
