import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSlackEmulator } from '../../../../emulators/slack/slack-emulator.ts';
import { defaultSlackSeed, slackTs } from '../../../../emulators/slack/slack-seed.ts';
import { awaitingResponseSchema, handledResponseSchema } from '../../../contract/awaiting.ts';
import { doneMarksResponseSchema } from '../../../contract/triage.ts';
import { slackSignature } from '../../connectors/slack/slack-signature.ts';
import { createInProcessLiveEvents } from '../../lib/live-events.ts';
import { bearer, registerUser } from '../../test/auth-helpers.ts';
import { connectAccount, control, gatherAfresh, slackEmulatorSettings } from '../../test/emulator-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const SECRET = 'slack-signing-secret-for-replies';
const DAY = 24 * 60 * 60 * 1000;
let emulator: { url: string; close(): Promise<void> };
let testApp: TestApp;
/** How far the app's clock runs ahead of the real one: the Awaiting reply list is asked days later. */
let ahead = 0;
const liveEvents = createInProcessLiveEvents();

beforeAll(async () => {
  emulator = await startSlackEmulator({ seed: defaultSlackSeed(Date.now()) });
  testApp = await createTestApp(slackEmulatorSettings(emulator.url, SECRET), {
    liveEvents,
    clock: () => Date.now() + ahead,
  });
});
afterAll(async () => {
  await testApp?.close();
  await emulator?.close();
});
beforeEach(async () => {
  await control(emulator.url, 'reset');
  // One test seeds a message of its own; the others start from the default seed.
  await control(emulator.url, 'seed', defaultSlackSeed(Date.now()));
  await control(emulator.url, 'settings', { autoApprove: true });
});

const app = () => testApp.app;
let counter = 0;

function postEvent(event: Record<string, unknown>) {
  counter += 1;
  const raw = JSON.stringify({
    type: 'event_callback',
    team_id: 'T0ACME001',
    api_app_id: 'A0MATOME',
    event_id: `EvReplies${Date.now()}${counter}`,
    event_time: Math.floor(Date.now() / 1000),
    event: { type: 'message', ...event },
    authorizations: [{ team_id: 'T0ACME001', user_id: 'U0ALICE00', is_bot: false }],
  });
  const timestamp = String(Math.floor(Date.now() / 1000));
  return app().inject({
    method: 'POST',
    url: '/api/slack/events',
    headers: {
      'content-type': 'application/json',
      'x-slack-request-timestamp': timestamp,
      'x-slack-signature': slackSignature(SECRET, timestamp, raw),
    },
    payload: raw,
  });
}

const nowTs = (secondsLater = 0) =>
  `${Math.floor(Date.now() / 1000) + secondsLater}.${String(++counter).padStart(6, '0')}`;

async function get(token: string, url: string) {
  const response = await app().inject({ method: 'GET', url, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as unknown;
}
/** The Awaiting reply list, asked `later` ms from now (events are signed with the real time, so it goes back). */
async function awaitingLater(token: string, days: number, later: number) {
  ahead = later;
  try {
    return awaitingResponseSchema.parse(await get(token, `/api/awaiting?days=${days}`)).conversations;
  } finally {
    ahead = 0;
  }
}
const handledIds = async (token: string) =>
  handledResponseSchema
    .parse(await get(token, '/api/handled'))
    .handled.map((mark) => mark.platform_message_id);

async function aliceConnected() {
  const registered = await registerUser(app());
  const token = registered.tokens.accessToken;
  await connectAccount(app(), 'slack', token);
  const inbox = await gatherAfresh(app(), 'slack', token);
  const mention = inbox.messages.find((message) => message.body.startsWith('<@U0ALICE00> can you check'))!;
  expect(mention).toBeDefined();
  return { token, userId: registered.user.id, inbox, mention };
}

describe('handled from Slack', () => {
  it('marks a mention handled when the person answers it in its thread on Slack, and the conversation then awaits a reply', async () => {
    const alice = await aliceConnected();
    const heard: string[] = [];
    const stop = await liveEvents.subscribe(alice.userId, (event) => heard.push(event.type));
    expect(await handledIds(alice.token)).toEqual([]);

    const ownTs = nowTs(1);
    expect(
      (
        await postEvent({
          channel: 'C0GENERAL',
          channel_type: 'channel',
          user: 'U0ALICE00',
          text: 'On it, will check tonight',
          ts: ownTs,
          thread_ts: alice.mention.ts,
        })
      ).statusCode,
    ).toBe(200);
    await vi.waitFor(async () =>
      expect(await handledIds(alice.token)).toEqual([alice.mention.platform_message_id]),
    );
    expect(heard).toContain('replies_changed');
    const [mark] = handledResponseSchema.parse(await get(alice.token, '/api/handled')).handled;
    expect(mark).toMatchObject({ platform: 'slack', via: 'slack' });
    // Not answered yet, but only written now: not listed within a day.
    expect(await awaitingLater(alice.token, 1, 0)).toEqual([]);
    expect(await awaitingLater(alice.token, 1, 2 * DAY)).toEqual([
      expect.objectContaining({
        platform: 'slack',
        kind: 'thread',
        conversation_id: 'C0GENERAL',
        thread_ts: alice.mention.ts,
        counterpart_id: 'U0BOB0000',
        platform_message_id: `C0GENERAL-${ownTs}`,
        account_name: expect.any(String),
        original_url: expect.stringContaining('channel=C0GENERAL'),
      }),
    ]);
    expect(await awaitingLater(alice.token, 3, 2 * DAY)).toEqual([]);

    // Bob answers in the thread: it waits no more.
    await postEvent({
      channel: 'C0GENERAL',
      channel_type: 'channel',
      user: 'U0BOB0000',
      text: 'thanks',
      ts: nowTs(2),
      thread_ts: alice.mention.ts,
    });
    await vi.waitFor(async () => expect(await awaitingLater(alice.token, 1, 2 * DAY)).toEqual([]));
    stop();
  });

  it('lists a DM the person wrote last in, and forgets it and its handled marks when their message is deleted on Slack', async () => {
    const alice = await aliceConnected();
    const dm = alice.inbox.messages.find((message) => message.conversation_info.id === 'D0ALICEBOB')!;
    const ownTs = nowTs(1);
    await postEvent({
      channel: 'D0ALICEBOB',
      channel_type: 'im',
      user: 'U0ALICE00',
      text: 'Yes, what is up?',
      ts: ownTs,
    });
    await vi.waitFor(async () => expect(await handledIds(alice.token)).toEqual([dm.platform_message_id]));
    expect(await awaitingLater(alice.token, 3, 4 * DAY)).toEqual([
      expect.objectContaining({
        kind: 'dm',
        conversation_id: 'D0ALICEBOB',
        counterpart_id: 'U0BOB0000',
        thread_ts: null,
      }),
    ]);

    await postEvent({
      subtype: 'message_deleted',
      channel: 'D0ALICEBOB',
      channel_type: 'im',
      deleted_ts: ownTs,
      ts: nowTs(2),
    });
    await vi.waitFor(async () => expect(await handledIds(alice.token)).toEqual([]));
    expect(await awaitingLater(alice.token, 3, 4 * DAY)).toEqual([]);
  });
});

/** `POST /api/slack/reply` in #general, as Matome's reply box sends it. */
function replyFromMatome(alice: Awaited<ReturnType<typeof aliceConnected>>, body: Record<string, unknown>) {
  return app().inject({
    method: 'POST',
    url: '/api/slack/reply',
    headers: bearer(alice.token),
    payload: { connection_id: alice.mention.account_info.connection_id, channel_id: 'C0GENERAL', ...body },
  });
}

describe('handled from Slack gathering', () => {
  it('sees the person’s own DM messages in their searches: the DM is handled and, unanswered, awaits a reply', async () => {
    const seed = defaultSlackSeed(Date.now());
    const ownTs = slackTs(Date.now(), 10 * 60);
    seed.teams[0]!.messages.push({
      channel: 'D0ALICEBOB',
      ts: ownTs,
      user: 'U0ALICE00',
      text: 'Yes, here now',
    });
    await control(emulator.url, 'seed', seed);
    await control(emulator.url, 'settings', { autoApprove: true });
    const alice = await aliceConnected();
    const dm = alice.inbox.messages.find((message) => message.conversation_info.id === 'D0ALICEBOB')!;
    expect(await handledIds(alice.token)).toContain(dm.platform_message_id);
    expect(await awaitingLater(alice.token, 1, 2 * DAY)).toEqual([
      expect.objectContaining({
        kind: 'dm',
        conversation_id: 'D0ALICEBOB',
        counterpart_id: 'U0BOB0000',
        platform_message_id: `D0ALICEBOB-${ownTs}`,
      }),
    ]);
  });
});

describe('handled from a Matome reply', () => {
  it('marks the answered message handled and, with auto-done on, done until its thread moves', async () => {
    const alice = await aliceConnected();
    const settings = await app().inject({
      method: 'PATCH',
      url: '/api/reply-settings',
      headers: bearer(alice.token),
      payload: { auto_done: true },
    });
    expect(settings.json()).toEqual({ auto_done: true, awaiting_days: 3 });
    const reply = await replyFromMatome(alice, {
      thread_ts: alice.mention.ts,
      message: 'Checking now',
      reply_to: alice.mention.platform_message_id,
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const [mark] = handledResponseSchema.parse(await get(alice.token, '/api/handled')).handled;
    expect(mark).toMatchObject({ platform_message_id: alice.mention.platform_message_id, via: 'matome' });
    const done = doneMarksResponseSchema.parse(await get(alice.token, '/api/done')).done_marks;
    expect(done).toEqual([
      expect.objectContaining({
        platform_message_id: alice.mention.platform_message_id,
        thread_keys: [`slack:C0GENERAL:${alice.mention.ts}`],
      }),
    ]);
  });

  it('writes nothing for a reply that names a malformed message', async () => {
    const alice = await aliceConnected();
    const reply = await replyFromMatome(alice, { message: 'hello', reply_to: 'x'.repeat(1000) });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(await handledIds(alice.token)).toEqual([]);
  });
});
