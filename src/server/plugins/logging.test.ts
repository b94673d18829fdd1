import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { authResponseSchema, refreshResponseSchema } from '../../contract/auth.ts';
import { expectApiError } from '../test/api-error.ts';
import {
  bearer,
  csrfHeader,
  nextAddress,
  pastRefreshReuseGrace,
  registerUser,
} from '../test/auth-helpers.ts';
import { capturedLog, type LogLine } from '../test/captured-log.ts';
import { createTestApp, testSecrets, type TestApp } from '../test/test-app.ts';
import { lazyChildLoggerFactory } from './logging.ts';

const log = capturedLog();
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({}, { logger: log.logger });
});
afterAll(() => testApp.close());

const REFUSING_CONSTRAINT = 'logging_test_refuses_new_rows';
let brokenTable: string | null = null;

/** Makes every new row of a table fail a check constraint, as a real database fault would, until the test ends. */
async function refuseNewRows(table: string): Promise<void> {
  await testApp.database.db.execute(
    `alter table "${table}" add constraint ${REFUSING_CONSTRAINT} check (false) not valid`,
  );
  brokenTable = table;
}
afterEach(async () => {
  if (brokenTable) {
    await testApp.database.db.execute(`alter table "${brokenTable}" drop constraint ${REFUSING_CONSTRAINT}`);
    brokenTable = null;
  }
});

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

/** The log written since `from` (an offset into the whole log), for one test's requests. */
function logSince(from: number): string {
  return log.text().slice(from);
}

/** The logged failure of a request that hit the database fault: the constraint's SQLSTATE, nothing more. */
function expectDatabaseFailureLogged(text: string): void {
  const failures = text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as LogLine)
    .filter((line) => line.msg === 'request failed');
  expect(failures).toHaveLength(1);
  expect(JSON.stringify(failures[0])).toContain('"code":"23514"');
  expect(JSON.stringify(failures[0])).toContain(REFUSING_CONSTRAINT);
}

/** What a database error must never bring into the log, whatever the statement was. */
function expectNoStatementValues(text: string): void {
  expect(text).not.toContain('$argon2id$');
  expect(text).not.toMatch(/params|Failing row/i);
  // Tokens, token hashes and signed access tokens are all long runs of base64url.
  expect(text).not.toMatch(/[A-Za-z0-9_-]{40,}/);
}

describe('a database fault leaves no credentials in the log', () => {
  it('while registering: no password, password hash, email or name', async () => {
    // A sign-up waits for its confirmation link in email_tokens, password hash included.
    await refuseNewRows('email_tokens');
    const from = log.text().length;
    const body = {
      email: 'quintessa.register@example.com',
      password: 'hunter2-register',
      name: 'Zebediah Quux',
    };
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: body,
      remoteAddress: nextAddress(),
    });
    expectApiError(response, 500);
    const text = logSince(from);
    expectDatabaseFailureLogged(text);
    expectNoStatementValues(text);
    for (const value of [body.password, 'quintessa', body.name]) expect(text).not.toContain(value);
  });

  it('while signing in: no password, email, tokens or token hashes', async () => {
    const { user, password } = await registerUser(testApp.app, { email: 'quintessa.login@example.com' });
    await refuseNewRows('refresh_sessions');
    const from = log.text().length;
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password },
      remoteAddress: nextAddress(),
    });
    expectApiError(response, 500);
    const text = logSince(from);
    expectDatabaseFailureLogged(text);
    expectNoStatementValues(text);
    for (const value of [password, 'quintessa']) expect(text).not.toContain(value);
  });

  it('while refreshing: no refresh token, its hash, the next one or the access token', async () => {
    const { tokens } = await registerUser(testApp.app);
    await refuseNewRows('refresh_sessions');
    const from = log.text().length;
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: csrfHeader,
      cookies: { matome_refresh: tokens.refreshToken },
      remoteAddress: nextAddress(),
    });
    expectApiError(response, 500);
    const text = logSince(from);
    expectDatabaseFailureLogged(text);
    expectNoStatementValues(text);
    for (const value of [tokens.refreshToken, sha256(tokens.refreshToken), tokens.accessToken]) {
      expect(text).not.toContain(value);
    }
  });
});

describe('security events', () => {
  function events(from: number): LogLine[] {
    return logSince(from)
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as LogLine)
      .filter((line) => line.securityEvent !== undefined);
  }

  it('logs failed sign-ins and the lockout that follows, without the email or the password', async () => {
    const { user } = await registerUser(testApp.app, { email: 'quintessa.guessed@example.com' });
    const from = log.text().length;
    const address = nextAddress();
    // Five wrong passwords go through at full speed; the sixth must wait.
    for (let attempt = 0; attempt < 6; attempt += 1) {
      await testApp.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: `wrong-guess-${attempt}` },
        remoteAddress: address,
      });
    }
    const logged = events(from);
    expect(logged.filter((line) => line.securityEvent === 'sign_in_failed')).toHaveLength(5);
    expect(logged.filter((line) => line.securityEvent === 'sign_in_locked')).toHaveLength(1);
    for (const line of logged) {
      expect(line).toMatchObject({ level: 40, ip: address, route: '/api/auth/login', method: 'POST' });
    }
    const text = logSince(from);
    expect(text).not.toContain('quintessa');
    expect(text).not.toContain('wrong-guess');
  });

  it('logs a sign-in with the user, and a refused body with the field but not its value', async () => {
    const { user, password } = await registerUser(testApp.app);
    const from = log.text().length;
    await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password },
      remoteAddress: nextAddress(),
    });
    await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'quintessa.refused@example.com', password: 'hunter2-refused', name: 'x'.repeat(101) },
      remoteAddress: nextAddress(),
    });
    await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "quintessa',
      remoteAddress: nextAddress(),
    });
    expect(events(from).map((line) => [line.securityEvent, line.userId ?? line.where])).toEqual([
      ['signed_in', user.id],
      ['input_rejected', 'body.name'],
      ['input_rejected', 'FST_ERR_CTP_INVALID_JSON_BODY'],
    ]);
    expect(logSince(from)).not.toContain('quintessa');
    expect(logSince(from)).not.toContain(password);
  });

  it('logs a reused refresh token, without the token', async () => {
    const { user, tokens } = await registerUser(testApp.app);
    const refresh = () =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        headers: csrfHeader,
        cookies: { matome_refresh: tokens.refreshToken },
        remoteAddress: nextAddress(),
      });
    refreshResponseSchema.parse((await refresh()).json());
    pastRefreshReuseGrace();
    const from = log.text().length;
    expectApiError(await refresh(), 401);
    const [event] = events(from);
    expect(event).toMatchObject({ securityEvent: 'refresh_token_reused', level: 50 });
    expect(logSince(from)).not.toContain(tokens.refreshToken);
    expect(logSince(from)).not.toContain(user.email);
  });

  it('logs requests refused for a missing, forged or ended session as access denied', async () => {
    const { tokens } = await registerUser(testApp.app);
    const forged = `${tokens.accessToken.slice(0, -4)}AAAA`;
    const from = log.text().length;
    for (const headers of [{}, bearer(forged)]) {
      expectApiError(await testApp.app.inject({ method: 'GET', url: '/api/tags', headers }), 401);
    }
    const logged = events(from);
    expect(logged.map((line) => [line.securityEvent, line.reason, line.route])).toEqual([
      ['access_denied', 'no_token', '/api/tags'],
      ['access_denied', 'invalid_token', '/api/tags'],
    ]);
    expect(logSince(from)).not.toContain(forged);
  });
});

describe('redaction', () => {
  it('censors credentials wherever a log call puts them', () => {
    const from = log.text().length;
    const signedIn = authResponseSchema.shape.tokens.parse({ accessToken: 'aaa.bbb.ccc', refreshToken: 'r' });
    testApp.app.log.info(
      {
        password: 'pw-top',
        body: { password: 'pw-nested', currentPassword: 'pw-current', newPassword: 'pw-new' },
        tokens: signedIn,
        refreshToken: 'rt-top',
        headers: { authorization: 'Bearer header-token', cookie: 'matome_refresh=cookie-token' },
        user: { passwordHash: '$argon2id$v=19$hash', email: 'kept@example.com' },
        session: { tokenHash: 'hash-of-token' },
        oauth: {
          authorizationCode: 'oauth-code',
          codeVerifier: 'pkce-verifier',
          clientSecret: 'client-secret',
        },
        secrets: { jwtSecret: testSecrets.jwtSecret },
      },
      'a careless log call',
    );
    const text = logSince(from);
    for (const secret of [
      'pw-top',
      'pw-nested',
      'pw-current',
      'pw-new',
      'aaa.bbb.ccc',
      'rt-top',
      'header-token',
      'cookie-token',
      '$argon2id$',
      'hash-of-token',
      'oauth-code',
      'pkce-verifier',
      'client-secret',
      testSecrets.jwtSecret,
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('[REDACTED]');
  });
});

describe("a request's logger", () => {
  it('writes what reaches the level with the request id, drops what does not, and follows a level set on it', async () => {
    const captured = capturedLog('warn');
    const app = Fastify({ logger: captured.logger, childLoggerFactory: lazyChildLoggerFactory });
    app.get('/noted', async (request) => {
      request.log.info('below the level');
      request.log.warn({ part: 'cache' }, 'at the level');
      request.log.level = 'debug';
      request.log.debug('after lowering');
      return { level: request.log.level };
    });
    try {
      const response = await app.inject({ method: 'GET', url: '/noted' });
      expect(response.json()).toEqual({ level: 'debug' });
      const lines = captured.lines();
      expect(lines.map((line) => line.msg)).toEqual(['at the level', 'after lowering', 'request completed']);
      expect(lines[0]).toMatchObject({ part: 'cache', reqId: 'req-1' });
    } finally {
      await app.close();
    }
  });
});
