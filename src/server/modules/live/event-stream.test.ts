import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LIVE_TRIAGE_EVENT, liveTriageChangedSchema } from '../../../contract/live.ts';
import type { SourceMessage } from '../../../contract/messages.ts';
import { createInProcessLiveEvents } from '../../lib/live-events.ts';
import { MAX_STREAMS_PER_USER } from './event-stream.routes.ts';
import { expectApiError } from '../../test/api-error.ts';
import { bearer, registerUser, signIn } from '../../test/auth-helpers.ts';
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

  it("tells every device of a user's triage change, but on a demo account only the sign-in that made it", async () => {
    const triage = (stream: Awaited<ReturnType<typeof openStream>>) =>
      stream.frames.filter((frame) => frame.event === LIVE_TRIAGE_EVENT);
    const snooze = (token: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/snoozes',
        headers: bearer(token),
        payload: {
          messages: [{ platform: 'slack', platform_message_id: 'C1-1767225600.000100' }],
          until: new Date(Date.now() + 3_600_000).toISOString(),
        },
      });

    const { tokens } = await registerUser(testApp.app);
    const phone = await openStream(await ticketFor(tokens.accessToken));
    const laptop = await openStream(await ticketFor(tokens.accessToken));
    expect((await snooze(tokens.accessToken)).statusCode).toBe(200);
    await until(() => triage(phone).length === 1 && triage(laptop).length === 1);
    // The frame says what to refetch, nothing more.
    expect(z.strictObject(liveTriageChangedSchema.shape).parse(JSON.parse(triage(phone)[0]!.data!))).toEqual({
      kinds: ['snoozes', 'done'],
    });

    const visitor = await signIn(testApp.app, 'demo-en@example.com', 'demo1234');
    const otherVisitor = await signIn(testApp.app, 'demo-en@example.com', 'demo1234');
    const mine = await openStream(await ticketFor(visitor));
    const theirs = await openStream(await ticketFor(otherVisitor));
    expect((await snooze(visitor)).statusCode).toBe(200);
    await until(() => triage(mine).length === 1);
    // Events reach a user's streams in order: once the other visitor has a later one, the first was passed over.
    const demoUserId = JSON.parse(Buffer.from(visitor.split('.')[1]!, 'base64url').toString()).sub;
    await liveEvents.publish(demoUserId, { type: 'messages', platform: 'slack', messages: [message('d-1')] });
    await until(() => theirs.events().length === 1);
    expect(triage(theirs)).toEqual([]);
    for (const stream of [phone, laptop, mine, theirs]) await stream.close();
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
