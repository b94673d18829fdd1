import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startChatworkEmulator } from '../../../../emulators/chatwork/chatwork-emulator.ts';
import { chatworkMessageId, defaultChatworkSeed } from '../../../../emulators/chatwork/chatwork-seed.ts';
import {
  awaitingResponseSchema,
  handledResponseSchema,
  replySettingsSchema,
} from '../../../contract/awaiting.ts';
import { expectApiError } from '../../test/api-error.ts';
import { bearer, registerUser } from '../../test/auth-helpers.ts';
import { deliverChatworkMention } from '../../test/chatwork-webhook-helpers.ts';
import {
  chatworkEmulatorSettings,
  connectAccount,
  control,
  gatherAfresh,
} from '../../test/emulator-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { GATHERING_SHARED_FOR_MS } from '../messages/connected-message-source.ts';

const DAY_SECONDS = 24 * 60 * 60;
let emulator: { url: string; close(): Promise<void> };
let testApp: TestApp;
/** How far the app's clock runs ahead of the real one. */
let ahead = 0;

beforeAll(async () => {
  emulator = await startChatworkEmulator();
  testApp = await createTestApp(chatworkEmulatorSettings(emulator.url), { clock: () => Date.now() + ahead });
});
afterAll(async () => {
  await testApp?.close();
  await emulator?.close();
});

/**
 * Aiko (1001) answered Ben in their direct chat two days ago and asked Chika in a group five days ago, and nobody
 * wrote back; in "Project Matome" she answered Ben's mention and others wrote after her.
 */
function seed() {
  const base = defaultChatworkSeed();
  const now = Math.floor(Date.now() / 1000);
  const daysAgo = (days: number) => now - days * DAY_SECONDS;
  return {
    ...base,
    rooms: [
      ...base.rooms,
      {
        room_id: 2004,
        name: 'Invoices',
        type: 'group' as const,
        members: [
          { account_id: 1001, role: 'member' as const },
          { account_id: 1003, role: 'admin' as const },
        ],
      },
    ],
    messages: [
      ...base.messages.filter((message) => message.room_id !== 2002),
      {
        room_id: 2002,
        message_id: chatworkMessageId(7),
        account_id: 1002,
        body: 'Lunch?',
        send_time: daysAgo(9),
      },
      {
        room_id: 2004,
        message_id: chatworkMessageId(8),
        account_id: 1001,
        body: '[To:1003]佐藤さん\n請求書の件、いかがでしょうか。',
        send_time: daysAgo(5),
      },
      {
        room_id: 2002,
        message_id: chatworkMessageId(9),
        account_id: 1001,
        body: 'Sorry for the late answer: yes!',
        send_time: daysAgo(2),
      },
    ],
  };
}

beforeEach(async () => {
  ahead = 0;
  await control(emulator.url, 'reset');
  await control(emulator.url, 'seed', seed());
  await control(emulator.url, 'settings', { autoApprove: true });
});

const app = () => testApp.app;

function call(method: 'GET' | 'PATCH' | 'DELETE', url: string, token: string, payload?: unknown) {
  return app().inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

async function awaiting(token: string, days?: number) {
  const response = await call('GET', `/api/awaiting${days ? `?days=${days}` : ''}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return awaitingResponseSchema.parse(response.json());
}

async function aikoGathered() {
  const registered = await registerUser(app());
  const token = registered.tokens.accessToken;
  await connectAccount(app(), 'chatwork', token);
  const inbox = await gatherAfresh(app(), 'chatwork', token);
  return { token, inbox };
}

describe('handled and awaiting from ChatWork gathering', () => {
  it('marks what the person answered in the same room handled, from ids and times only', async () => {
    const aiko = await aikoGathered();
    const response = await call('GET', '/api/handled', aiko.token);
    const handled = handledResponseSchema.parse(response.json()).handled;
    // Ben's mention in "Project Matome" came before Aiko's answer; his to-all after it did not.
    expect(handled.map((mark) => [mark.platform_message_id, mark.via]).sort()).toEqual(
      [
        [chatworkMessageId(3), 'chatwork'],
        [chatworkMessageId(7), 'chatwork'],
      ].sort(),
    );
    expect(aiko.inbox.messages.map((message) => message.message_id)).toContain(chatworkMessageId(6));
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('lists the conversations nobody answered within 1, 3 or 7 days, remembering the choice', async () => {
    const aiko = await aikoGathered();
    const oneDay = await awaiting(aiko.token, 1);
    expect(
      oneDay.conversations.map((conversation) => [conversation.conversation_id, conversation.kind]),
    ).toEqual([
      ['2004', 'room'],
      ['2002', 'dm'],
    ]);
    expect(oneDay.conversations[0]).toMatchObject({
      platform: 'chatwork',
      counterpart_id: '1003',
      platform_message_id: chatworkMessageId(8),
      original_url: `https://www.chatwork.com/#!rid2004-${chatworkMessageId(8)}`,
    });
    expect(oneDay.conversations[1]!.counterpart_id).toBe('1002');
    expect((await awaiting(aiko.token, 3)).conversations.map((c) => c.conversation_id)).toEqual(['2004']);
    expect((await awaiting(aiko.token, 7)).conversations).toEqual([]);

    // Without `days`, the person's own choice (3 by default), which they can change.
    expect((await awaiting(aiko.token)).days).toBe(3);
    const changed = await call('PATCH', '/api/reply-settings', aiko.token, { awaiting_days: 1 });
    expect(replySettingsSchema.parse(changed.json())).toEqual({ auto_done: false, awaiting_days: 1 });
    expect((await awaiting(aiko.token)).conversations).toHaveLength(2);
  });

  it('takes a conversation off the list when someone answers it or the person dismisses it', async () => {
    const aiko = await aikoGathered();
    const [invoices] = (await awaiting(aiko.token, 1)).conversations;
    expect((await call('DELETE', `/api/awaiting/${invoices!.id}`, aiko.token)).json()).toEqual({
      success: true,
    });
    expect((await awaiting(aiko.token, 1)).conversations.map((c) => c.conversation_id)).toEqual(['2002']);

    await control(emulator.url, 'messages', {
      room_id: 2002,
      account_id: 1002,
      body: 'Great, see you at noon',
    });
    // A gathering within 30 s of the last shares its result (decision 144).
    ahead = GATHERING_SHARED_FOR_MS;
    await gatherAfresh(app(), 'chatwork', aiko.token);
    expect((await awaiting(aiko.token, 1)).conversations).toEqual([]);
  });
});

describe('answers that arrive live', () => {
  it('takes a ChatWork room off the list when a webhook brings a message of someone else there', async () => {
    const aiko = await aikoGathered();
    const [invoices] = (await awaiting(aiko.token, 1)).conversations;
    const key = Buffer.from('a webhook key of thirty-two bytes').toString('base64');
    const set = await app().inject({
      method: 'PUT',
      url: `/api/chatwork/connections/${invoices!.connection_id}/webhook`,
      headers: bearer(aiko.token),
      payload: { token: key },
    });
    expect(set.statusCode, set.body).toBe(204);
    const delivered = await deliverChatworkMention(
      app(),
      invoices!.connection_id,
      {
        from_account_id: 1003,
        to_account_id: 1001,
        room_id: 2004,
        message_id: chatworkMessageId(20),
        body: '[To:1001]Aikoさん\n確認します。',
        send_time: Math.floor(Date.now() / 1000),
      },
      key,
    );
    expect(delivered.statusCode).toBe(200);
    expect((await awaiting(aiko.token, 1)).conversations.map((c) => c.conversation_id)).toEqual(['2002']);
  });
});

describe('scoping and bad input', () => {
  it('never shows one person’s conversations or marks to another, and answers 404 for their ids', async () => {
    const aiko = await aikoGathered();
    const [conversation] = (await awaiting(aiko.token, 1)).conversations;
    const other = (await registerUser(app())).tokens.accessToken;
    expect((await awaiting(other, 1)).conversations).toEqual([]);
    expect(handledResponseSchema.parse((await call('GET', '/api/handled', other)).json()).handled).toEqual(
      [],
    );
    const refused = await call('DELETE', `/api/awaiting/${conversation!.id}`, other);
    expect(expectApiError(refused, 404).code).toBe('NOT_FOUND');
    expect((await awaiting(aiko.token, 1)).conversations).toHaveLength(2);
  });

  it('answers 400 with the error shape for bad input and changes nothing', async () => {
    const token = (await registerUser(app())).tokens.accessToken;
    expectApiError(await call('GET', '/api/awaiting?days=2', token), 400);
    expectApiError(await call('GET', '/api/awaiting?days=abc&x=1', token), 400);
    expectApiError(await call('DELETE', '/api/awaiting/not-an-id', token), 400);
    for (const body of [{}, { awaiting_days: 5 }, { auto_done: 'yes' }, { auto_done: true, extra: 1 }]) {
      expectApiError(await call('PATCH', '/api/reply-settings', token, body), 400);
    }
    const settings = await call('GET', '/api/reply-settings', token);
    expect(settings.json()).toEqual({ auto_done: false, awaiting_days: 3 });
    expectApiError(await call('GET', '/api/awaiting', 'not-a-token'), 401);
  });
});
