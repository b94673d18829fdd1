import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSlackEmulator } from '../../../../emulators/slack/slack-emulator.ts';
import { defaultSlackSeed } from '../../../../emulators/slack/slack-seed.ts';
import { slackMessageResultSchema, type SlackSourceMessage } from '../../../contract/messages.ts';
import { slackSignature } from '../../connectors/slack/slack-signature.ts';
import { createInProcessLiveEvents, type LiveEvent } from '../../lib/live-events.ts';
import { expectApiError } from '../../test/api-error.ts';
import { bearer, registerUser } from '../../test/auth-helpers.ts';
import { connectAccount, control, slackEmulatorSettings } from '../../test/emulator-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const SECRET = 'slack-signing-secret-for-tests';
let emulator: { url: string; close(): Promise<void> };
let testApp: TestApp;
const liveEvents = createInProcessLiveEvents();

beforeAll(async () => {
  emulator = await startSlackEmulator({ seed: defaultSlackSeed(Date.now()) });
  testApp = await createTestApp(slackEmulatorSettings(emulator.url, SECRET), { liveEvents });
});
afterAll(async () => {
  await testApp?.close();
  await emulator?.close();
});
beforeEach(async () => {
  await control(emulator.url, 'reset');
  await control(emulator.url, 'settings', { autoApprove: true });
});

const app = () => testApp.app;
type MessagesEvent = Extract<LiveEvent, { type: 'messages' }>;
let eventCounter = 0;

function post(body: unknown, options: { secret?: string; timestamp?: number; retry?: number } = {}) {
  const raw = JSON.stringify(body);
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  return app().inject({
    method: 'POST',
    url: '/api/slack/events',
    headers: {
      'content-type': 'application/json',
      'x-slack-request-timestamp': timestamp,
      'x-slack-signature': slackSignature(options.secret ?? SECRET, timestamp, raw),
      ...(options.retry
        ? { 'x-slack-retry-num': String(options.retry), 'x-slack-retry-reason': 'http_timeout' }
        : {}),
    },
    payload: raw,
  });
}

function messageEvent(event: Record<string, unknown>, authorizedUser = 'U0ALICE00') {
  eventCounter += 1;
  return {
    type: 'event_callback',
    team_id: 'T0ACME001',
    api_app_id: 'A0MATOME',
    event_id: `Ev${Date.now()}${eventCounter}`,
    event_time: Math.floor(Date.now() / 1000),
    event: {
      type: 'message',
      user: 'U0BOB0000',
      ts: `${Math.floor(Date.now() / 1000)}.${String(eventCounter).padStart(6, '0')}`,
      ...event,
    },
    authorizations: [{ team_id: 'T0ACME001', user_id: authorizedUser, is_bot: false }],
  };
}

/** Signs a user up, connects Alice's Slack account and fills the cache with a first gathering. */
async function aliceConnected() {
  const registered = await registerUser(app());
  await connectAccount(app(), 'slack', registered.tokens.accessToken);
  const first = await messagesOf(registered.tokens.accessToken, true);
  const received: MessagesEvent[] = [];
  const stop = await liveEvents.subscribe(registered.user.id, (event) => {
    if (event.type === 'messages') received.push(event);
  });
  return { token: registered.tokens.accessToken, userId: registered.user.id, first, received, stop };
}

async function messagesOf(token: string, refresh = false) {
  const response = await app().inject({
    method: 'GET',
    url: `/api/slack/messages${refresh ? '?refresh=1' : ''}`,
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return slackMessageResultSchema.parse(response.json());
}

/** Waits until `count` events arrived; the queue handles events in order, so earlier ones are done by then. */
async function received(alice: { received: MessagesEvent[] }, count: number): Promise<void> {
  await vi.waitFor(() => expect(alice.received.length).toBeGreaterThanOrEqual(count));
}

describe('Slack request signing', () => {
  it('answers url_verification with the challenge when signed', async () => {
    const response = await post({ type: 'url_verification', token: 'x', challenge: 'c-123' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ challenge: 'c-123' });
  });

  it('refuses a forged signature, a stale timestamp and an unsigned request', async () => {
    const challenge = { type: 'url_verification', token: 'x', challenge: 'c-123' };
    expect(expectApiError(await post(challenge, { secret: 'not-the-secret' }), 401).code).toBe(
      'BAD_SIGNATURE',
    );
    expect(
      expectApiError(await post(challenge, { timestamp: Math.floor(Date.now() / 1000) - 6 * 60 }), 401).code,
    ).toBe('BAD_SIGNATURE');
    const unsigned = await app().inject({
      method: 'POST',
      url: '/api/slack/events',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(challenge),
    });
    expect(expectApiError(unsigned, 401).code).toBe('BAD_SIGNATURE');
  });

  it('refuses a body changed after signing', async () => {
    const raw = JSON.stringify({ type: 'url_verification', challenge: 'a' });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const response = await app().inject({
      method: 'POST',
      url: '/api/slack/events',
      headers: {
        'content-type': 'application/json',
        'x-slack-request-timestamp': timestamp,
        'x-slack-signature': slackSignature(SECRET, timestamp, raw),
      },
      payload: raw.replace('"a"', '"b"'),
    });
    expect(expectApiError(response, 401).code).toBe('BAD_SIGNATURE');
  });
});

describe('Slack message events', () => {
  it('adds a mention of the user to their cached messages and publishes it once, however often Slack retries', async () => {
    const alice = await aliceConnected();
    const event = messageEvent({
      channel: 'C0GENERAL',
      channel_type: 'channel',
      text: '<@U0ALICE00> ship it?',
    });
    expect((await post(event)).statusCode).toBe(200);
    expect((await post(event, { retry: 1 })).statusCode).toBe(200);
    // A later event, to know the retry was handled (or dropped) before it.
    await post(messageEvent({ channel: 'D0ALICEBOB', channel_type: 'im', text: 'and then?' }));
    await received(alice, 2);
    expect(alice.received).toHaveLength(2);
    expect(alice.received[1]!.messages[0]?.body).toBe('and then?');
    const [live] = alice.received[0]!.messages as SlackSourceMessage[];
    expect(live).toMatchObject({
      platform: 'slack',
      platform_message_id: `C0GENERAL-${event.event.ts}`,
      body: '<@U0ALICE00> ship it?',
      account: { account_id: 'U0BOB0000' },
      mention_types: { is_direct_mention: true, is_dm: false },
      conversation_info: { id: 'C0GENERAL', is_channel: true },
    });
    const cached = await messagesOf(alice.token);
    expect(cached.messages.slice(0, 2).map((message) => message.platform_message_id)).toEqual([
      alice.received[1]!.messages[0]!.platform_message_id,
      live!.platform_message_id,
    ]);
    expect(cached.summary.total_messages).toBe(alice.first.summary.total_messages + 2);
    alice.stop();
  });

  it('names the channel of a live message as gathered messages do, not by its id', async () => {
    const alice = await aliceConnected();
    expect(
      alice.first.messages.find((message) => message.conversation_info.id === 'C0SECRET0')?.conversation_info
        .name,
    ).toBe('launch');
    await post(
      messageEvent({ channel: 'C0GENERAL', channel_type: 'channel', text: '<@U0ALICE00> ship it?' }),
    );
    await post(messageEvent({ channel: 'C0SECRET0', channel_type: 'group', text: '<@U0ALICE00> and this?' }));
    await received(alice, 2);
    const live = alice.received.map((event) => event.messages[0] as SlackSourceMessage);
    expect(live.map((message) => message.conversation_info)).toEqual([
      expect.objectContaining({ id: 'C0GENERAL', name: 'general' }),
      expect.objectContaining({ id: 'C0SECRET0', name: 'launch' }),
    ]);
    alice.stop();
  });

  it('classifies a DM for the user Slack delivered it for', async () => {
    const alice = await aliceConnected();
    await post(messageEvent({ channel: 'D0ALICEBOB', channel_type: 'im', text: 'lunch?' }));
    await received(alice, 1);
    expect(alice.received[0]!.messages[0]).toMatchObject({ is_dm: true, mention_types: { is_dm: true } });
    alice.stop();
  });

  it('drops a message that concerns nobody, the user’s own message and a private one delivered for someone else', async () => {
    const alice = await aliceConnected();
    await post(messageEvent({ channel: 'C0GENERAL', channel_type: 'channel', text: 'no one in particular' }));
    await post(
      messageEvent({ channel: 'C0GENERAL', channel_type: 'channel', user: 'U0ALICE00', text: '<!here> me' }),
    );
    await post(
      messageEvent({ channel: 'C0SECRET0', channel_type: 'group', text: '<@U0ALICE00> hi' }, 'U0CAROL00'),
    );
    await post(
      messageEvent({
        channel: 'C0GENERAL',
        channel_type: 'channel',
        subtype: 'message_changed',
        text: '<@U0ALICE00>',
      }),
    );
    const before = (await messagesOf(alice.token)).summary;
    await post(messageEvent({ channel: 'D0ALICEBOB', channel_type: 'im', text: 'the one that counts' }));
    await received(alice, 1);
    expect(alice.received.map((event) => event.messages[0]?.body)).toEqual(['the one that counts']);
    expect(before).toEqual(alice.first.summary);
    alice.stop();
  });

  it('acknowledges app_rate_limited and events it does not handle', async () => {
    expect(
      (
        await post({
          type: 'app_rate_limited',
          team_id: 'T0ACME001',
          minute_rate_limited: 1,
          token: 'x',
          api_app_id: 'A',
        })
      ).statusCode,
    ).toBe(200);
    expect((await post({ type: 'something_new' })).statusCode).toBe(200);
    expect((await post(messageEvent({ type: 'reaction_added' }))).statusCode).toBe(200);
  });
});
