import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSlackEmulator } from '../../emulators/slack/slack-emulator.ts';
import { streamTicketResponseSchema } from '../contract/live.ts';
import type { DatabaseHandle } from './db/client.ts';
import { bearer, registerUser } from './test/auth-helpers.ts';
import { connectAccount, control } from './test/emulator-helpers.ts';
import { openEventStream, streamedMessageIds, type OpenStream } from './test/event-stream-client.ts';
import { dropRedisPrefix, redisReachable, testRedisPrefix, testRedisUrl } from './test/redis-helpers.ts';
import { createTestApp, openTestDatabase, type TestApp } from './test/test-app.ts';

const reachable = await redisReachable();
const SIGNING_SECRET = 'slack-signing-secret-across-instances';

type Delivery = { eventId: string; attempt: number; status: number | null };

/**
 * Issue 16's proof: two instances listening on ports, one database and one Redis. Slack (its emulator, signing
 * as Slack does) delivers an event to instance A; the browser's stream is open on instance B.
 */
describe.skipIf(!reachable)('a Slack event received by one instance reaches a stream on another', () => {
  const prefix = testRedisPrefix();
  let slack: { url: string; close(): Promise<void> };
  let database: DatabaseHandle;
  let a: TestApp;
  let b: TestApp;
  let baseA: string;
  let baseB: string;
  const streams: OpenStream[] = [];

  beforeAll(async () => {
    slack = await startSlackEmulator();
    await control(slack.url, 'settings', { autoApprove: true });
    database = await openTestDatabase();
    const settings = {
      REDIS_URL: testRedisUrl,
      REDIS_KEY_PREFIX: prefix,
      SLACK_CLIENT_ID: 'slack-client',
      SLACK_CLIENT_SECRET: 'slack-secret',
      SLACK_API_URL: `${slack.url}/api`,
      SLACK_AUTHORIZE_URL: `${slack.url}/oauth/v2/authorize`,
      SLACK_SIGNING_SECRET: SIGNING_SECRET,
      PUBLIC_URL: 'https://matome.test',
      LIVE_HEARTBEAT_SECONDS: '1',
    };
    a = await createTestApp(settings, { database });
    b = await createTestApp(settings, { database });
    baseA = await a.app.listen({ port: 0, host: '127.0.0.1' });
    baseB = await b.app.listen({ port: 0, host: '127.0.0.1' });
    await control(slack.url, 'events/config', {
      requestUrl: `${baseA}/api/slack/events`,
      signingSecret: SIGNING_SECRET,
    });
  });
  afterAll(async () => {
    // The instances stop while their streams are open (preClose ends them); a browser that hangs up just before
    // an instance stops no longer holds its close (decisions 137 and 161).
    await a?.close();
    await b?.close();
    for (const stream of streams) await stream.close();
    await database?.close();
    await slack?.close();
    await dropRedisPrefix(prefix);
  });

  /** What a browser does: a ticket with its bearer token, then the stream with the ticket, both over HTTP. */
  async function openStreamOn(base: string, ticketBase: string, accessToken: string, lastEventId?: string) {
    const answer = await fetch(`${ticketBase}/api/events/ticket`, {
      method: 'POST',
      headers: bearer(accessToken),
    });
    expect(answer.status).toBe(200);
    const { ticket } = streamTicketResponseSchema.parse(await answer.json());
    const stream = await openEventStream(base, ticket, lastEventId);
    expect(stream.response.status).toBe(200);
    streams.push(stream);
    return stream;
  }

  /** Bob writes in #general mentioning Alice; Slack delivers it to instance A. Answers the message's id. */
  async function bobMentionsAlice(text: string): Promise<string> {
    const response = await fetch(`${slack.url}/_control/events/post`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ channel: 'C0GENERAL', user: 'U0BOB0000', text: `<@U0ALICE00> ${text}` }),
    });
    expect(response.status).toBe(200);
    const { ts } = (await response.json()) as { ts: string };
    return `C0GENERAL-${ts}`;
  }

  async function deliveries(): Promise<Delivery[]> {
    const response = await fetch(`${slack.url}/_control/events/deliveries`);
    return ((await response.json()) as { deliveries: Delivery[] }).deliveries;
  }

  it('delivers live on B, and replays after Last-Event-ID on a reconnect, each message once', async () => {
    const alice = await registerUser(a.app);
    await connectAccount(a.app, 'slack', alice.tokens.accessToken);

    const first = await openStreamOn(baseB, baseB, alice.tokens.accessToken);
    const live = await bobMentionsAlice('first, while the tab is open');
    await expect.poll(() => streamedMessageIds(first), { timeout: 5_000 }).toEqual([live]);
    const lastSeen = first.events()[0]!.id!;
    await first.close();

    const missed = [await bobMentionsAlice('second, while offline'), await bobMentionsAlice('third')];
    // Slack got its acknowledgement from A for each, once: no retries that could hide a duplicate.
    await expect
      .poll(async () => (await deliveries()).map((delivery) => [delivery.attempt, delivery.status]))
      .toEqual([
        [0, 200],
        [0, 200],
        [0, 200],
      ]);

    // The ticket comes from A and the stream opens on B, as a load balancer may send them.
    const second = await openStreamOn(baseB, baseA, alice.tokens.accessToken, lastSeen);
    const after = await bobMentionsAlice('fourth, after the reconnect');
    await expect.poll(() => streamedMessageIds(second), { timeout: 5_000 }).toHaveLength(3);
    // A heartbeat later, still nothing more: nothing came twice.
    const beats = second.frames.filter((frame) => frame.comment === 'heartbeat').length;
    await expect
      .poll(() => second.frames.filter((frame) => frame.comment === 'heartbeat').length, { timeout: 3_000 })
      .toBeGreaterThan(beats);
    expect(streamedMessageIds(second)).toEqual([...missed, after]);
    const ids = second.events().map((frame) => frame.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
