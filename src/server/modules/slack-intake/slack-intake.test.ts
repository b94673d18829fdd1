import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSlackEmulator } from '../../../../emulators/slack/slack-emulator.ts';
import { defaultSlackSeed, TEST_SLACK_APP_TOKEN } from '../../../../emulators/slack/slack-seed.ts';
import { healthResponseSchema } from '../../../contract/health.ts';
import {
  connectionStatusResponseSchema,
  slackMessageResultSchema,
  type SourceMessage,
} from '../../../contract/messages.ts';
import { createInProcessLiveEvents, type LiveEvent } from '../../lib/live-events.ts';
import { bearer, registerUser, renewAccessToken } from '../../test/auth-helpers.ts';
import { connectAccount, control, emulatorRequests } from '../../test/emulator-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * The Slack intake (issue 22) end to end between the app and the emulator over HTTP: Slack delivers each event once
 * per workspace naming one installation; the intake fans it out to exactly the members who can see it, keeps edits
 * and deletions in step, and searches only for what events cannot bring.
 */

const SECRET = 'intake-signing-secret';
let emulator: { url: string; close(): Promise<void> };
let testApp: TestApp;
const liveEvents = createInProcessLiveEvents();

beforeAll(async () => {
  emulator = await startSlackEmulator({ seed: defaultSlackSeed(Date.now()) });
  testApp = await createTestApp(
    {
      SLACK_CLIENT_ID: 'slack-client',
      SLACK_CLIENT_SECRET: 'slack-secret',
      SLACK_API_URL: `${emulator.url}/api`,
      SLACK_AUTHORIZE_URL: `${emulator.url}/oauth/v2/authorize`,
      SLACK_SIGNING_SECRET: SECRET,
      SLACK_APP_TOKEN: TEST_SLACK_APP_TOKEN,
      PUBLIC_URL: 'https://matome.test',
    },
    { liveEvents },
  );
  const address = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  await control(emulator.url, 'events/config', {
    requestUrl: `${address}/api/slack/events`,
    signingSecret: SECRET,
  });
});
afterAll(async () => {
  await testApp?.close();
  await emulator?.close();
});
afterEach(() => vi.useRealTimers());

const app = () => testApp.app;

type Member = { token: string; refreshToken: string; received: LiveEvent[]; slackUser: string };

/** A Matome user connected as `slackUser` of Acme, listening to their live events. */
async function member(slackUser: string): Promise<Member> {
  const registered = await registerUser(app());
  await control(emulator.url, 'settings', { autoApprove: true, approveAs: slackUser });
  await connectAccount(app(), 'slack', registered.tokens.accessToken);
  const received: LiveEvent[] = [];
  await liveEvents.subscribe(registered.user.id, (event) => received.push(event));
  return {
    token: registered.tokens.accessToken,
    refreshToken: registered.tokens.refreshToken,
    received,
    slackUser,
  };
}

async function inbox(token: string, refresh = false) {
  const response = await app().inject({
    method: 'GET',
    url: `/api/slack/messages${refresh ? '?refresh=1' : ''}`,
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return slackMessageResultSchema.parse(response.json());
}

async function intakeOf(token: string) {
  const response = await app().inject({ method: 'GET', url: '/api/slack/status', headers: bearer(token) });
  return connectionStatusResponseSchema.parse(response.json()).connections[0]!.slack_intake!;
}

async function slackControl(path: string, body: unknown): Promise<{ ts: string }> {
  const response = await fetch(`${emulator.url}/_control/events/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { ts: string };
}

const texts = (received: LiveEvent[]) =>
  received.flatMap((event) =>
    event.type === 'messages' ? event.messages.map((message: SourceMessage) => message.body) : [],
  );
const removals = (received: LiveEvent[]) =>
  received.flatMap((event) => (event.type === 'messages_removed' ? event.ids : []));

/** Events are handled in order: once `who` has the barrier, every earlier event was handled for everyone. */
async function barrier(who: Member): Promise<void> {
  const text = `<@${who.slackUser}> barrier ${Math.random()}`;
  await slackControl('post', { channel: 'C0GENERAL', user: 'U0CAROL00', text });
  if (who.slackUser === 'U0CAROL00') {
    await slackControl('post', { channel: 'C0GENERAL', user: 'U0BOB0000', text });
  }
  await vi.waitFor(() => expect(texts(who.received)).toContain(text), { timeout: 5_000 });
}

async function searches(): Promise<number> {
  return (await emulatorRequests(emulator.url)).filter((call) => call.path === '/api/search.messages').length;
}

describe('the Slack intake of one workspace', () => {
  let alice: Member;
  let bob: Member;
  let carol: Member;

  beforeAll(async () => {
    await control(emulator.url, 'reset');
    alice = await member('U0ALICE00');
    bob = await member('U0BOB0000');
    carol = await member('U0CAROL00');
    for (const someone of [alice, bob, carol]) await inbox(someone.token);
  });

  it('delivers a private-channel mention to exactly the members who can see it, at once', async () => {
    await slackControl('post', { channel: 'C0SECRET0', user: 'U0BOB0000', text: '<@U0ALICE00> launch at 5' });
    await vi.waitFor(() => expect(texts(alice.received)).toContain('<@U0ALICE00> launch at 5'));
    await barrier(carol);
    expect(texts(carol.received)).not.toContain('<@U0ALICE00> launch at 5');
    expect((await inbox(alice.token)).messages.map((message) => message.body)).toContain(
      '<@U0ALICE00> launch at 5',
    );
  });

  it('delivers a DM to its other party only', async () => {
    await slackControl('post', { channel: 'D0ALICEBOB', user: 'U0BOB0000', text: 'coffee at 3?' });
    await vi.waitFor(() => expect(texts(alice.received)).toContain('coffee at 3?'));
    await barrier(carol);
    await barrier(bob);
    expect(texts(carol.received)).not.toContain('coffee at 3?');
    expect(texts(bob.received)).not.toContain('coffee at 3?');
  });

  it('shows a message an edit added a mention to, takes it away when an edit removes it, and when it is deleted', async () => {
    const { ts } = await slackControl('post', {
      channel: 'C0GENERAL',
      user: 'U0BOB0000',
      text: 'plans for friday',
    });
    await slackControl('edit', { channel: 'C0GENERAL', ts, text: '<@U0ALICE00> plans for friday' });
    await vi.waitFor(() => expect(texts(alice.received)).toContain('<@U0ALICE00> plans for friday'));
    const id = `C0GENERAL-${ts}`;
    expect((await inbox(alice.token)).messages.map((message) => message.platform_message_id)).toContain(id);

    await slackControl('edit', { channel: 'C0GENERAL', ts, text: 'plans for friday, never mind' });
    await vi.waitFor(() => expect(removals(alice.received)).toContain(id));
    expect((await inbox(alice.token)).messages.map((message) => message.platform_message_id)).not.toContain(
      id,
    );

    const deleted = await slackControl('post', {
      channel: 'C0GENERAL',
      user: 'U0BOB0000',
      text: '<@U0ALICE00> oops',
    });
    const deletedId = `C0GENERAL-${deleted.ts}`;
    await vi.waitFor(() => expect(texts(alice.received)).toContain('<@U0ALICE00> oops'));
    await slackControl('delete', { channel: 'C0GENERAL', ts: deleted.ts });
    await vi.waitFor(() => expect(removals(alice.received)).toContain(deletedId));
    expect(
      (await inbox(alice.token, true)).messages.map((message) => message.platform_message_id),
    ).not.toContain(deletedId);
  });

  it('does not search a live workspace again, however often its members refresh, and says it is live', async () => {
    const before = await searches();
    for (let round = 0; round < 10; round += 1) {
      for (const someone of [alice, bob, carol]) {
        const answer = await inbox(someone.token, true);
        expect(answer.accounts[0]!.status).toBe('completed');
      }
    }
    expect(await searches()).toBe(before);
    expect(await intakeOf(alice.token)).toMatchObject({
      state: 'live',
      private_live: true,
      polls_every_minutes: null,
    });
    const health = healthResponseSchema.parse(
      (await app().inject({ method: 'GET', url: '/api/health' })).json(),
    );
    expect(health.slack_intake).toEqual({
      private_live: true,
      workspaces: { live: 1, catching_up: 0, polling: 0, interrupted: 0 },
    });
  });

  it('follows a thread the member was mentioned in, and keeps its replies through a later search', async () => {
    const parent = await slackControl('post', {
      channel: 'C0GENERAL',
      user: 'U0BOB0000',
      text: '<@U0ALICE00> thread about the offsite',
    });
    await slackControl('post', {
      channel: 'C0GENERAL',
      user: 'U0CAROL00',
      text: 'I can bring snacks',
      thread_ts: parent.ts,
    });
    await vi.waitFor(() => expect(texts(alice.received)).toContain('I can bring snacks'));
    await barrier(carol);
    expect(texts(carol.received)).not.toContain('I can bring snacks');
  });

  it('searches to fill a gap once the workspace has been silent for longer than usual', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 31 * 60_000);
    alice.token = await renewAccessToken(app(), alice.refreshToken);
    bob.token = await renewAccessToken(app(), bob.refreshToken);
    const before = await searches();
    await inbox(alice.token, true);
    // Alice's own three searches and the workspace's shared ones (all-mentions, user groups), made once.
    const afterAlice = await searches();
    expect(afterAlice).toBeGreaterThan(before + 3);
    expect((await intakeOf(alice.token)).state).toBe('interrupted');
    await inbox(bob.token, true);
    expect(await searches()).toBe(afterAlice + 3);
    // Search never finds a thread reply that does not mention her: the one events brought stays.
    expect((await inbox(alice.token)).messages.map((message) => message.body)).toContain(
      'I can bring snacks',
    );
    // The gap is searched once per polling interval, not on every request.
    await inbox(alice.token, true);
    await inbox(bob.token, true);
    expect(await searches()).toBe(afterAlice + 3);
  });
});

describe('a history the budget had no room for', () => {
  it('is searched again in the background, and what it finds reaches the open inbox', async () => {
    await control(emulator.url, 'reset');
    const dana = await member('U0ALICE00');
    await control(emulator.url, 'faults', { method: 'search.messages', retryAfter: 6, times: 1 });
    const first = await inbox(dana.token);
    expect(first.accounts[0]).toMatchObject({ status: 'completed', messages_found: 0 });
    expect(await intakeOf(dana.token)).toMatchObject({ state: 'catching_up', backfill: { done: 0 } });

    await vi.waitFor(() => expect(texts(dana.received).length).toBeGreaterThan(0), {
      timeout: 15_000,
      interval: 200,
    });
    expect((await intakeOf(dana.token)).state).not.toBe('catching_up');
    const caughtUp = await inbox(dana.token);
    expect(caughtUp.messages.map((message) => message.body)).toEqual(
      expect.arrayContaining(texts(dana.received)),
    );
  }, 30_000);
});
