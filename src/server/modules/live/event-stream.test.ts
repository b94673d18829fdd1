import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SourceMessage } from '../../../contract/messages.ts';
import { createInProcessLiveEvents } from '../../lib/live-events.ts';
import { MAX_STREAMS_PER_USER } from './event-stream.routes.ts';
import { expectApiError } from '../../test/api-error.ts';
import { registerUser } from '../../test/auth-helpers.ts';
import { openEventStream, streamedMessageIds, streamTicket } from '../../test/event-stream-client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let testApp: TestApp;
let baseUrl: string;
const liveEvents = createInProcessLiveEvents();

beforeAll(async () => {
  testApp = await createTestApp({ LIVE_HEARTBEAT_SECONDS: '1' }, { liveEvents });
  baseUrl = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await testApp?.close();
});

const ticketFor = (token: string) => streamTicket(testApp.app, token);

/** An open stream on the test app, read frame by frame as the browser would. */
function openStream(ticket: string, lastEventId?: string) {
  return openEventStream(baseUrl, ticket, lastEventId);
}

function message(id: string): SourceMessage {
  return { platform: 'slack', platform_message_id: id } as unknown as SourceMessage;
}

async function until(check: () => boolean): Promise<void> {
  await expect.poll(check, { timeout: 5_000 }).toBe(true);
}

describe('the live event stream', () => {
  it('opens with a single-use ticket, never with a token in the URL', async () => {
    const { tokens } = await registerUser(testApp.app);
    const ticket = await ticketFor(tokens.accessToken);
    const stream = await openStream(ticket);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await stream.close();

    const again = await testApp.app.inject({ method: 'GET', url: `/api/events/stream?ticket=${ticket}` });
    expect(expectApiError(again, 401).code).toBe('UNAUTHENTICATED');
    const withToken = await testApp.app.inject({
      method: 'GET',
      url: `/api/events/stream?ticket=${tokens.accessToken}`,
    });
    expect(withToken.statusCode).toBeGreaterThanOrEqual(400);
    expect(withToken.statusCode).toBeLessThan(402);
    expectApiError(await testApp.app.inject({ method: 'GET', url: '/api/events/stream' }), 400);
    expectApiError(await testApp.app.inject({ method: 'POST', url: '/api/events/ticket' }), 401);
  });

  it("delivers the user's events and no one else's, with heartbeats", async () => {
    const alice = await registerUser(testApp.app);
    const bob = await registerUser(testApp.app);
    const stream = await openStream(await ticketFor(alice.tokens.accessToken));
    await liveEvents.publish(bob.user.id, {
      type: 'messages',
      platform: 'slack',
      messages: [message('bob-1')],
    });
    await liveEvents.publish(alice.user.id, {
      type: 'messages',
      platform: 'slack',
      messages: [message('a-1')],
    });
    await until(() => stream.events().length === 1);
    expect(JSON.parse(stream.events()[0]!.data!)).toEqual({ platform: 'slack', messages: [message('a-1')] });
    await until(() => stream.frames.some((frame) => frame.comment === 'heartbeat'));
    await stream.close();
  });

  it('replays what was missed after a reconnect with Last-Event-ID, each event once', async () => {
    const { user, tokens } = await registerUser(testApp.app);
    const publish = (id: string) =>
      liveEvents.publish(user.id, { type: 'messages', platform: 'chatwork', messages: [message(id)] });
    const first = await openStream(await ticketFor(tokens.accessToken));
    await publish('m-1');
    await publish('m-2');
    await until(() => first.events().length === 2);
    const lastSeen = first.events()[1]!.id!;
    await first.close();

    await publish('m-3');
    await publish('m-4');
    const second = await openStream(await ticketFor(tokens.accessToken), lastSeen);
    await publish('m-5');
    await until(() => second.events().length === 3);
    expect(streamedMessageIds(second)).toEqual(['m-3', 'm-4', 'm-5']);
    await second.close();
  });

  it('holds at most a few streams per user: opening one more ends the oldest', async () => {
    const { tokens } = await registerUser(testApp.app);
    const streams: Awaited<ReturnType<typeof openStream>>[] = [];
    for (let count = 0; count <= MAX_STREAMS_PER_USER; count += 1) {
      streams.push(await openStream(await ticketFor(tokens.accessToken)));
    }
    await until(() => streams[0]!.ended());
    expect(streams.slice(1).filter((stream) => stream.ended())).toEqual([]);
    for (const stream of streams) await stream.close();
  });
});
