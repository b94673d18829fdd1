import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startGoogleEmulator } from '../../../../emulators/google/google-emulator.ts';
import { consentTo } from '../../../../emulators/google/google-test-flow.ts';
import { calendarEventsResponseSchema, googleCalendarStatusSchema } from '../../../contract/google.ts';
import { expectApiError } from '../../test/api-error.ts';
import { bearer, cookieSet, registerUser } from '../../test/auth-helpers.ts';
import { control, emulatorRequests } from '../../test/emulator-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { TASKS_SCOPE } from './google-workspace.service.ts';

let google: { url: string; close(): Promise<void> };
let testApp: TestApp;

function googleSettings(url: string, extra: Record<string, string> = {}) {
  return {
    PUBLIC_URL: 'https://matome.test',
    PROVIDER_TIMEOUT_MS: '1000',
    GOOGLE_CLIENT_ID: 'google-client',
    GOOGLE_CLIENT_SECRET: 'google-secret',
    GOOGLE_ACCOUNTS_BASE: url,
    GOOGLE_OAUTH2_BASE: url,
    GOOGLE_OIDC_BASE: url,
    GOOGLE_API_BASE: url,
    GOOGLE_TASKS_BASE: url,
    ...extra,
  };
}

beforeAll(async () => {
  google = await startGoogleEmulator();
  testApp = await createTestApp(googleSettings(google.url));
});
afterAll(async () => {
  await testApp?.close();
  await google?.close();
});
beforeEach(() => control(google.url, 'reset'));

/** Connects Google Calendar for a signed-in user through the consent page, unticking `untick`. */
async function connect(app: TestApp['app'], accessToken: string, untick: string[] = []) {
  const started = await app.inject({
    method: 'POST',
    url: '/api/auth/google-calendar/connect',
    headers: bearer(accessToken),
  });
  expect(started.statusCode, started.body).toBe(200);
  const { authUrl } = started.json() as { authUrl: string };
  const back = await consentTo(authUrl, { untick });
  const done = await app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    cookies: { matome_oauth_binding: cookieSet(started, 'matome_oauth_binding')! },
  });
  expect(done.statusCode).toBe(302);
  return new URL(done.headers.location as string);
}

async function signedInAndConnected(untick: string[] = []) {
  const { tokens } = await registerUser(testApp.app);
  const landing = await connect(testApp.app, tokens.accessToken, untick);
  expect(landing.searchParams.get('googleCalendar')).toBe('connected');
  return tokens.accessToken;
}

const day = () => ({
  timeMin: new Date(Date.now() - 12 * 3_600_000).toISOString(),
  timeMax: new Date(Date.now() + 12 * 3_600_000).toISOString(),
});

const event = {
  summary: 'Review the plan',
  description: 'From Ben in #general',
  start: { dateTime: '2026-12-01T10:15', timeZone: 'Asia/Tokyo' },
  end: { dateTime: '2026-12-01T11:15', timeZone: 'Asia/Tokyo' },
};

function post(url: string, accessToken: string, payload: unknown, key?: string) {
  return testApp.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(accessToken), ...(key ? { 'idempotency-key': key } : {}) },
    payload: payload as object,
  });
}

const posts = async (path: string) =>
  (await emulatorRequests(google.url)).filter((call) => call.method === 'POST' && call.path === path);

describe('Google Calendar connection', () => {
  it('connects with incremental scopes and PKCE, and lists the day’s events with their meeting links', async () => {
    const accessToken = await signedInAndConnected();
    const status = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/google-calendar/status',
      headers: bearer(accessToken),
    });
    expect(googleCalendarStatusSchema.parse(status.json())).toEqual({
      configured: true,
      connected: true,
      reconnectRequired: false,
      scopes: { calendar: true, tasks: true },
    });
    const authorize = (await emulatorRequests(google.url)).find((call) => call.path === '/o/oauth2/v2/auth');
    expect(authorize?.query).toMatchObject({
      include_granted_scopes: 'true',
      access_type: 'offline',
      code_challenge_method: 'S256',
    });
    const listed = await testApp.app.inject({
      method: 'GET',
      url: `/api/google/calendar/events?${new URLSearchParams(day())}`,
      headers: bearer(accessToken),
    });
    const { items } = calendarEventsResponseSchema.parse(listed.json());
    expect(items.map((item) => [item.summary, item.meetingUrl])).toEqual([
      ['Morning stand-up', null],
      ['Design review', 'https://meet.google.com/abc-defg-hij'],
      ['Customer call', 'https://us02web.zoom.us/j/123456789'],
    ]);
  });

  it('answers 409 before connecting, and marks a revoked grant for reconnecting', async () => {
    const { tokens } = await registerUser(testApp.app);
    const notYet = await testApp.app.inject({
      method: 'GET',
      url: `/api/google/calendar/events?${new URLSearchParams(day())}`,
      headers: bearer(tokens.accessToken),
    });
    expect(expectApiError(notYet, 409).code).toBe('GOOGLE_NOT_CONNECTED');
    await connect(testApp.app, tokens.accessToken);
    await control(google.url, 'google/revoke', { sub: '110000000000000000001' });
    const revoked = await testApp.app.inject({
      method: 'GET',
      url: `/api/google/calendar/events?${new URLSearchParams(day())}`,
      headers: bearer(tokens.accessToken),
    });
    expect(expectApiError(revoked, 409).code).toBe('GOOGLE_RECONNECT_REQUIRED');
    const status = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/google-calendar/status',
      headers: bearer(tokens.accessToken),
    });
    expect(status.json()).toMatchObject({ connected: false, reconnectRequired: true });
    expect((await connect(testApp.app, tokens.accessToken)).searchParams.get('googleCalendar')).toBe(
      'connected',
    );
  });
});

describe('a server without Google settings', () => {
  it('says so in the status, and refuses to connect with 409 PROVIDER_NOT_CONFIGURED', async () => {
    const bare = await createTestApp({ PUBLIC_URL: 'https://matome.test' });
    try {
      const { tokens } = await registerUser(bare.app);
      const status = await bare.app.inject({
        method: 'GET',
        url: '/api/auth/google-calendar/status',
        headers: bearer(tokens.accessToken),
      });
      expect(googleCalendarStatusSchema.parse(status.json())).toEqual({
        configured: false,
        connected: false,
        reconnectRequired: false,
        scopes: { calendar: false, tasks: false },
      });
      const connecting = await bare.app.inject({
        method: 'POST',
        url: '/api/auth/google-calendar/connect',
        headers: bearer(tokens.accessToken),
      });
      expect(expectApiError(connecting, 409).code).toBe('PROVIDER_NOT_CONFIGURED');
    } finally {
      await bare.close();
    }
  });
});

describe('events and tasks', () => {
  it('creates one event for a form submitted twice', async () => {
    const accessToken = await signedInAndConnected();
    const first = await post('/api/google/calendar/events', accessToken, event, 'form-0123456789abcdef');
    const second = await post('/api/google/calendar/events', accessToken, event, 'form-0123456789abcdef');
    expect(first.statusCode, first.body).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await posts('/calendar/v3/calendars/primary/events')).toHaveLength(1);
  });

  it('sends the place to Google Calendar, which keeps it on the event', async () => {
    const accessToken = await signedInAndConnected();
    const created = await post('/api/google/calendar/events', accessToken, {
      ...event,
      location: 'Room 4, Tokyo',
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ summary: 'Review the plan', location: 'Room 4, Tokyo' });
    const listed = await testApp.app.inject({
      method: 'GET',
      url: `/api/google/calendar/events?${new URLSearchParams({ timeMin: '2026-12-01T00:00:00Z', timeMax: '2026-12-02T00:00:00Z' })}`,
      headers: bearer(accessToken),
    });
    expect(listed.json().items).toContainEqual(
      expect.objectContaining({ id: created.json().id, location: 'Room 4, Tokyo' }),
    );
  });

  it('keeps a submitted form and what Google created for a day only', async () => {
    const accessToken = await signedInAndConnected();
    const task = { title: 'Reply to Ben' };
    expect((await post('/api/google/tasks', accessToken, task, 'form-old-0123456789')).statusCode).toBe(200);
    await testApp.database.db.execute(
      `update google_submissions set created_at = now() - interval '25 hours' where idempotency_key = 'form-old-0123456789'`,
    );
    expect((await post('/api/google/tasks', accessToken, task, 'form-new-0123456789')).statusCode).toBe(200);

    const kept = (await testApp.database.db.execute('select idempotency_key from google_submissions')) as {
      rows: { idempotency_key: string }[];
    };
    expect(kept.rows.map((row) => row.idempotency_key)).not.toContain('form-old-0123456789');
    expect(kept.rows.map((row) => row.idempotency_key)).toContain('form-new-0123456789');
  });

  it('creates the event once when Google’s first answer is lost to a timeout', async () => {
    const accessToken = await signedInAndConnected();
    await control(google.url, 'faults', {
      path: '/calendar/v3/calendars/primary/events',
      method: 'POST',
      latencyMs: 1500,
      times: 1,
    });
    const timedOut = await post('/api/google/calendar/events', accessToken, event, 'form-timeout-0123456789');
    expect(expectApiError(timedOut, 504).code).toBe('GOOGLE_TIMEOUT');
    const retried = await post('/api/google/calendar/events', accessToken, event, 'form-timeout-0123456789');
    expect(retried.statusCode, retried.body).toBe(200);
    const listed = await testApp.app.inject({
      method: 'GET',
      url: `/api/google/calendar/events?${new URLSearchParams({ timeMin: '2026-12-01T00:00:00+09:00', timeMax: '2026-12-02T00:00:00+09:00' })}`,
      headers: bearer(accessToken),
    });
    expect(listed.json().items).toHaveLength(1);
  });

  it('answers Google’s 5xx with 502 and lets the same form be sent again', async () => {
    const accessToken = await signedInAndConnected();
    await control(google.url, 'faults', {
      path: '/calendar/v3/calendars/primary/events',
      method: 'POST',
      status: 503,
      times: 1,
    });
    expect(
      expectApiError(
        await post('/api/google/calendar/events', accessToken, event, 'form-5xx-0123456789ab'),
        502,
      ).code,
    ).toBe('GOOGLE_UNAVAILABLE');
    expect(
      (await post('/api/google/calendar/events', accessToken, event, 'form-5xx-0123456789ab')).statusCode,
    ).toBe(200);
  });

  it.each([
    ['an impossible date', { ...event, start: { ...event.start, dateTime: '2026-02-30T10:00' } }],
    [
      'a start off the quarter hour',
      {
        ...event,
        start: { ...event.start, dateTime: '2026-12-01T10:10' },
        end: { ...event.end, dateTime: '2026-12-01T11:10' },
      },
    ],
    ['an hour past 23', { ...event, start: { ...event.start, dateTime: '2026-12-01T24:00' } }],
    ['a 45-minute duration', { ...event, end: { ...event.end, dateTime: '2026-12-01T11:00' } }],
    ['a title over 1,024 characters', { ...event, summary: 'x'.repeat(1025) }],
    ['an unknown time zone', { ...event, start: { ...event.start, timeZone: 'Mars/Olympus' } }],
  ])('refuses %s with 400 and creates nothing', async (_case, body) => {
    const accessToken = await signedInAndConnected();
    expectApiError(await post('/api/google/calendar/events', accessToken, body), 400);
    expect(await posts('/calendar/v3/calendars/primary/events')).toEqual([]);
  });

  it('refuses an event window that is empty or not RFC 3339', async () => {
    const accessToken = await signedInAndConnected();
    for (const query of [
      { timeMin: '2026-12-02T00:00:00Z', timeMax: '2026-12-01T00:00:00Z' },
      { timeMin: 'yesterday', timeMax: '2026-12-01T00:00:00Z' },
    ]) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/api/google/calendar/events?${new URLSearchParams(query)}`,
        headers: bearer(accessToken),
      });
      expectApiError(response, 400);
    }
  });

  it('creates one task per submitted form, with the due date as Google keeps it, and lists it', async () => {
    const accessToken = await signedInAndConnected();
    const task = {
      title: 'Reply to Ben',
      sourceAuthor: 'Ben',
      sourceMessage: 'Could you review?',
      sourceUrl: 'https://example.slack.com/archives/C1/p1',
      due: '2026-12-03',
    };
    const first = await post('/api/google/tasks', accessToken, task, 'task-form-0123456789ab');
    const second = await post('/api/google/tasks', accessToken, task, 'task-form-0123456789ab');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      title: 'Reply to Ben',
      due: '2026-12-03T00:00:00.000Z',
      notes: expect.stringContaining('Could you review?'),
    });
    expect(second.json()).toEqual(first.json());
    const listed = await testApp.app.inject({
      method: 'GET',
      url: '/api/google/tasks',
      headers: bearer(accessToken),
    });
    expect(listed.json().items.map((item: { title: string }) => item.title)).toEqual(['Reply to Ben']);
    expectApiError(await post('/api/google/tasks', accessToken, { ...task, due: '2026-13-01' }), 400);
  });

  it('answers 403 INSUFFICIENT_SCOPE for an unticked permission, until the person grants it again', async () => {
    const { tokens } = await registerUser(testApp.app);
    await connect(testApp.app, tokens.accessToken, [TASKS_SCOPE]);
    const denied = await post('/api/google/tasks', tokens.accessToken, { title: 'Follow up' });
    expect(expectApiError(denied, 403).code).toBe('INSUFFICIENT_SCOPE');
    await connect(testApp.app, tokens.accessToken);
    expect((await post('/api/google/tasks', tokens.accessToken, { title: 'Follow up' })).statusCode).toBe(
      200,
    );
  });
});

describe('PLAN_GATES', () => {
  it('makes Calendar a Pro feature when on; free users get 403 PLAN_REQUIRED', async () => {
    const gated = await createTestApp(googleSettings(google.url, { PLAN_GATES: 'true' }));
    try {
      const { tokens } = await registerUser(gated.app);
      const refused = await gated.app.inject({
        method: 'POST',
        url: '/api/auth/google-calendar/connect',
        headers: bearer(tokens.accessToken),
      });
      expect(expectApiError(refused, 403).code).toBe('PLAN_REQUIRED');
    } finally {
      await gated.close();
    }
  });
});
