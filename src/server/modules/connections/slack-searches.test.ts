import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSlackEmulator } from '../../../../emulators/slack/slack-emulator.ts';
import { defaultSlackSeed, slackTs, type SlackSeedTeam } from '../../../../emulators/slack/slack-seed.ts';
import {
  connectionStatusResponseSchema,
  slackMessageResultSchema,
  type SlackIntake,
  type SlackMessageResult,
} from '../../../contract/messages.ts';
import { bearer, registerUser } from '../../test/auth-helpers.ts';
import { freeSlackTeam } from '../../test/connector-helpers.ts';
import { connectAccount, control, emulatorRequests } from '../../test/emulator-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * How Slack gathering searches (decision 050, issue 22), on a free workspace without user groups and on a paid one
 * with five: one query per kind, never `OR`. Each member makes their own three searches (mentions of them, DMs,
 * group DMs); the workspace's all-mentions and user-group mentions are searched once, with one member's token, and
 * shared with the members they concern. All within the 20 searches a sliding minute that every Matome user of a
 * workspace shares: a member the budget has no room for is catching up, not failed.
 */

let emulator: { url: string; close(): Promise<void> };
let testApp: TestApp;

const crowdGroups = ['S0GROUP1', 'S0GROUP2', 'S0GROUP3', 'S0GROUP4', 'S0GROUP5'];

/** Erin, Frank and Hana are in all five user groups, Ivy in none; Gwen writes every message. */
function crowdTeam(now: number): SlackSeedTeam {
  const ts = (minutesAgo: number) => slackTs(now, minutesAgo * 60);
  const people = ['U0ERIN000', 'U0FRANK00', 'U0GWEN000', 'U0HANA000', 'U0IVY0000'];
  return {
    id: 'T0CROWD01',
    name: 'Crowd',
    domain: 'crowd',
    users: people.map((id) => ({ id, name: id.slice(2).toLowerCase(), real_name: id.slice(2) })),
    usergroups: crowdGroups.map((id, n) => ({
      id,
      handle: `group-${n + 1}`,
      name: `Group ${n + 1}`,
      users: ['U0ERIN000', 'U0FRANK00', 'U0HANA000'],
    })),
    conversations: [
      { id: 'C0CROWDGEN', name: 'general', kind: 'public', members: people },
      { id: 'C0CROWDRND', name: 'random', kind: 'public', members: ['U0GWEN000'] },
      { id: 'D0ERINGWEN', kind: 'im', members: ['U0ERIN000', 'U0GWEN000'] },
    ],
    messages: [
      { channel: 'C0CROWDGEN', ts: ts(50), user: 'U0GWEN000', text: '<@U0ERIN000> the report, please' },
      { channel: 'C0CROWDGEN', ts: ts(40), user: 'U0GWEN000', text: '<!subteam^S0GROUP3|@group-3> stand-up' },
      { channel: 'C0CROWDGEN', ts: ts(30), user: 'U0GWEN000', text: '<!here> fire drill at 3' },
      { channel: 'C0CROWDRND', ts: ts(25), user: 'U0GWEN000', text: '<!channel> cake for #random only' },
      { channel: 'D0ERINGWEN', ts: ts(20), user: 'U0GWEN000', text: 'Coffee?' },
      { channel: 'C0CROWDGEN', ts: ts(10), user: 'U0GWEN000', text: '<@U0FRANK00> your turn' },
    ],
  };
}

/**
 * A workspace of its own for the failing `usergroups.list`: a workspace's user groups are looked up once and kept
 * for minutes, so the crowd's may already be known when that test runs. June is in the squad; Kai writes.
 */
function squadTeam(now: number): SlackSeedTeam {
  const ts = (minutesAgo: number) => slackTs(now, minutesAgo * 60);
  const people = ['U0JUNE000', 'U0KAI0000'];
  return {
    id: 'T0SQUAD01',
    name: 'Squad',
    domain: 'squad',
    users: people.map((id) => ({ id, name: id.slice(2).toLowerCase(), real_name: id.slice(2) })),
    usergroups: [{ id: 'S0SQUAD01', handle: 'squad', name: 'Squad', users: ['U0JUNE000'] }],
    conversations: [{ id: 'C0SQUADGEN', name: 'general', kind: 'public', members: people }],
    messages: [
      {
        channel: 'C0SQUADGEN',
        ts: ts(30),
        user: 'U0KAI0000',
        text: '<!subteam^S0SQUAD01|@squad> retro at 4',
      },
      { channel: 'C0SQUADGEN', ts: ts(20), user: 'U0KAI0000', text: '<!here> pizza in the kitchen' },
    ],
  };
}

beforeAll(async () => {
  const now = Date.now();
  const seed = defaultSlackSeed(now);
  seed.teams.push(freeSlackTeam(now), crowdTeam(now), squadTeam(now));
  emulator = await startSlackEmulator({ seed });
  testApp = await createTestApp({
    SLACK_CLIENT_ID: 'slack-client',
    SLACK_CLIENT_SECRET: 'slack-secret',
    SLACK_API_URL: `${emulator.url}/api`,
    SLACK_AUTHORIZE_URL: `${emulator.url}/oauth/v2/authorize`,
    PUBLIC_URL: 'https://matome.test',
  });
});
afterAll(async () => {
  await testApp?.close();
  await emulator?.close();
});

/**
 * The app's clock, frozen and moved on by hand: each test starts in a minute of its own, since the search budget
 * of a workspace lives as long as the app, and more than five minutes on, so the workspace's shared searches of an
 * earlier test (kept five minutes while a workspace of a few members sends no events and is polled) are old.
 */
let appNow = Date.now();
function setAppClock(time: number) {
  appNow = time;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(appNow);
}
beforeEach(async () => {
  setAppClock(Math.max(Date.now(), appNow) + 5 * 60_000);
  await control(emulator.url, 'reset');
});

async function connectedAs(slackUser: string): Promise<string> {
  await control(emulator.url, 'settings', { autoApprove: true, approveAs: slackUser });
  const token = (await registerUser(testApp.app)).tokens.accessToken;
  expect((await connectAccount(testApp.app, 'slack', token)).searchParams.get('slack')).toBe('connected');
  return token;
}

async function gather(token: string): Promise<SlackMessageResult> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: '/api/slack/messages?refresh=1',
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return slackMessageResultSchema.parse(response.json());
}

/** The connection's intake as the connections panel shows it (`GET /api/slack/status`). */
async function intakeOf(token: string): Promise<SlackIntake> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: '/api/slack/status',
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  const [connection] = connectionStatusResponseSchema.parse(response.json()).connections;
  return connection!.slack_intake!;
}

/** The searches Slack received since the emulator's reset, oldest first, without their `after:` date. */
async function searchQueries(): Promise<string[]> {
  return (await emulatorRequests(emulator.url))
    .filter((call) => call.path === '/api/search.messages')
    .map((call) => String((call.body as { query: string }).query).replace(/ after:\S+$/, ''));
}

async function callsOf(path: string) {
  return (await emulatorRequests(emulator.url)).filter((call) => call.path === path);
}

const bodies = (result: SlackMessageResult) => result.messages.map((message) => message.body).sort();
const essential = (me: string) => [`<@${me}>`, 'is:dm', 'is:mpim'];
const broadcasts = ['<!channel>', '<!here>', '<!everyone>'];
const groupMentions = crowdGroups.map((id) => `<!subteam^${id}>`);

describe('Slack gathering on a free workspace', () => {
  it('finds mentions, DMs and all-mentions with 3 own and 3 shared searches, and says group mentions need an upgrade', async () => {
    const token = await connectedAs('U0DAN0000');
    const result = await gather(token);
    expect(result.accounts[0]!.status).toBe('completed');
    expect(bodies(result)).toEqual(['<@U0DAN0000> lunch?', '<!channel> bento day', 'See you there'].sort());
    expect((await searchQueries()).sort()).toEqual([...essential('U0DAN0000'), ...broadcasts].sort());
    expect(result.accounts[0]!.unavailable).toEqual([
      { kind: 'group_mentions', reason: 'plan_upgrade_required' },
    ]);
  });
});

describe('Slack gathering with five user groups', () => {
  it('searches all-mentions and user groups once for the workspace and gives each member only what concerns them', async () => {
    const erin = await connectedAs('U0ERIN000');
    const frank = await connectedAs('U0FRANK00');
    const ivy = await connectedAs('U0IVY0000');

    // The first member: her own 3, the 3 all-mentions and one search per user group, 11, never with OR.
    const first = await gather(erin);
    expect(first.accounts[0]!.status).toBe('completed');
    expect(first.accounts[0]!.unavailable).toBeUndefined();
    const erinQueries = await searchQueries();
    expect([...erinQueries].sort()).toEqual(
      [...essential('U0ERIN000'), ...broadcasts, ...groupMentions].sort(),
    );
    expect(erinQueries.some((query) => / OR /.test(query))).toBe(false);
    // Only all-mentions of channels she is in (not #random), and her group's mention.
    expect(bodies(first)).toEqual(
      [
        '<@U0ERIN000> the report, please',
        '<!subteam^S0GROUP3|@group-3> stand-up',
        '<!here> fire drill at 3',
        'Coffee?',
      ].sort(),
    );

    // A second member right after: only his own 3 searches, and the shared ones' messages that concern him.
    const second = await gather(frank);
    expect(second.accounts[0]!.status).toBe('completed');
    expect((await searchQueries()).slice(erinQueries.length).sort()).toEqual(essential('U0FRANK00').sort());
    expect(bodies(second)).toEqual(
      ['<@U0FRANK00> your turn', '<!subteam^S0GROUP3|@group-3> stand-up', '<!here> fire drill at 3'].sort(),
    );

    // A member of no user group: the all-mention of her channel, not the group's mention.
    const third = await gather(ivy);
    expect(third.accounts[0]!.status).toBe('completed');
    expect((await searchQueries()).slice(erinQueries.length + 3).sort()).toEqual(
      essential('U0IVY0000').sort(),
    );
    expect(bodies(third)).toEqual(['<!here> fire drill at 3']);

    // The workspace's user groups were looked up at most once (they may be known from before), not per member.
    expect((await callsOf('/api/usergroups.list')).length).toBeLessThanOrEqual(1);
  });

  it('never gives more than 20 searches a sliding minute; a member without room is catching up, not failed', async () => {
    // One at a time: the emulator approves each consent as the user last set.
    const token = new Map<string, string>();
    for (const id of ['U0ERIN000', 'U0FRANK00', 'U0GWEN000', 'U0HANA000', 'U0IVY0000']) {
      token.set(id, await connectedAs(id));
    }
    // 11 for the first member (her own and the shared ones), then 3 each for three more: the minute is full.
    for (const id of ['U0ERIN000', 'U0FRANK00', 'U0GWEN000', 'U0HANA000']) {
      const result = await gather(token.get(id)!);
      expect(result.accounts[0], id).toMatchObject({ status: 'completed' });
      expect(await intakeOf(token.get(id)!), id).toMatchObject({ state: 'polling' });
    }
    expect(await searchQueries()).toHaveLength(20);

    // The fifth member's history does not fit: no search, no error, catching up.
    const ivy = token.get('U0IVY0000')!;
    const refused = await gather(ivy);
    expect(refused.accounts[0]).toMatchObject({ status: 'completed', messages_found: 0 });
    expect(refused.accounts[0]!.error).toBeUndefined();
    expect(await intakeOf(ivy)).toMatchObject({
      state: 'catching_up',
      backfill: { done: 0 },
      search_budget_left: 0,
    });
    expect(await searchQueries()).toHaveLength(20);

    // The minute slides: 40 seconds on, the 20 searches are still within the last 60 s.
    setAppClock(appNow + 40_000);
    expect((await gather(ivy)).accounts[0]).toMatchObject({ status: 'completed', messages_found: 0 });
    expect(await intakeOf(ivy)).toMatchObject({ state: 'catching_up' });
    expect(await searchQueries()).toHaveLength(20);
    // Slack itself never had to refuse a search.
    expect((await emulatorRequests(emulator.url)).filter((call) => call.status === 429)).toEqual([]);

    // 75 seconds on they have left the minute and there is room: her own 3 searches, the shared ones reused.
    setAppClock(appNow + 35_000);
    await control(emulator.url, 'clock', { advanceMs: 60_000 });
    const caughtUp = await gather(ivy);
    expect(caughtUp.accounts[0]).toMatchObject({ status: 'completed' });
    expect(bodies(caughtUp)).toEqual(['<!here> fire drill at 3']);
    expect((await searchQueries()).slice(20).sort()).toEqual(essential('U0IVY0000').sort());
    expect(await intakeOf(ivy)).toMatchObject({ state: 'polling' });
  });
});

describe('Slack gathering when usergroups.list fails', () => {
  it('goes on without group mentions, and looks the user groups up again at the next search', async () => {
    const token = await connectedAs('U0JUNE000');
    await control(emulator.url, 'faults', { method: 'usergroups.list', status: 500, times: 1 });
    const result = await gather(token);
    expect(result.accounts[0]!.status).toBe('completed');
    expect(bodies(result)).toEqual(['<!here> pizza in the kitchen']);
    expect((await searchQueries()).sort()).toEqual([...essential('U0JUNE000'), ...broadcasts].sort());
    expect(result.accounts[0]!.unavailable).toEqual([{ kind: 'group_mentions', reason: 'provider_error' }]);

    // The workspace sends no events, so it is polled every 5 minutes; its shared searches are as old as that.
    expect(await intakeOf(token)).toMatchObject({ state: 'polling', polls_every_minutes: 5 });
    setAppClock(appNow + 5 * 60_000);
    const again = await gather(token);
    expect((await callsOf('/api/usergroups.list')).map((call) => call.status)).toEqual([500, 200]);
    expect(again.accounts[0]!.status).toBe('completed');
    expect(again.accounts[0]!.unavailable).toBeUndefined();
    expect(bodies(again)).toEqual(
      ['<!subteam^S0SQUAD01|@squad> retro at 4', '<!here> pizza in the kitchen'].sort(),
    );
  });
});
