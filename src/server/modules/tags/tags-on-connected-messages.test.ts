import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChatworkEmulator } from '../../../../emulators/chatwork/chatwork-emulator.ts';
import { chatworkMessageResultSchema, connectionStatusResponseSchema } from '../../../contract/messages.ts';
import { dataResponseSchema, tagRecordSchema } from '../../../contract/tags.ts';
import { bearer, registerUser } from '../../test/auth-helpers.ts';
import {
  chatworkTestAppEnv,
  connectAccount,
  control,
  emulatorRequests,
} from '../../test/emulator-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let emulator: { url: string; close(): Promise<void> };
let testApp: TestApp;

beforeAll(async () => {
  emulator = await startChatworkEmulator();
  await control(emulator.url, 'settings', { autoApprove: true });
  testApp = await createTestApp({
    ...chatworkTestAppEnv(emulator.url),
    PUBLIC_URL: 'https://matome.test',
  });
});
afterAll(async () => {
  await testApp?.close();
  await emulator?.close();
});

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) {
  return testApp.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

async function chatworkMessages(token: string, url = '/api/chatwork/messages') {
  const response = await call('GET', url, token);
  expect(response.statusCode, response.body).toBe(200);
  return chatworkMessageResultSchema.parse(response.json()).messages;
}

describe('tags on the messages of a connected account', () => {
  it('show on the message at once, follow a rename, and go when the tag is deleted, without gathering again', async () => {
    const token = (await registerUser(testApp.app)).tokens.accessToken;
    await connectAccount(testApp.app, 'chatwork', token);
    const [first] = await chatworkMessages(token);
    expect(first!.tags).toEqual([]);
    const [connection] = connectionStatusResponseSchema.parse(
      (await call('GET', '/api/chatwork/status', token)).json(),
    ).connections;
    const perConnection = `/api/chatwork/messages/${connection!.id}`;
    await chatworkMessages(token, perConnection);
    const reads = async () =>
      (await emulatorRequests(emulator.url)).filter((request) => /\/messages$/.test(request.path)).length;
    const readsBefore = await reads();

    const untaggedEtag = String((await call('GET', '/api/chatwork/messages', token)).headers.etag);
    const created = await call('POST', '/api/tags', token, {
      name: 'Urgent',
      name_jp: '緊急',
      color: '#EF4444',
    });
    const tag = dataResponseSchema(tagRecordSchema).parse(created.json()).data;
    const linked = await call('POST', '/api/tags/messages', token, {
      platform: 'chatwork',
      platform_message_id: first!.platform_message_id,
      tag_id: tag.id,
    });
    expect(linked.statusCode, linked.body).toBe(201);

    const tagged = (messages: Awaited<ReturnType<typeof chatworkMessages>>) =>
      messages.find((message) => message.platform_message_id === first!.platform_message_id)!.tags;
    expect(tagged(await chatworkMessages(token))).toEqual([
      { id: tag.id, name: 'Urgent', name_jp: '緊急', color: '#EF4444' },
    ]);
    expect(tagged(await chatworkMessages(token, perConnection)).map((each) => each.name)).toEqual(['Urgent']);
    // A browser revalidating its untagged copy gets the tagged answer, not 304.
    const revalidated = await testApp.app.inject({
      method: 'GET',
      url: '/api/chatwork/messages',
      headers: { ...bearer(token), 'if-none-match': untaggedEtag },
    });
    expect(revalidated.statusCode).toBe(200);
    expect(revalidated.headers.etag).not.toBe(untaggedEtag);

    await call('PUT', `/api/tags/${tag.id}`, token, { name: 'Today', color: '#3B82F6' });
    expect(tagged(await chatworkMessages(token))).toMatchObject([{ name: 'Today', color: '#3B82F6' }]);

    await call('DELETE', `/api/tags/${tag.id}`, token);
    expect((await chatworkMessages(token)).every((message) => message.tags.length === 0)).toBe(true);
    expect(await reads()).toBe(readsBefore);

    const other = (await registerUser(testApp.app)).tokens.accessToken;
    expect(await chatworkMessages(other)).toEqual([]);
  });
});
