import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { hiddenIdsResponseSchema } from '../../../contract/hidden-messages.ts';
import { openDatabase } from '../../db/client.ts';
import { bearer, registerUser } from '../../test/auth-helpers.ts';
import { createTestApp } from '../../test/test-app.ts';

const dataDir = await mkdtemp(path.join(tmpdir(), 'matome-restart-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));

/** The embedded database on disk, as `npm start` opens it, closed and opened again like a restarted server. */
async function startServer() {
  const database = await openDatabase({ databaseUrl: undefined, dataDir });
  const testApp = await createTestApp({}, { database });
  return {
    app: testApp.app,
    stop: async () => {
      await testApp.close();
      await database.close();
    },
  };
}

it('keeps tags, links and hidden messages across a server restart', async () => {
  const first = await startServer();
  const { accessToken } = (await registerUser(first.app)).tokens;
  const headers = bearer(accessToken);
  const created = await first.app.inject({
    method: 'POST',
    url: '/api/tags',
    headers,
    payload: { name: 'Kept' },
  });
  const tagId = (created.json() as { data: { id: string } }).data.id;
  const ref = { platform: 'slack', platform_message_id: 'C1-1767225600.000001' };
  await first.app.inject({
    method: 'POST',
    url: '/api/tags/messages',
    headers,
    payload: { ...ref, tag_id: tagId },
  });
  await first.app.inject({ method: 'POST', url: '/api/messages/hide', headers, payload: ref });
  await first.stop();

  const second = await startServer();
  try {
    const tags = await second.app.inject({
      method: 'GET',
      url: `/api/tags/messages/slack/${ref.platform_message_id}`,
      headers,
    });
    expect((tags.json() as { data: { name: string }[] }).data.map((tag) => tag.name)).toEqual(['Kept']);
    const hidden = await second.app.inject({ method: 'GET', url: '/api/messages/hidden', headers });
    expect(hiddenIdsResponseSchema.parse(hidden.json()).hidden_message_ids.slack).toEqual([
      ref.platform_message_id,
    ]);
  } finally {
    await second.stop();
  }
});
