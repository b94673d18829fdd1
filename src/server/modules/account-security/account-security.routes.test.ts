import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { linkTokenOf } from '../../../../emulators/mail/mail-catcher.ts';
import { verifyEmailResponseSchema } from '../../../contract/account-security.ts';
import { expectApiError } from '../../test/api-error.ts';
import {
  bearer,
  confirmEmail,
  cookieSet,
  nextAddress,
  registerUser,
  signIn,
} from '../../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ PUBLIC_URL: 'http://matome.test' });
});
afterAll(() => testApp.close());
beforeEach(() => testApp.mail.reset());

const app = () => testApp.app;
const uniqueEmail = (label: string) =>
  `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

function post(url: string, payload: object, headers: Record<string, string> = {}) {
  return app().inject({ method: 'POST', url, payload, headers, remoteAddress: nextAddress() });
}

function login(email: string, password: string) {
  return post('/api/auth/login', { email, password });
}

describe('registration', () => {
  it('answers the same whether or not the address is taken; the owner of a taken one gets an e-mail instead', async () => {
    const owner = await registerUser(app());
    testApp.mail.reset();
    const fresh = uniqueEmail('fresh');
    const taken = await post('/api/auth/register', {
      email: owner.user.email,
      password: 'attacker passphrase',
      name: 'Attacker',
    });
    const free = await post('/api/auth/register', {
      email: fresh,
      password: 'newcomer passphrase',
      name: 'New',
    });

    expect(taken.statusCode).toBe(202);
    expect(free.statusCode).toBe(202);
    expect(taken.body).toBe(free.body);
    const headerNames = (response: typeof taken) =>
      Object.keys(response.headers)
        .filter((name) => !['date', 'x-request-id', 'content-length'].includes(name))
        .sort();
    expect(headerNames(taken)).toEqual(headerNames(free));
    expect(taken.cookies).toEqual([]);

    const notice = await testApp.mail.waitFor(owner.user.email);
    expect(notice.subject).toBe('You already have a Matome account');
    expect(notice.text).toContain('http://matome.test/forgot-password');
    expect(notice.text).not.toContain('#token=');
    const confirmation = await testApp.mail.waitFor(fresh);
    expect(confirmation.subject).toBe('Confirm your email address for Matome');
    expect(confirmation.text).toMatch(/http:\/\/matome\.test\/verify-email#token=[\w-]{43}/);

    // The attacker's password did nothing to the existing account.
    expectApiError(await login(owner.user.email, 'attacker passphrase'), 401);
    expect((await login(owner.user.email, owner.password)).statusCode).toBe(200);
  });

  it('creates the account only when the link is followed, which signs the new user in; the link works once', async () => {
    const email = uniqueEmail('confirm');
    await post('/api/auth/register', { email, password: 'a good passphrase', name: ' Ada ' });
    expectApiError(await login(email, 'a good passphrase'), 401);

    const mail = await testApp.mail.waitFor(email);
    const token = linkTokenOf(mail, 'verify-email');
    const confirmed = await post('/api/auth/verify-email', { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const body = verifyEmailResponseSchema.parse(confirmed.json());
    expect(body.user).toMatchObject({ email, name: 'Ada', emailVerified: true });
    expect(body.tokens?.accessToken).toBeTruthy();
    expect(cookieSet(confirmed, 'matome_refresh')).toMatch(/^[\w-]{43}$/);

    expect(expectApiError(await post('/api/auth/verify-email', { token }), 400).code).toBe('INVALID_LINK');
    expect((await login(email, 'a good passphrase')).statusCode).toBe(200);
  });

  it('keeps the first of two sign-ups for one address that is confirmed, and refuses the other link', async () => {
    const email = uniqueEmail('twice');
    await post('/api/auth/register', { email, password: 'first passphrase', name: 'First' });
    const first = linkTokenOf(await testApp.mail.waitFor(email), 'verify-email');
    testApp.mail.reset();
    await post('/api/auth/register', { email, password: 'second passphrase', name: 'Second' });
    const second = linkTokenOf(await testApp.mail.waitFor(email), 'verify-email');

    expect((await post('/api/auth/verify-email', { token: second })).statusCode).toBe(200);
    expectApiError(await post('/api/auth/verify-email', { token: first }), 400);
    expect((await login(email, 'second passphrase')).statusCode).toBe(200);
    expectApiError(await login(email, 'first passphrase'), 401);
  });

  it('writes the e-mail in the language of the page that asked', async () => {
    const email = uniqueEmail('jp');
    await post('/api/auth/register', {
      email,
      password: '日本語のパスフレーズ',
      name: '山田',
      language: 'jp',
    });
    const mail = await testApp.mail.waitFor(email);
    expect(mail.subject).toBe('【まとめ】メールアドレスのご確認');
    expect(mail.text).toContain('山田様');
  });

  it('allows 10 sign-ups per address per hour by default, and REGISTRATIONS_PER_HOUR raises it', async () => {
    const address = nextAddress();
    const signUp = (target: TestApp, index: number) =>
      target.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email: uniqueEmail(`limit-${index}`), password: 'a good passphrase', name: 'Limit' },
        remoteAddress: address,
      });
    for (let index = 0; index < 10; index += 1) expect((await signUp(testApp, index)).statusCode).toBe(202);
    expectApiError(await signUp(testApp, 10), 429);

    const raised = await createTestApp({ REGISTRATIONS_PER_HOUR: '11' });
    try {
      for (let index = 0; index < 11; index += 1) expect((await signUp(raised, index)).statusCode).toBe(202);
    } finally {
      await raised.close();
    }
  });

  it('refuses unknown, malformed and expired-looking links with 400', async () => {
    for (const token of ['nope', 'x'.repeat(43)]) {
      expect(expectApiError(await post('/api/auth/verify-email', { token }), 400).code).toBe('INVALID_LINK');
    }
  });
});

describe('password rules (NIST SP 800-63B)', () => {
  it('takes 8 to 128 characters as people count them, and refuses common, breached and guessable ones', async () => {
    const register = (password: string, email = uniqueEmail('rules')) =>
      post('/api/auth/register', { email, password, name: 'Rules' });
    expect(expectApiError(await register('7 chars'), 400).message).toMatch(/^body\.password: .*at least 8/);
    expect(expectApiError(await register('x'.repeat(129)), 400).message).toMatch(
      /^body\.password: .*at most 128/,
    );
    // Eight characters, even where each takes two UTF-16 units.
    expect((await register('🍣🍣🍣🍣🍣🍣🍣🍣')).statusCode).toBe(202);
    expect((await register('x'.repeat(128))).statusCode).toBe(202);
    for (const common of ['password1', 'Password1', 'iloveyou1', '12345678', 'qwertyuiop', 'matome2024']) {
      expect(expectApiError(await register(common), 400).code, common).toBe('PASSWORD_TOO_COMMON');
    }
    const email = uniqueEmail('self');
    expect(expectApiError(await register(email, email), 400).code).toBe('PASSWORD_TOO_COMMON');
    // No composition rules: a long phrase of lower-case words is fine.
    expect((await register('correct horse battery staple')).statusCode).toBe(202);
  });
});

describe('password reset', () => {
  it('answers the same for any address and e-mails a link only to an account', async () => {
    const { user } = await registerUser(app());
    testApp.mail.reset();
    const known = await post('/api/auth/password-reset/request', { email: user.email });
    const unknown = await post('/api/auth/password-reset/request', { email: uniqueEmail('nobody') });
    const demo = await post('/api/auth/password-reset/request', { email: 'demo-en@example.com' });
    for (const response of [known, unknown, demo]) expect(response.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
    const mail = await testApp.mail.waitFor(user.email);
    expect(mail.text).toMatch(/http:\/\/matome\.test\/reset-password#token=[\w-]{43}/);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(testApp.mail.messages().map((caught) => caught.to)).toEqual([[user.email]]);
  });

  it('sets the new password through the link, ends every session, and the link works once', async () => {
    const { user, password, tokens } = await registerUser(app());
    const other = await signIn(app(), user.email, password);
    await post('/api/auth/password-reset/request', { email: user.email });
    const token = linkTokenOf(
      await testApp.mail.waitFor(user.email, (m) => m.text.includes('reset')),
      'reset-password',
    );

    // A refused password leaves the link usable.
    expect(
      expectApiError(await post('/api/auth/password-reset', { token, password: 'password123' }), 400).code,
    ).toBe('PASSWORD_TOO_COMMON');
    const reset = await post('/api/auth/password-reset', { token, password: 'my new passphrase' });
    expect(reset.statusCode, reset.body).toBe(204);

    for (const accessToken of [tokens.accessToken, other]) {
      expectApiError(
        await app().inject({ method: 'GET', url: '/api/auth/me', headers: bearer(accessToken) }),
        401,
      );
    }
    expectApiError(await login(user.email, password), 401);
    expect((await login(user.email, 'my new passphrase')).statusCode).toBe(200);
    expect(
      expectApiError(await post('/api/auth/password-reset', { token, password: 'another passphrase' }), 400)
        .code,
    ).toBe('INVALID_LINK');
  });

  it('lets the owner in after a reset even while their account was being slowed by guesses', async () => {
    const { user } = await registerUser(app());
    await Promise.all(Array.from({ length: 20 }, () => login(user.email, 'guess')));
    await post('/api/auth/password-reset/request', { email: user.email });
    const token = linkTokenOf(
      await testApp.mail.waitFor(user.email, (m) => m.text.includes('reset')),
      'reset-password',
    );
    expect((await post('/api/auth/password-reset', { token, password: 'after the reset' })).statusCode).toBe(
      204,
    );
    expect((await login(user.email, 'after the reset')).statusCode).toBe(200);
  });
});

describe('changing the sign-in address', () => {
  const change = (accessToken: string, payload: object) =>
    post('/api/auth/email', payload, bearer(accessToken));

  it('changes nothing until the link sent to the new address is followed', async () => {
    const { user, password, tokens } = await registerUser(app());
    const newEmail = uniqueEmail('moved');
    const asked = await change(tokens.accessToken, { newEmail, password });
    expect(asked.statusCode, asked.body).toBe(202);
    expect((await login(user.email, password)).statusCode).toBe(200);

    const confirmed = await confirmEmail(app(), newEmail);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(verifyEmailResponseSchema.parse(confirmed.json())).toMatchObject({
      user: { id: user.id, email: newEmail, emailVerified: true },
    });
    expect(confirmed.json().tokens).toBeUndefined();
    expectApiError(await login(user.email, password), 401);
    expect((await login(newEmail, password)).statusCode).toBe(200);
  });

  it('answers the same for a taken address, whose owner is told instead', async () => {
    const { password, tokens } = await registerUser(app());
    const other = await registerUser(app());
    testApp.mail.reset();
    const taken = await change(tokens.accessToken, { newEmail: other.user.email, password });
    const free = await change(tokens.accessToken, { newEmail: uniqueEmail('free'), password });
    expect(taken.statusCode).toBe(202);
    expect(taken.body).toBe(free.body);
    const notice = await testApp.mail.waitFor(other.user.email);
    expect(notice.subject).toBe('This email address is already used on Matome');
    expect(notice.text).not.toContain('#token=');
  });

  it('needs the password and refuses demo accounts', async () => {
    const { tokens } = await registerUser(app());
    expect(
      expectApiError(await change(tokens.accessToken, { newEmail: uniqueEmail('x'), password: 'wrong' }), 403)
        .code,
    ).toBe('WRONG_PASSWORD');
    const demo = await signIn(app(), 'demo-en@example.com', 'demo1234');
    expect(
      expectApiError(await change(demo, { newEmail: uniqueEmail('x'), password: 'demo1234' }), 403).code,
    ).toBe('DEMO_RESTRICTED');
  });
});

describe('without SMTP_URL', () => {
  async function registerAndCaptureLog(nodeEnv: 'development' | 'production', publicUrl: string) {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const bare = await createTestApp(
      { NODE_ENV: nodeEnv, SMTP_URL: '', PUBLIC_URL: publicUrl },
      { logger: { level: 'info', stream } },
    );
    try {
      const response = await bare.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email: uniqueEmail(nodeEnv), password: 'a good passphrase', name: 'N' },
      });
      expect(response.statusCode).toBe(202);
    } finally {
      await bare.close();
    }
    return lines.join('');
  }

  it('logs the e-mail with its link in development, and in production served only to this machine', async () => {
    expect(await registerAndCaptureLog('development', 'http://matome.test')).toMatch(
      /verify-email#token=[\w-]{43}/,
    );
    // `npm start` on a laptop: the person reading the terminal is the one signing up.
    expect(await registerAndCaptureLog('production', 'http://localhost:3000')).toMatch(
      /verify-email#token=[\w-]{43}/,
    );
  });

  it('never logs a link or an address in a deployed production server, only that the e-mail could not be sent', async () => {
    const log = await registerAndCaptureLog('production', 'https://matome.example.com');
    expect(log).toContain('SMTP_URL is not set');
    expect(log).not.toContain('#token=');
    expect(log).not.toContain('@example.com');
  });
});
