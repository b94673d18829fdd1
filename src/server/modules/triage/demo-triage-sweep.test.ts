import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snoozesResponseSchema } from '../../../contract/triage.ts';
import { bearer, registerUser, signIn } from '../../test/auth-helpers.ts';
import { endSignIns } from '../../test/ended-sign-ins.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** The scheduler sweeps every second here, so the test sees it act without waiting an hour. */
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ DEMO_HIDES_SWEEP_SECONDS: '1' });
});
afterAll(() => testApp.close());

const until = () => new Date(Date.now() + 3_600_000).toISOString();

async function snoozeAndMarkDone(token: string, id: string): Promise<void> {
  const snoozed = await testApp.app.inject({
    method: 'POST',
    url: '/api/snoozes',
    headers: bearer(token),
    payload: { messages: [{ platform: 'slack', platform_message_id: `C1-${id}` }], until: until() },
  });
  expect(snoozed.statusCode, snoozed.body).toBe(200);
  const done = await testApp.app.inject({
    method: 'POST',
    url: '/api/done',
    headers: bearer(token),
    payload: {
      messages: [{ platform: 'chatwork', platform_message_id: id, thread_keys: [`chatwork:1:${id}`] }],
    },
  });
  expect(done.statusCode, done.body).toBe(200);
}

async function stored(): Promise<string[]> {
  const result = (await testApp.database.db.execute(
    `select platform_message_id as id from snoozes union all select platform_message_id from done_marks order by id`,
  )) as { rows: { id: string }[] };
  return result.rows.map((row) => row.id);
}

describe('the sweep of ended demo sign-ins', () => {
  it('deletes the snoozes and done marks of demo sign-ins that ended, and nothing else', async () => {
    const signedOut = await signIn(testApp.app, 'demo-en@example.com', 'demo1234');
    const expired = await signIn(testApp.app, 'demo-en@example.com', 'demo1234');
    const live = await signIn(testApp.app, 'demo-en@example.com', 'demo1234');
    const ordinary = (await registerUser(testApp.app)).tokens.accessToken;
    // Digits only: done marks are ChatWork messages here.
    await snoozeAndMarkDone(signedOut, '100');
    await snoozeAndMarkDone(expired, '200');
    await snoozeAndMarkDone(live, '300');
    await snoozeAndMarkDone(ordinary, '400');
    // A live sign-in's snoozes are read once, so the sweep must also leave its cached list alone.
    const before = await testApp.app.inject({ method: 'GET', url: '/api/snoozes', headers: bearer(live) });
    expect(snoozesResponseSchema.parse(before.json()).snoozes).toHaveLength(1);

    await endSignIns(testApp, { signOut: signedOut, expire: expired });

    for (let attempt = 0; attempt < 100 && (await stored()).length > 4; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await stored()).toEqual(['300', '400', 'C1-300', 'C1-400']);
    const after = await testApp.app.inject({ method: 'GET', url: '/api/snoozes', headers: bearer(live) });
    expect(snoozesResponseSchema.parse(after.json()).snoozes).toEqual(
      snoozesResponseSchema.parse(before.json()).snoozes,
    );
  });
});
