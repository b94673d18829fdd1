import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startGoogleEmulator } from './google-emulator.ts';
import { defaultGoogleSeed, minutesFrom } from './google-seed.ts';
import { exchangeTestCode, googleConsent, googleToken, testRedirectUri } from './google-test-flow.ts';

const calendar = 'https://www.googleapis.com/auth/calendar.events';
const tasks = 'https://www.googleapis.com/auth/tasks';
const now = Date.parse('2026-11-22T10:00:00Z');
/** The few fields these tests read from Google's answers. */
interface GoogleAnswer {
  id?: string;
  name?: string;
  summary?: string;
  status?: string;
  error?: { errors: { reason: string }[] };
  items?: {
    id: string;
    summary: string;
    hangoutLink?: string;
    conferenceData?: { entryPoints: { uri: string }[] };
  }[];
}

let emulator: { url: string; close(): Promise<void> };

beforeAll(async () => {
  emulator = await startGoogleEmulator({ seed: defaultGoogleSeed(now) });
});
afterAll(async () => emulator?.close());
beforeEach(async () => {
  await fetch(`${emulator.url}/_control/reset`, { method: 'POST' });
});

async function get(path: string, token: string) {
  const response = await fetch(`${emulator.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, body: (await response.json()) as GoogleAnswer };
}

async function post(path: string, token: string, body: unknown) {
  const response = await fetch(`${emulator.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as GoogleAnswer };
}

async function tokensFor(scopes: string[], untick: string[] = []) {
  return (await exchangeTestCode(emulator.url, await googleConsent(emulator.url, { scopes, untick }))).body;
}

describe('Google emulator: OAuth', () => {
  it('issues an id_token with the verified e-mail, and a refresh token offline', async () => {
    const tokens = await tokensFor(['openid', 'email', 'profile']);
    const claims = JSON.parse(Buffer.from(tokens.id_token!.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({
      sub: '110000000000000000001',
      email: 'grace@example.com',
      email_verified: true,
    });
    expect(tokens.refresh_token).toMatch(/^1\/\//);
    expect((await get('/v1/userinfo', tokens.access_token!)).body).toMatchObject({ name: 'Grace Hopper' });
  });

  it('rejects a code with the wrong PKCE verifier, and a code used twice', async () => {
    const code = await googleConsent(emulator.url, { scopes: ['openid'] });
    const wrong = await googleToken(emulator.url, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: testRedirectUri,
      code_verifier: 'w'.repeat(64),
    });
    expect(wrong).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect((await exchangeTestCode(emulator.url, code)).body.error).toBe('invalid_grant');
  });

  it('adds earlier grants with include_granted_scopes, and leaves out unticked scopes', async () => {
    await tokensFor(['openid', 'email']);
    const incremental = await tokensFor([calendar, tasks], [tasks]);
    expect(incremental.scope!.split(' ').sort()).toEqual(['email', 'openid', calendar].sort());
    const denied = await get('/tasks/v1/users/@me/lists', incremental.access_token!);
    expect(denied.status).toBe(403);
    expect(denied.body.error?.errors[0]?.reason).toBe('insufficientPermissions');
  });

  it('answers invalid_grant to a refresh token revoked by the person', async () => {
    const tokens = await tokensFor([calendar]);
    const refreshed = await googleToken(emulator.url, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token!,
    });
    expect(refreshed.body.refresh_token).toBeUndefined();
    expect(refreshed.body.access_token).toBeTruthy();
    await fetch(`${emulator.url}/_control/google/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sub: '110000000000000000001' }),
    });
    const revoked = await googleToken(emulator.url, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token!,
    });
    expect(revoked).toEqual({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' },
    });
  });
});

describe('Google emulator: Calendar and Tasks', () => {
  it('lists the events of a window by start time, with their meeting links', async () => {
    const { access_token } = await tokensFor([calendar]);
    const window = new URLSearchParams({
      timeMin: minutesFrom(now, -60),
      timeMax: minutesFrom(now, 24 * 60),
      singleEvents: 'true',
      orderBy: 'startTime',
    });
    const listed = await get(`/calendar/v3/calendars/primary/events?${window}`, access_token!);
    expect(listed.body.items?.map((event) => event.summary)).toEqual(['Design review', 'Customer call']);
    expect(listed.body.items?.[0]?.hangoutLink).toContain('meet.google.com');
    expect(listed.body.items?.[1]?.conferenceData?.entryPoints[0]?.uri).toContain('zoom.us');
    window.delete('singleEvents');
    expect((await get(`/calendar/v3/calendars/primary/events?${window}`, access_token!)).status).toBe(400);
  });

  it('inserts an event once per client-chosen id', async () => {
    const { access_token } = await tokensFor([calendar]);
    const event = {
      id: 'abc12345',
      summary: 'Lunch',
      start: { dateTime: '2026-11-22T12:00:00', timeZone: 'Asia/Tokyo' },
      end: { dateTime: '2026-11-22T13:00:00', timeZone: 'Asia/Tokyo' },
    };
    const created = await post('/calendar/v3/calendars/primary/events', access_token!, event);
    expect(created.body).toMatchObject({ id: 'abc12345', status: 'confirmed', summary: 'Lunch' });
    expect((await post('/calendar/v3/calendars/primary/events', access_token!, event)).status).toBe(409);
    const noZone = { ...event, id: undefined, start: { dateTime: '2026-11-22T12:00:00' } };
    expect((await post('/calendar/v3/calendars/primary/events', access_token!, noZone)).status).toBe(400);
  });

  it('reads an event given in wall-clock time in its own zone when listing a window', async () => {
    const { access_token } = await tokensFor([calendar]);
    await post('/calendar/v3/calendars/primary/events', access_token!, {
      summary: 'Tokyo lunch',
      start: { dateTime: '2026-11-22T12:00:00', timeZone: 'Asia/Tokyo' },
      end: { dateTime: '2026-11-22T13:00:00', timeZone: 'Asia/Tokyo' },
    });
    const summariesBetween = async (timeMin: string, timeMax: string) => {
      const window = new URLSearchParams({ timeMin, timeMax, singleEvents: 'true', orderBy: 'startTime' });
      const listed = await get(`/calendar/v3/calendars/primary/events?${window}`, access_token!);
      return listed.body.items?.map((event) => event.summary);
    };
    expect(await summariesBetween('2026-11-22T02:30:00Z', '2026-11-22T03:30:00Z')).toContain('Tokyo lunch');
    expect(await summariesBetween('2026-11-22T11:30:00Z', '2026-11-22T12:30:00Z')).not.toContain(
      'Tokyo lunch',
    );
  });

  it('takes any IANA zone name, links included, and refuses an unknown one', async () => {
    const { access_token } = await tokensFor([calendar]);
    const at = (timeZone: string) => ({
      summary: 'Call',
      start: { dateTime: '2026-11-22T12:00:00', timeZone },
      end: { dateTime: '2026-11-22T13:00:00', timeZone },
    });
    for (const zone of ['Etc/GMT+11', 'America/Argentina/Buenos_Aires', 'UTC'])
      expect((await post('/calendar/v3/calendars/primary/events', access_token!, at(zone))).status).toBe(200);
    expect(
      (await post('/calendar/v3/calendars/primary/events', access_token!, at('Mars/Olympus'))).status,
    ).toBe(400);
  });

  it('keeps only the date of a task’s due time, on the @default list', async () => {
    const { access_token } = await tokensFor([tasks]);
    const created = await post('/tasks/v1/lists/%40default/tasks', access_token!, {
      title: 'Reply',
      due: '2026-11-23T15:30:00+09:00',
    });
    expect(created.body).toMatchObject({
      title: 'Reply',
      status: 'needsAction',
      due: '2026-11-23T00:00:00.000Z',
    });
    const listed = await get('/tasks/v1/lists/%40default/tasks', access_token!);
    expect(listed.body.items?.map((task) => task.id)).toEqual([created.body.id]);
  });
});
