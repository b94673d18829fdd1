import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGoogleEmulator } from '../../../../emulators/google/google-emulator.ts';
import {
  exchangeTestCode,
  googleConsent,
  googleToken,
} from '../../../../emulators/google/google-test-flow.ts';
import { control, emulatorRequests } from '../../test/emulator-helpers.ts';
import { loadGoogleSpec } from '../../test/google-specs.ts';

/**
 * The Google emulator held to Google's discovery documents (shared/apis/google, read at test time): every call
 * Matome makes, with the errors it meets, and each logged answer checked against the method's response schema,
 * its documented parameters, or Google's error, token and userinfo shapes.
 */
const spec = loadGoogleSpec();
const calendar = 'https://www.googleapis.com/auth/calendar.events';
const tasks = 'https://www.googleapis.com/auth/tasks';

let emulator: { url: string; close(): Promise<void> };
beforeAll(async () => {
  emulator = await startGoogleEmulator();
});
afterAll(async () => emulator?.close());

async function call(method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(`${emulator.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: await response.json() };
}

async function useEveryCall() {
  const signIn = await exchangeTestCode(
    emulator.url,
    await googleConsent(emulator.url, { scopes: ['openid', 'email', 'profile'] }),
  );
  await call('GET', '/v1/userinfo', signIn.body.access_token!);
  await call('GET', '/v1/userinfo', 'not-a-token');
  const full = await exchangeTestCode(
    emulator.url,
    await googleConsent(emulator.url, { scopes: [calendar, tasks] }),
  );
  const token = full.body.access_token!;
  const day = {
    timeMin: '2026-01-01T00:00:00+09:00',
    timeMax: '2026-12-31T00:00:00Z',
    singleEvents: 'true',
    orderBy: 'startTime',
  };
  await call('GET', `/calendar/v3/calendars/primary/events?${new URLSearchParams(day)}`, token);
  await call('POST', '/calendar/v3/calendars/primary/events', token, {
    id: 'matome0123456789',
    summary: 'Lunch',
    description: 'From chat',
    start: { dateTime: '2026-11-22T12:00:00', timeZone: 'Asia/Tokyo' },
    end: { dateTime: '2026-11-22T13:00:00', timeZone: 'Asia/Tokyo' },
  });
  await call('POST', '/calendar/v3/calendars/primary/events', token, {
    id: 'matome0123456789',
    summary: 'Lunch',
    start: { dateTime: '2026-11-22T12:00:00Z' },
    end: { dateTime: '2026-11-22T13:00:00Z' },
  });
  await call('POST', '/calendar/v3/calendars/primary/events', token, { summary: 'No time' });
  await call('GET', '/tasks/v1/users/@me/lists', token);
  await call('POST', '/tasks/v1/lists/%40default/tasks', token, {
    title: 'Reply to Ben',
    notes: 'n',
    due: '2026-11-23T00:00:00.000Z',
  });
  await call('GET', '/tasks/v1/lists/%40default/tasks', token);
  await call('GET', '/tasks/v1/lists/nope/tasks', token);
  const narrowed = await exchangeTestCode(
    emulator.url,
    await googleConsent(emulator.url, {
      scopes: ['openid', calendar, tasks],
      account: '110000000000000000002',
      untick: [calendar],
    }),
  );
  await call(
    'GET',
    `/calendar/v3/calendars/primary/events?${new URLSearchParams(day)}`,
    narrowed.body.access_token!,
  );
  await googleToken(emulator.url, { grant_type: 'refresh_token', refresh_token: full.body.refresh_token! });
  await control(emulator.url, 'google/revoke', { sub: '110000000000000000001' });
  await googleToken(emulator.url, { grant_type: 'refresh_token', refresh_token: full.body.refresh_token! });
  await googleToken(emulator.url, {
    grant_type: 'authorization_code',
    code: 'never-issued',
    redirect_uri: 'x',
  });
}

describe.skipIf(!spec)("Google emulator against Google's discovery documents", () => {
  beforeAll(useEveryCall);

  it('answers every API call with the documented schema, or Google’s error body', async () => {
    const calls = (await emulatorRequests(emulator.url)).filter((request) =>
      /^\/(calendar|tasks)\//.test(request.path),
    );
    expect(new Set(calls.map((request) => request.status))).toEqual(new Set([200, 400, 403, 404, 409]));
    for (const request of calls) {
      const method = spec!.methodOf(request.method, request.path);
      expect(method, `${request.method} ${request.path}`).toBeDefined();
      expect(
        spec!.check(method!, { status: request.status, body: request.response.body }),
        `${request.method} ${request.path}`,
      ).toEqual([]);
      const unknown = Object.keys(request.query).filter((name) => !spec!.parametersOf(method!).has(name));
      expect(unknown, `${request.path} query`).toEqual([]);
    }
  });

  it('answers the token endpoint and userinfo in the shapes Google documents', async () => {
    const requests = await emulatorRequests(emulator.url);
    const tokens = requests.filter((request) => request.path === '/token');
    expect(new Set(tokens.map((request) => request.status))).toEqual(new Set([200, 400]));
    for (const request of tokens)
      expect(spec!.checkToken({ status: request.status, body: request.response.body })).toEqual([]);
    const userinfo = requests.filter((request) => request.path === '/v1/userinfo');
    expect(userinfo.map((request) => request.status)).toEqual([200, 401]);
    for (const request of userinfo)
      expect(spec!.checkUserinfo({ status: request.status, body: request.response.body })).toEqual([]);
  });

  it('sends a 403 insufficientPermissions when a scope was unticked', async () => {
    const denied = (await emulatorRequests(emulator.url)).find((request) => request.status === 403)!;
    expect(denied.response.body).toMatchObject({
      error: { code: 403, errors: [{ reason: 'insufficientPermissions' }] },
    });
    expect(denied.response.headers['www-authenticate']).toContain('insufficient_scope');
  });
});
