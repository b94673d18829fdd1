import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import {
  deliveredEvent,
  seedWithThreeInstallations,
  startEventsEmulator,
  startReceiver,
} from './slack-events-test-kit.ts';

let receiver: Awaited<ReturnType<typeof startReceiver>>;
let slack: Awaited<ReturnType<typeof startEventsEmulator>>;

beforeEach(async () => {
  receiver = await startReceiver();
  slack = await startEventsEmulator(seedWithThreeInstallations());
  await slack.control('events/config', {
    requestUrl: receiver.url,
    signingSecret: 'shh',
    retryDelaysMs: [0, 0, 0],
    ackTimeoutMs: 200,
  });
});
afterEach(async () => {
  await slack.close();
  await receiver.close();
});

const mention = { channel: 'C0GENERAL', user: 'U0BOB0000', text: '<@U0ALICE00> hi' };

async function searchFor(query: string) {
  const response = await fetch(`${slack.url}/api/search.messages?query=${encodeURIComponent(query)}`, {
    headers: { authorization: 'Bearer xoxp-test-alice' },
  });
  const body = (await response.json()) as { messages: { matches: { ts: string; text: string }[] } };
  return body.messages.matches;
}

it('delivers a posted message signed, naming one installation that can see it and an event_context', async () => {
  const posted = await slack.control('events/post', mention);
  expect(posted.status).toBe(200);
  const event = await deliveredEvent(receiver.received, posted.body.event_id);
  const [{ headers, body }] = receiver.received as [(typeof receiver.received)[number]];
  const timestamp = headers['x-slack-request-timestamp'] as string;
  expect(Math.abs(Date.now() / 1000 - Number(timestamp))).toBeLessThan(60);
  const expected = createHmac('sha256', 'shh').update(`v0:${timestamp}:${body.toString()}`).digest('hex');
  expect(headers['x-slack-signature']).toBe(`v0=${expected}`);
  expect(event).toMatchObject({
    type: 'event_callback',
    team_id: 'T0ACME001',
    api_app_id: 'A0MATOME',
    event: {
      type: 'message',
      channel: 'C0GENERAL',
      channel_type: 'channel',
      user: 'U0BOB0000',
      ts: posted.body.ts,
    },
    event_context: expect.stringMatching(/^4-[\w-]+$/),
  });
  expect(event.authorizations).toEqual([
    {
      enterprise_id: null,
      team_id: 'T0ACME001',
      user_id: 'U0ALICE00',
      is_bot: false,
      is_enterprise_install: false,
    },
  ]);
});

it('retries three times, saying why: no answer in time, then an error status', async () => {
  receiver.answers.push('hang', 503, 500);
  const posted = await slack.control('events/post', mention);
  await vi.waitFor(() => expect(receiver.received).toHaveLength(4));
  expect(receiver.received.map(({ headers }) => headers['x-slack-retry-num'])).toEqual([
    undefined,
    '1',
    '2',
    '3',
  ]);
  expect(receiver.received.map(({ headers }) => headers['x-slack-retry-reason'])).toEqual([
    undefined,
    'http_timeout',
    'http_error',
    'http_error',
  ]);
  await vi.waitFor(async () => expect(await slack.deliveries()).toHaveLength(4));
  const attempts = (await slack.deliveries()).map(({ eventId, attempt, status, retryReason, failure }) => ({
    eventId,
    attempt,
    status,
    retryReason,
    failure,
  }));
  const eventId = posted.body.event_id;
  expect(attempts).toEqual([
    { eventId, attempt: 0, status: null, retryReason: null, failure: 'http_timeout' },
    { eventId, attempt: 1, status: 503, retryReason: 'http_timeout', failure: 'http_error' },
    { eventId, attempt: 2, status: 500, retryReason: 'http_error', failure: 'http_error' },
    { eventId, attempt: 3, status: 200, retryReason: 'http_error', failure: null },
  ]);
});

it('says connection_failed when nothing listens at the request URL, and gives up after three retries', async () => {
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const { port } = closed.address() as AddressInfo;
  await new Promise((resolve) => closed.close(resolve));
  await slack.control('events/config', {
    requestUrl: `http://127.0.0.1:${port}/events`,
    signingSecret: 'shh',
    retryDelaysMs: [0, 0, 0],
  });
  await slack.control('events/post', mention);
  await vi.waitFor(async () => expect(await slack.deliveries()).toHaveLength(4));
  const attempts = await slack.deliveries();
  expect(attempts.map(({ retryReason }) => retryReason)).toEqual([
    null,
    'connection_failed',
    'connection_failed',
    'connection_failed',
  ]);
  expect(attempts.every(({ status, failure }) => status === null && failure === 'connection_failed')).toBe(
    true,
  );
});

it('delivers an edit as message_changed and a deletion as message_deleted; search follows both', async () => {
  const posted = await slack.control('events/post', { ...mention, text: '<@U0ALICE00> draft wording' });
  const ts = posted.body.ts as string;

  const edited = await slack.control('events/edit', {
    channel: 'C0GENERAL',
    ts,
    text: '<@U0ALICE00> final wording',
  });
  expect(edited).toEqual({ status: 200, body: { ok: true, event_id: expect.stringMatching(/^Ev/) } });
  const changed = (await deliveredEvent(receiver.received, edited.body.event_id)).event as Record<
    string,
    unknown
  >;
  expect(changed).toEqual({
    type: 'message',
    subtype: 'message_changed',
    hidden: true,
    channel: 'C0GENERAL',
    channel_type: 'channel',
    ts: changed.event_ts,
    event_ts: expect.stringMatching(/^\d+\.\d{6}$/),
    message: {
      type: 'message',
      user: 'U0BOB0000',
      text: '<@U0ALICE00> final wording',
      ts,
      edited: { user: 'U0BOB0000', ts: changed.event_ts },
    },
    previous_message: { type: 'message', user: 'U0BOB0000', text: '<@U0ALICE00> draft wording', ts },
  });
  expect(changed.ts).not.toBe(ts);
  expect((await searchFor('wording')).map((match) => match.text)).toEqual(['<@U0ALICE00> final wording']);

  const deleted = await slack.control('events/delete', { channel: 'C0GENERAL', ts });
  expect(deleted.status).toBe(200);
  const removal = (await deliveredEvent(receiver.received, deleted.body.event_id)).event as Record<
    string,
    unknown
  >;
  expect(removal).toEqual({
    type: 'message',
    subtype: 'message_deleted',
    hidden: true,
    channel: 'C0GENERAL',
    channel_type: 'channel',
    ts: removal.event_ts,
    deleted_ts: ts,
    event_ts: expect.stringMatching(/^\d+\.\d{6}$/),
    previous_message: { type: 'message', user: 'U0BOB0000', text: '<@U0ALICE00> final wording', ts },
  });
  expect(await searchFor('wording')).toEqual([]);
  expect(await slack.control('events/delete', { channel: 'C0GENERAL', ts })).toEqual({
    status: 404,
    body: { error: 'message_not_found' },
  });
  expect((await slack.control('events/edit', { channel: 'C0NOWHERE0', ts, text: 'x' })).status).toBe(404);
});

it('keeps thread_ts on replies and marks a reply also sent to the channel as thread_broadcast', async () => {
  const parent = await slack.control('events/post', { ...mention, text: 'release thread' });
  const thread = { channel: 'C0GENERAL', user: 'U0CAROL00', thread_ts: parent.body.ts };
  const reply = await slack.control('events/post', { ...thread, text: 'a reply' });
  const broadcast = await slack.control('events/post', { ...thread, text: 'for all', reply_broadcast: true });
  expect((await deliveredEvent(receiver.received, reply.body.event_id)).event).toMatchObject({
    text: 'a reply',
    thread_ts: parent.body.ts,
  });
  expect((await deliveredEvent(receiver.received, reply.body.event_id)).event).not.toHaveProperty('subtype');
  expect((await deliveredEvent(receiver.received, broadcast.body.event_id)).event).toMatchObject({
    subtype: 'thread_broadcast',
    text: 'for all',
    thread_ts: parent.body.ts,
  });
  expect((await slack.control('events/post', { ...mention, reply_broadcast: true })).status).toBe(400);
});

it('drops events past the hourly limit, telling the app app_rate_limited at most once a minute', async () => {
  await slack.control('clock', { now: '2030-01-01T09:00:30Z' });
  await slack.control('events/config', { requestUrl: receiver.url, signingSecret: 'shh', eventsPerHour: 2 });
  const post = async () => (await slack.control('events/post', mention)).body.event_id;
  const first = [await post(), await post(), await post(), await post()];
  expect(first.map((eventId) => eventId !== null)).toEqual([true, true, false, false]);
  await slack.control('clock', { advanceMs: 60_000 });
  expect(await post()).toBeNull();
  await slack.control('clock', { advanceMs: 60 * 60_000 });
  expect(await post()).not.toBeNull();

  await vi.waitFor(() => expect(receiver.received).toHaveLength(5));
  const notices = receiver.received
    .filter(({ json }) => json.type === 'app_rate_limited')
    .sort((a, b) => Number(a.json.minute_rate_limited) - Number(b.json.minute_rate_limited));
  const minute = Date.parse('2030-01-01T09:00:00Z') / 1000;
  expect(notices.map(({ json }) => json)).toEqual([
    {
      token: expect.any(String),
      type: 'app_rate_limited',
      team_id: 'T0ACME001',
      minute_rate_limited: minute,
      api_app_id: 'A0MATOME',
    },
    {
      token: expect.any(String),
      type: 'app_rate_limited',
      team_id: 'T0ACME001',
      minute_rate_limited: minute + 60,
      api_app_id: 'A0MATOME',
    },
  ]);
  const [{ headers, body }] = notices as [(typeof notices)[number]];
  const timestamp = headers['x-slack-request-timestamp'] as string;
  const expected = createHmac('sha256', 'shh').update(`v0:${timestamp}:${body.toString()}`).digest('hex');
  expect(headers['x-slack-signature']).toBe(`v0=${expected}`);
});
