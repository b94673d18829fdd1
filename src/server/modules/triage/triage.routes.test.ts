import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MessageRef } from '../../../contract/tags.ts';
import {
  DONE_MARKS_PER_USER_MAX,
  doneBatchResponseSchema,
  doneMarksResponseSchema,
  SNOOZES_PER_USER_MAX,
  snoozeBatchResponseSchema,
  snoozesResponseSchema,
  type DoneItem,
} from '../../../contract/triage.ts';
import { slackSignature } from '../../connectors/slack/slack-signature.ts';
import { createInProcessLiveEvents, type LiveEvent } from '../../lib/live-events.ts';
import { expectApiError } from '../../test/api-error.ts';
import { bearer, registerUser, signIn } from '../../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const SIGNING_SECRET = 'triage-signing-secret';
const liveEvents = createInProcessLiveEvents();
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ SLACK_SIGNING_SECRET: SIGNING_SECRET }, { liveEvents });
});
afterAll(() => testApp.close());

type Method = 'GET' | 'POST' | 'DELETE';
function call(method: Method, url: string, token: string, payload?: unknown) {
  return testApp.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

type Person = { token: string; userId: string; events: LiveEvent[] };

function claims(token: string): { sub: string; sid: string } {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
}

async function listen(token: string): Promise<Person> {
  const events: LiveEvent[] = [];
  const userId = claims(token).sub;
  await liveEvents.subscribe(userId, (event) => events.push(event));
  return { token, userId, events };
}

async function newUser(): Promise<Person> {
  return listen((await registerUser(testApp.app)).tokens.accessToken);
}

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

async function snooze(who: Person, messages: MessageRef[], until: string) {
  const response = await call('POST', '/api/snoozes', who.token, { messages, until });
  expect(response.statusCode, response.body).toBe(200);
  return snoozeBatchResponseSchema.parse(response.json());
}

async function markDone(who: Person, messages: DoneItem[]) {
  const response = await call('POST', '/api/done', who.token, { messages });
  expect(response.statusCode, response.body).toBe(200);
  return doneBatchResponseSchema.parse(response.json());
}

async function snoozes(who: Person) {
  const response = await call('GET', '/api/snoozes', who.token);
  expect(response.statusCode, response.body).toBe(200);
  return snoozesResponseSchema.parse(response.json()).snoozes;
}

async function doneMarks(who: Person) {
  const response = await call('GET', '/api/done', who.token);
  expect(response.statusCode, response.body).toBe(200);
  return doneMarksResponseSchema.parse(response.json()).done_marks;
}

const refsOf = (rows: { platform: string; platform_message_id: string }[]) =>
  rows.map(({ platform, platform_message_id }) => ({ platform, platform_message_id }));
const triageEvents = (who: Person) => who.events.filter((event) => event.type === 'triage_changed');

const slackRef: MessageRef = { platform: 'slack', platform_message_id: 'C07AB12CD-1767225600.012345' };
const chatworkRef: MessageRef = { platform: 'chatwork', platform_message_id: '1893276540123456789' };
const slackDone: DoneItem = {
  ...slackRef,
  thread_keys: ['slack:C07AB12CD:1767225600.012345', 'slack:C07AB12CD:1767225000.000100'],
};
const chatworkDone: DoneItem = {
  ...chatworkRef,
  thread_keys: ['chatwork:81551305:1893276540123456789', 'chatwork:81551305:953938533519720448'],
};

describe('snoozing', () => {
  it('snoozes, lists soonest first, snoozes again with a new time, and unsnoozes by message and by id', async () => {
    const alex = await newUser();
    expect(await snoozes(alex)).toEqual([]);

    const later = inMinutes(120);
    const first = await snooze(alex, [slackRef, chatworkRef, slackRef], later);
    expect(first.snoozed).toBe(2);
    expect(refsOf(first.snoozes)).toEqual(expect.arrayContaining([slackRef, chatworkRef]));
    expect(first.snoozes.every((row) => Date.parse(row.until) === Date.parse(later))).toBe(true);

    const sooner = inMinutes(30);
    const again = await snooze(alex, [chatworkRef], sooner);
    const listed = await snoozes(alex);
    expect(refsOf(listed)).toEqual([chatworkRef, slackRef]);
    expect(Date.parse(listed[0]!.until)).toBe(Date.parse(sooner));
    // Same row, new time: its id and creation time stay.
    const before = first.snoozes.find((row) => row.platform === 'chatwork')!;
    expect(again.snoozes[0]).toMatchObject({ id: before.id, created_at: before.created_at });
    expect(Date.parse(again.snoozes[0]!.updated_at)).toBeGreaterThanOrEqual(Date.parse(before.updated_at));

    const removed = await call('DELETE', '/api/snoozes', alex.token, {
      messages: [slackRef, { platform: 'slack', platform_message_id: 'C0NONE-1767225600.000001' }],
    });
    expect(removed.json()).toEqual({ success: true, removed: 1 });
    const byId = await call('DELETE', `/api/snoozes/${before.id}`, alex.token);
    expect(byId.statusCode, byId.body).toBe(200);
    expect(byId.json()).toEqual({ success: true });
    expect(await snoozes(alex)).toEqual([]);
    expectApiError(await call('DELETE', `/api/snoozes/${before.id}`, alex.token), 404);
  });

  it('takes times with any offset, and a time a few seconds past as now', async () => {
    const alex = await newUser();
    const tokyo = new Date(Date.now() + 3_600_000).toLocaleString('sv-SE', { timeZone: 'Asia/Tokyo' });
    const withOffset = `${tokyo.replace(' ', 'T')}+09:00`;
    const answer = await snooze(alex, [slackRef], withOffset);
    expect(Math.abs(Date.parse(answer.snoozes[0]!.until) - (Date.now() + 3_600_000))).toBeLessThan(5_000);
    const skewed = await snooze(alex, [chatworkRef], new Date(Date.now() - 2_000).toISOString());
    expect(skewed.snoozed).toBe(1);
  });

  it('refuses a time in the past, beyond a year, or without an offset with 400, and changes nothing', async () => {
    const alex = await newUser();
    await snooze(alex, [slackRef], inMinutes(60));
    const kept = await snoozes(alex);

    const past = await call('POST', '/api/snoozes', alex.token, {
      messages: [slackRef, chatworkRef],
      until: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(expectApiError(past, 400)).toMatchObject({
      code: 'SNOOZE_IN_PAST',
      message: 'The snooze time has already passed. Choose a time in the future.',
    });
    const tooFar = await call('POST', '/api/snoozes', alex.token, {
      messages: [slackRef, chatworkRef],
      until: new Date(Date.now() + 367 * 24 * 3_600_000).toISOString(),
    });
    expect(expectApiError(tooFar, 400)).toMatchObject({
      code: 'SNOOZE_TOO_FAR',
      message: 'A snooze can last at most 366 days. Choose an earlier time.',
    });
    const bad: unknown[] = [
      { messages: [slackRef], until: '2027-01-16T09:00:00' },
      { messages: [slackRef], until: 'tomorrow at 9' },
      { messages: [slackRef] },
      { messages: [], until: inMinutes(60) },
      { messages: [slackRef], until: inMinutes(60), extra: true },
      {
        messages: Array.from({ length: 501 }, (_, i) => ({
          platform: 'slack',
          platform_message_id: `C1-${i}`,
        })),
        until: inMinutes(60),
      },
      // One bad item fails the whole batch.
      { messages: [chatworkRef, { platform: 'teams', platform_message_id: '1' }], until: inMinutes(60) },
    ];
    for (const body of bad) {
      expect(expectApiError(await call('POST', '/api/snoozes', alex.token, body), 400).code).toBe(
        'VALIDATION_ERROR',
      );
    }
    expectApiError(await call('DELETE', '/api/snoozes', alex.token, { messages: [] }), 400);
    expectApiError(await call('DELETE', '/api/snoozes/not-a-uuid', alex.token), 400);
    expect(await snoozes(alex)).toEqual(kept);
    expect(triageEvents(alex)).toHaveLength(1);
  });

  it('keeps one row when one message is snoozed many times at once, with one of the times given', async () => {
    const alex = await newUser();
    const times = Array.from({ length: 8 }, (_, index) => inMinutes(10 + index));
    const answers = await Promise.all(
      times.map((until) => call('POST', '/api/snoozes', alex.token, { messages: [slackRef], until })),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const listed = await snoozes(alex);
    expect(listed).toHaveLength(1);
    expect(times.map(Date.parse)).toContain(Date.parse(listed[0]!.until));
    const stored = (await testApp.database.db.execute(
      `select count(*)::int as total from snoozes where user_id = '${alex.userId}'`,
    )) as { rows: { total: number }[] };
    expect(stored.rows[0]!.total).toBe(1);
  });
});

describe('done until the thread moves', () => {
  it('marks done with thread keys, marks again with a newer time and the last keys given, and undoes', async () => {
    const alex = await newUser();
    const first = await markDone(alex, [slackDone, chatworkDone]);
    expect(first.marked).toBe(2);
    const listed = await doneMarks(alex);
    expect(listed.find((mark) => mark.platform === 'slack')!.thread_keys).toEqual(slackDone.thread_keys);

    const moreKeys = { ...chatworkDone, thread_keys: [...chatworkDone.thread_keys, 'chatwork:81551305:77'] };
    const again = await markDone(alex, [chatworkDone, moreKeys]);
    expect(again.marked).toBe(1);
    expect(again.done_marks[0]!.thread_keys).toEqual(moreKeys.thread_keys);
    const previous = first.done_marks.find((mark) => mark.platform === 'chatwork')!;
    expect(again.done_marks[0]!.id).toBe(previous.id);
    expect(Date.parse(again.done_marks[0]!.done_at)).toBeGreaterThanOrEqual(Date.parse(previous.done_at));
    expect(refsOf(await doneMarks(alex))).toEqual([chatworkRef, slackRef]);

    const undone = await call('DELETE', '/api/done', alex.token, { messages: [chatworkRef] });
    expect(undone.json()).toEqual({ success: true, removed: 1 });
    const slackMark = listed.find((mark) => mark.platform === 'slack')!;
    expect((await call('DELETE', `/api/done/${slackMark.id}`, alex.token)).statusCode).toBe(200);
    expect(await doneMarks(alex)).toEqual([]);
  });

  it('refuses items without keys or with keys of another platform, all or nothing', async () => {
    const alex = await newUser();
    const bad: unknown[] = [
      { messages: [{ ...slackRef, thread_keys: [] }] },
      { messages: [slackRef] },
      { messages: [slackDone, { ...chatworkRef, thread_keys: ['slack:C1:1767225600.000100'] }] },
      { messages: [{ ...chatworkRef, thread_keys: ['chatwork:1:2', 'chatwork:1:2:3'] }] },
    ];
    for (const body of bad) expectApiError(await call('POST', '/api/done', alex.token, body), 400);
    expect(await doneMarks(alex)).toEqual([]);
  });

  it('holds a message either snoozed or done: the later action decides', async () => {
    const alex = await newUser();
    await snooze(alex, [slackRef, chatworkRef], inMinutes(60));
    await markDone(alex, [slackDone]);
    expect(refsOf(await snoozes(alex))).toEqual([chatworkRef]);
    expect(refsOf(await doneMarks(alex))).toEqual([slackRef]);
    await snooze(alex, [slackRef], inMinutes(60));
    expect(refsOf(await doneMarks(alex))).toEqual([]);
    expect(refsOf(await snoozes(alex))).toHaveLength(2);

    // At once: whichever ran last is the one left.
    const bob = await newUser();
    await Promise.all([
      call('POST', '/api/done', bob.token, { messages: [chatworkDone] }),
      call('POST', '/api/snoozes', bob.token, { messages: [chatworkRef], until: inMinutes(5) }),
      call('POST', '/api/done', bob.token, { messages: [chatworkDone] }),
    ]);
    expect((await snoozes(bob)).length + (await doneMarks(bob)).length).toBe(1);
  });
});

describe('owners', () => {
  it("never shows or changes another user's snoozes and done marks: their ids are 404", async () => {
    const owner = await newUser();
    const other = await newUser();
    const [row] = (await snooze(owner, [slackRef], inMinutes(60))).snoozes;
    const [mark] = (await markDone(owner, [chatworkDone])).done_marks;
    expect(await snoozes(other)).toEqual([]);
    expect(await doneMarks(other)).toEqual([]);
    expect(expectApiError(await call('DELETE', `/api/snoozes/${row!.id}`, other.token), 404).code).toBe(
      'NOT_FOUND',
    );
    expect(expectApiError(await call('DELETE', `/api/done/${mark!.id}`, other.token), 404).code).toBe(
      'NOT_FOUND',
    );
    // Each kind's id is unknown to the other kind's route, even for its owner.
    expectApiError(await call('DELETE', `/api/done/${row!.id}`, owner.token), 404);
    expect((await call('DELETE', '/api/snoozes', other.token, { messages: [slackRef] })).json()).toEqual({
      success: true,
      removed: 0,
    });
    expect(refsOf(await snoozes(owner))).toEqual([slackRef]);
    expect(refsOf(await doneMarks(owner))).toEqual([chatworkRef]);
    expect(triageEvents(other)).toEqual([]);
  });

  it('tells the owner’s devices of every change, and of nothing that changed nothing', async () => {
    const alex = await newUser();
    await snooze(alex, [slackRef], inMinutes(60));
    await markDone(alex, [slackDone]);
    await call('DELETE', '/api/done', alex.token, { messages: [chatworkRef] });
    await call('DELETE', '/api/done', alex.token, { messages: [slackRef] });
    expect(triageEvents(alex).map((event) => event.type === 'triage_changed' && event)).toEqual([
      expect.objectContaining({ kinds: ['snoozes', 'done'], scope: '' }),
      expect.objectContaining({ kinds: ['done', 'snoozes'], scope: '' }),
      expect.objectContaining({ kinds: ['done'], scope: '' }),
    ]);
  });

  it('keeps two people on the same demo account apart, and caps each sign-in at its sample inbox', async () => {
    const first = await listen(await signIn(testApp.app, 'demo-en@example.com', 'demo1234'));
    const second = await listen(await signIn(testApp.app, 'demo-en@example.com', 'demo1234'));
    await snooze(first, [slackRef], inMinutes(60));
    await markDone(second, [chatworkDone]);
    expect(refsOf(await snoozes(first))).toEqual([slackRef]);
    expect(await snoozes(second)).toEqual([]);
    expect(await doneMarks(first)).toEqual([]);
    const [row] = await snoozes(first);
    expectApiError(await call('DELETE', `/api/snoozes/${row!.id}`, second.token), 404);
    // Both listen to the one demo user; each change names the sign-in it belongs to.
    expect(triageEvents(first).map((event) => event.type === 'triage_changed' && event.scope)).toEqual([
      claims(first.token).sid,
      claims(second.token).sid,
    ]);

    const invented = Array.from({ length: 500 }, (_, index) => ({
      platform: 'slack' as const,
      platform_message_id: `C0FAKE-${index}`,
    }));
    const refusedSnooze = await call('POST', '/api/snoozes', first.token, {
      messages: invented,
      until: inMinutes(60),
    });
    expect(expectApiError(refusedSnooze, 403).code).toBe('SNOOZE_LIMIT');
    const refusedDone = await call('POST', '/api/done', first.token, {
      messages: invented.map((ref, index) => ({ ...ref, thread_keys: [`slack:C0FAKE:${index}`] })),
    });
    expect(expectApiError(refusedDone, 403).code).toBe('DONE_LIMIT');
    expect(refsOf(await snoozes(first))).toEqual([slackRef]);
    expect(await doneMarks(first)).toEqual([]);
    expect((await snooze(first, invented.slice(0, 100), inMinutes(60))).snoozed).toBe(100);
  });

  it('caps an ordinary user at the contract’s numbers, with nothing of the refused batch written', async () => {
    const alex = await newUser();
    const db = testApp.database.db;
    await db.execute(
      `insert into snoozes (user_id, platform, platform_message_id, until)
       select '${alex.userId}', 'chatwork', g::text, now() + interval '1 day'
       from generate_series(1, ${SNOOZES_PER_USER_MAX - 1}) g`,
    );
    await db.execute(
      `insert into done_marks (user_id, platform, platform_message_id, thread_keys)
       select '${alex.userId}', 'chatwork', g::text, array['chatwork:1:' || g]
       from generate_series(1, ${DONE_MARKS_PER_USER_MAX - 1}) g`,
    );
    const refused = await call('POST', '/api/snoozes', alex.token, {
      messages: [slackRef, chatworkRef],
      until: inMinutes(60),
    });
    expect(expectApiError(refused, 403)).toMatchObject({
      code: 'SNOOZE_LIMIT',
      message: `You can snooze at most ${SNOOZES_PER_USER_MAX} messages. Unsnooze some to snooze more.`,
    });
    expect(
      expectApiError(
        await call('POST', '/api/done', alex.token, { messages: [slackDone, chatworkDone] }),
        403,
      ).code,
    ).toBe('DONE_LIMIT');
    // Snoozing one more fits; so does snoozing again what is already snoozed.
    expect((await snooze(alex, [slackRef], inMinutes(60))).snoozed).toBe(1);
    expect(
      (await snooze(alex, [slackRef, { platform: 'chatwork', platform_message_id: '1' }], inMinutes(90)))
        .snoozed,
    ).toBe(2);
    expect(await snoozes(alex)).toHaveLength(SNOOZES_PER_USER_MAX);
    expect((await markDone(alex, [chatworkDone])).marked).toBe(1);
  });

  it('requires a signed-in user', async () => {
    const routes: [Method, string][] = [
      ['GET', '/api/snoozes'],
      ['POST', '/api/snoozes'],
      ['DELETE', '/api/snoozes'],
      ['DELETE', '/api/snoozes/5b0c6a4e-8f7d-4c3b-9a2e-1d0f9e8c7b6a'],
      ['GET', '/api/done'],
      ['POST', '/api/done'],
      ['DELETE', '/api/done'],
      ['DELETE', '/api/done/5b0c6a4e-8f7d-4c3b-9a2e-1d0f9e8c7b6a'],
      ['POST', '/api/triage/restore'],
    ];
    for (const [method, url] of routes) {
      expectApiError(await testApp.app.inject({ method, url, payload: { messages: [slackRef] } }), 401);
    }
  });
});

describe('a message deleted at its source', () => {
  function postSlackEvent(event: Record<string, unknown>) {
    const raw = JSON.stringify({
      type: 'event_callback',
      team_id: 'T0TRIAGE',
      api_app_id: 'A0MATOME',
      event_id: `Ev${Date.now()}${Math.random()}`,
      event_time: Math.floor(Date.now() / 1000),
      event,
      authorizations: [{ team_id: 'T0TRIAGE', user_id: 'U0ALEX', is_bot: false }],
    });
    const timestamp = String(Math.floor(Date.now() / 1000));
    return testApp.app.inject({
      method: 'POST',
      url: '/api/slack/events',
      headers: {
        'content-type': 'application/json',
        'x-slack-request-timestamp': timestamp,
        'x-slack-signature': slackSignature(SIGNING_SECRET, timestamp, raw),
      },
      payload: raw,
    });
  }

  it('loses its snoozes and done marks, whoever made them, and only those', async () => {
    const gone: MessageRef = { platform: 'slack', platform_message_id: 'C0GONE-1767225600.000200' };
    const goneDone: DoneItem = { ...gone, thread_keys: ['slack:C0GONE:1767225600.000200'] };
    const alex = await newUser();
    const bob = await newUser();
    const visitor = await listen(await signIn(testApp.app, 'demo-en@example.com', 'demo1234'));
    await snooze(alex, [gone, slackRef], inMinutes(60));
    await markDone(bob, [goneDone, chatworkDone]);
    await snooze(visitor, [gone], inMinutes(60));

    const answer = await postSlackEvent({
      type: 'message',
      subtype: 'message_deleted',
      channel: 'C0GONE',
      deleted_ts: '1767225600.000200',
      hidden: true,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    await vi.waitFor(async () => expect(refsOf(await snoozes(alex))).toEqual([slackRef]));
    expect(refsOf(await doneMarks(bob))).toEqual([chatworkRef]);
    expect(await snoozes(visitor)).toEqual([]);
    // Each owner's other devices hear of it.
    for (const who of [alex, bob]) {
      expect(triageEvents(who).at(-1)).toMatchObject({ kinds: ['snoozes', 'done'], scope: '' });
    }
    expect(triageEvents(visitor).at(-1)).toMatchObject({ scope: claims(visitor.token).sid });
  });
});
