import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SNOOZES_PER_USER_MAX,
  snoozesResponseSchema,
  WOKEN_SNOOZE_KEEP_DAYS,
} from '../../../contract/triage.ts';
import { expectApiError } from '../../test/api-error.ts';
import { bearer, registerUser } from '../../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** The scheduler sweeps every second here, so the test sees it act without waiting an hour. */
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ DEMO_HIDES_SWEEP_SECONDS: '1' });
});
afterAll(() => testApp.close());

const DAY = 86_400_000;
const userIdOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;

async function newUser() {
  const token = (await registerUser(testApp.app)).tokens.accessToken;
  return { token, userId: userIdOf(token) };
}

async function snoozedIds(token: string): Promise<string[]> {
  const response = await testApp.app.inject({ method: 'GET', url: '/api/snoozes', headers: bearer(token) });
  return snoozesResponseSchema.parse(response.json()).snoozes.map((snooze) => snooze.platform_message_id);
}

function snooze(token: string, id: string, until: string) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/snoozes',
    headers: bearer(token),
    payload: { messages: [{ platform: 'chatwork', platform_message_id: id }], until },
  });
}

describe('woken snoozes', () => {
  it(`are deleted ${WOKEN_SNOOZE_KEEP_DAYS} days after they woke, whoever made them, and no sooner`, async () => {
    const first = await newUser();
    const second = await newUser();
    const at = (ms: number) => new Date(Date.now() + ms).toISOString();
    for (const [who, id, until] of [
      [first, '1', at(-(WOKEN_SNOOZE_KEEP_DAYS * DAY + 60_000))],
      [first, '2', at(-(WOKEN_SNOOZE_KEEP_DAYS * DAY - 3_600_000))],
      [first, '3', at(DAY)],
      [second, '4', at(-30 * DAY)],
    ] as const) {
      await testApp.database.db.execute(
        `insert into snoozes (user_id, platform, platform_message_id, until)
         values ('${who.userId}', 'chatwork', '${id}', '${until}')`,
      );
    }
    for (let attempt = 0; attempt < 100 && (await snoozedIds(second.token)).length > 0; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await snoozedIds(second.token)).toEqual([]);
    expect(await snoozedIds(first.token)).toEqual(['2', '3']);
  });

  it('do not count towards the cap, so a person with many woken ones can still snooze', async () => {
    const { token, userId } = await newUser();
    await testApp.database.db.execute(
      `insert into snoozes (user_id, platform, platform_message_id, until)
       select '${userId}', 'chatwork', g::text, now() - interval '1 hour'
       from generate_series(1, ${SNOOZES_PER_USER_MAX}) g`,
    );
    const until = new Date(Date.now() + DAY).toISOString();
    const fits = await snooze(token, '999999', until);
    expect(fits.statusCode, fits.body).toBe(200);
    // Waiting ones still count: snooze the woken ones again, then one more is over the cap.
    await testApp.database.db.execute(
      `update snoozes set until = now() + interval '1 day' where user_id = '${userId}' and platform_message_id <> '1'`,
    );
    expect(expectApiError(await snooze(token, '888888', until), 403).code).toBe('SNOOZE_LIMIT');
  });
});
