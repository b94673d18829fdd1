import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageRef } from '../../../contract/tags.ts';
import {
  doneBatchResponseSchema,
  doneMarksResponseSchema,
  SNOOZES_PER_USER_MAX,
  snoozeBatchResponseSchema,
  snoozesResponseSchema,
  triageRestoreResponseSchema,
  type DoneItem,
  type DoneMark,
  type Snooze,
  type TriageRestoreItem,
} from '../../../contract/triage.ts';
import { expectApiError } from '../../test/api-error.ts';
import { bearer, registerUser } from '../../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

function call(method: 'GET' | 'POST', url: string, token: string, payload?: unknown) {
  return testApp.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

const newUser = async () => (await registerUser(testApp.app)).tokens.accessToken;
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

async function snooze(token: string, messages: MessageRef[], until: string): Promise<Snooze[]> {
  const response = await call('POST', '/api/snoozes', token, { messages, until });
  expect(response.statusCode, response.body).toBe(200);
  return snoozeBatchResponseSchema.parse(response.json()).snoozes;
}

async function markDone(token: string, messages: DoneItem[]): Promise<DoneMark[]> {
  const response = await call('POST', '/api/done', token, { messages });
  expect(response.statusCode, response.body).toBe(200);
  return doneBatchResponseSchema.parse(response.json()).done_marks;
}

async function lists(token: string) {
  const snoozes = await call('GET', '/api/snoozes', token);
  const done = await call('GET', '/api/done', token);
  return {
    snoozes: snoozesResponseSchema.parse(snoozes.json()).snoozes,
    done: doneMarksResponseSchema.parse(done.json()).done_marks,
  };
}

/** What the database holds for everyone, without the service's cache in between. */
async function stored() {
  const result = (await testApp.database.db.execute(
    `select 'snooze' as kind, user_id, platform_message_id as id, until as at from snoozes
     union all select 'done', user_id, platform_message_id, done_at from done_marks order by kind, user_id, id`,
  )) as { rows: unknown[] };
  return result.rows;
}

async function restore(token: string, messages: unknown) {
  return call('POST', '/api/triage/restore', token, { messages });
}

const slackRef: MessageRef = { platform: 'slack', platform_message_id: 'C07AB12CD-1767225600.012345' };
const chatworkRef: MessageRef = { platform: 'chatwork', platform_message_id: '1893276540123456789' };
const slackKeys = ['slack:C07AB12CD:1767225600.012345', 'slack:C07AB12CD:1767225000.000100'];
const chatworkKeys = ['chatwork:81551305:1893276540123456789'];

const snoozeOf = (row: Snooze) => ({
  until: row.until,
  created_at: row.created_at,
  updated_at: row.updated_at,
});
const doneOf = (row: DoneMark) => ({
  thread_keys: row.thread_keys,
  done_at: row.done_at,
  created_at: row.created_at,
});

describe('restoring what an undone change replaced', () => {
  it('puts back a snooze and a done mark exactly, with their own times and keys, in one call', async () => {
    const token = await newUser();
    const [earlierSnooze] = await snooze(token, [slackRef], inMinutes(60));
    const [earlierDone] = await markDone(token, [{ ...chatworkRef, thread_keys: chatworkKeys }]);
    const before = await lists(token);
    // The change being undone: both messages snoozed until tomorrow.
    await snooze(token, [slackRef, chatworkRef], inMinutes(24 * 60));

    const response = await restore(token, [
      { ...slackRef, snooze: snoozeOf(earlierSnooze!) },
      { ...chatworkRef, done: doneOf(earlierDone!) },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(triageRestoreResponseSchema.parse(response.json()).restored).toBe(2);
    const after = await lists(token);
    expect(after.snoozes.map(({ id: _id, ...rest }) => rest)).toEqual(
      before.snoozes.map(({ id: _id, ...rest }) => rest),
    );
    expect(after.done.map(({ id: _id, ...rest }) => rest)).toEqual(
      before.done.map(({ id: _id, ...rest }) => rest),
    );
  });

  it('writes back a woken snooze with its past time and an old done mark with its own time', async () => {
    const token = await newUser();
    await markDone(token, [{ ...slackRef, thread_keys: slackKeys }]);
    const woke = new Date(Date.now() - 2 * 3_600_000).toISOString();
    const dayAgo = new Date(Date.now() - 86_400_000).toISOString();
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000).toISOString();

    const response = await restore(token, [
      { ...slackRef, snooze: { until: woke, created_at: dayAgo, updated_at: dayAgo } },
      {
        ...chatworkRef,
        done: { thread_keys: chatworkKeys, done_at: threeDaysAgo, created_at: threeDaysAgo },
      },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const { snoozes, done } = await lists(token);
    expect(snoozes).toMatchObject([{ ...slackRef, until: woke, created_at: dayAgo, updated_at: dayAgo }]);
    expect(done).toMatchObject([
      { ...chatworkRef, thread_keys: chatworkKeys, done_at: threeDaysAgo, created_at: threeDaysAgo },
    ]);
  });

  it('takes away what a message has now when it had nothing before', async () => {
    const token = await newUser();
    await snooze(token, [slackRef], inMinutes(30));
    await markDone(token, [{ ...chatworkRef, thread_keys: chatworkKeys }]);
    const response = await restore(token, [slackRef, chatworkRef]);
    expect(response.statusCode, response.body).toBe(200);
    expect(await lists(token)).toEqual({ snoozes: [], done: [] });
  });

  it('changes nothing when the write fails half-way', async () => {
    const token = await newUser();
    const failing: MessageRef = { platform: 'chatwork', platform_message_id: '666' };
    await snooze(token, [slackRef], inMinutes(45));
    await markDone(token, [{ ...chatworkRef, thread_keys: chatworkKeys }]);
    await snooze(token, [failing], inMinutes(50));
    const before = await stored();
    const db = testApp.database.db;
    // A real failure inside the transaction: after the deletes and the snoozes, the done marks' insert fails.
    await db.execute(`create function refuse_done_666() returns trigger language plpgsql as $$
      begin
        if new.platform_message_id = '666' then raise exception 'the disk is full'; end if;
        return new;
      end $$`);
    await db.execute(
      `create trigger refuse_done_666 before insert on done_marks for each row execute function refuse_done_666()`,
    );
    try {
      const response = await restore(token, [
        { ...slackRef },
        {
          ...chatworkRef,
          snooze: { until: inMinutes(5), created_at: inMinutes(-5), updated_at: inMinutes(-5) },
        },
        {
          ...failing,
          done: { thread_keys: ['chatwork:1:666'], done_at: inMinutes(-1), created_at: inMinutes(-1) },
        },
      ]);
      expect(response.statusCode).toBe(500);
      expect(response.json().message).not.toContain('disk');
    } finally {
      await db.execute('drop trigger refuse_done_666 on done_marks');
      await db.execute('drop function refuse_done_666');
    }
    expect(await stored()).toEqual(before);
  });

  it("never touches another user's snoozes and done marks of the same messages", async () => {
    const mine = await newUser();
    const theirs = await newUser();
    await snooze(theirs, [slackRef], inMinutes(90));
    await markDone(theirs, [{ ...chatworkRef, thread_keys: chatworkKeys }]);
    const before = await lists(theirs);

    const response = await restore(mine, [
      { ...slackRef, done: { thread_keys: slackKeys, done_at: inMinutes(-10), created_at: inMinutes(-10) } },
      chatworkRef,
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(await lists(theirs)).toEqual(before);
    expect((await lists(mine)).done).toMatchObject([{ ...slackRef, thread_keys: slackKeys }]);
  });

  it('refuses bad input with 400 and the error shape, and writes nothing', async () => {
    const token = await newUser();
    await snooze(token, [slackRef], inMinutes(20));
    const before = await stored();
    const past = inMinutes(-10);
    const cases: { messages: unknown; code?: string }[] = [
      { messages: [] },
      { messages: 'slack' },
      { messages: [{ platform: 'teams', platform_message_id: '1' }] },
      { messages: [{ ...slackRef, extra: true }] },
      {
        messages: [
          { ...chatworkRef, snooze: { until: '2030-01-01T00:00:00', created_at: past, updated_at: past } },
        ],
      },
      {
        messages: [
          {
            ...chatworkRef,
            snooze: { until: inMinutes(5), created_at: past, updated_at: past },
            done: { thread_keys: chatworkKeys, done_at: past, created_at: past },
          },
        ],
      },
      { messages: [{ ...chatworkRef, done: { thread_keys: slackKeys, done_at: past, created_at: past } }] },
      { messages: [{ ...chatworkRef, done: { thread_keys: [], done_at: past, created_at: past } }] },
      {
        messages: [
          { ...chatworkRef, done: { thread_keys: chatworkKeys, done_at: inMinutes(60), created_at: past } },
        ],
        code: 'TIME_IN_FUTURE',
      },
      {
        messages: [
          slackRef,
          { ...chatworkRef, snooze: { until: inMinutes(400 * 24 * 60), created_at: past, updated_at: past } },
        ],
        code: 'SNOOZE_TOO_FAR',
      },
    ];
    for (const { messages, code } of cases) {
      const error = expectApiError(await restore(token, messages), 400);
      if (code) expect(error.code).toBe(code);
    }
    expect(await stored()).toEqual(before);
  });

  it('holds the snooze cap, rolling back the whole restore', async () => {
    const token = await newUser();
    const userId = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;
    await testApp.database.db.execute(
      `insert into snoozes (user_id, platform, platform_message_id, until)
       select '${userId}', 'chatwork', g::text, now() + interval '1 day'
       from generate_series(1, ${SNOOZES_PER_USER_MAX}) g`,
    );
    const past = inMinutes(-10);
    const refused = await restore(token, [
      { ...slackRef, done: { thread_keys: slackKeys, done_at: past, created_at: past } },
      { ...chatworkRef, snooze: { until: inMinutes(30), created_at: past, updated_at: past } },
    ]);
    expect(expectApiError(refused, 403).code).toBe('SNOOZE_LIMIT');
    expect((await lists(token)).done).toEqual([]);
    // Restoring a message that is snoozed already keeps the count.
    const restored = await restore(token, [
      {
        platform: 'chatwork',
        platform_message_id: '1',
        snooze: { until: inMinutes(30), created_at: past, updated_at: past },
      },
    ] satisfies TriageRestoreItem[]);
    expect(restored.statusCode, restored.body).toBe(200);
  });
});
