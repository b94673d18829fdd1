import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hiddenIdsResponseSchema } from '../../../contract/hidden-messages.ts';
import { bearer, registerUser, signIn } from '../../test/auth-helpers.ts';
import { endSignIns } from '../../test/ended-sign-ins.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** The scheduler sweeps every second here, so the test sees it act without waiting an hour. */
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ DEMO_HIDES_SWEEP_SECONDS: '1' });
});
afterAll(() => testApp.close());

async function hide(token: string, id: string): Promise<void> {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/messages/hide',
    headers: bearer(token),
    payload: { platform: 'slack', platform_message_id: id },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function hiddenSlackIds(token: string): Promise<string[]> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: '/api/messages/hidden',
    headers: bearer(token),
  });
  return hiddenIdsResponseSchema.parse(response.json()).hidden_message_ids.slack;
}

async function storedHides(): Promise<string[]> {
  const result = (await testApp.database.db.execute(
    'select platform_message_id from hidden_messages order by platform_message_id',
  )) as { rows: { platform_message_id: string }[] };
  return result.rows.map((row) => row.platform_message_id);
}

describe('the sweep of ended demo sign-ins', () => {
  it('deletes the hides of demo sign-ins that were signed out or expired, on its schedule, and nothing else', async () => {
    const signedOut = await signIn(testApp.app, 'demo-en@example.com', 'demo1234');
    const expired = await signIn(testApp.app, 'demo-en@example.com', 'demo1234');
    const live = await signIn(testApp.app, 'demo-en@example.com', 'demo1234');
    const ordinary = (await registerUser(testApp.app)).tokens.accessToken;
    await hide(signedOut, 'C1-signed-out');
    await hide(expired, 'C1-expired');
    await hide(live, 'C1-live');
    await hide(ordinary, 'C1-ordinary');

    await endSignIns(testApp, { signOut: signedOut, expire: expired });

    for (let attempt = 0; attempt < 100 && (await storedHides()).length > 2; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await storedHides()).toEqual(['C1-live', 'C1-ordinary']);
    expect(await hiddenSlackIds(live)).toEqual(['C1-live']);
    expect(await hiddenSlackIds(ordinary)).toEqual(['C1-ordinary']);
  });
});
