import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSlackEmulator } from '../../../../emulators/slack/slack-emulator.ts';
import { defaultSlackSeed, slackTs, type SlackSeedTeam } from '../../../../emulators/slack/slack-seed.ts';
import { slackMessageResultSchema, type SlackMessageResult } from '../../../contract/messages.ts';
import { bearer, registerUser } from '../../test/auth-helpers.ts';
import { freeSlackTeam } from '../../test/connector-helpers.ts';
import { connectAccount, control, emulatorRequests } from '../../test/emulator-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { GATHERING_SHARED_FOR_MS } from '../messages/connected-message-source.ts';

/**
 * How Slack gathering searches (decision 050), on a free workspace without user groups and on a paid one where
 * the user is in five: one query per kind, never `OR`, within the 20 searches a minute that every Matome user of a
 * workspace shares, given out so that one user cannot make another's gathering fail.
 */

let emulator: { url: string; close(): Promise<void> };
let testApp: TestApp;

const crowdGroups = ['S0GROUP1', 'S0GROUP2', 'S0GROUP3', 'S0GROUP4', 'S0GROUP5'];

function crowdTeam(now: number): SlackSeedTeam {
  const ts = (minutesAgo: number) => slackTs(now, minutesAgo * 60);
  const people = ['U0ERIN000', 'U0FRANK00', 'U0GWEN000', 'U0HANA000'];
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

beforeAll(async () => {
  const now = Date.now();
  const seed = defaultSlackSeed(now);
  seed.teams.push(freeSlackTeam(now), crowdTeam(now));
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
 * of a workspace lives as long as the app.
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

async function searchQueries(): Promise<string[]> {
  return (await emulatorRequests(emulator.url))
    .filter((call) => call.path === '/api/search.messages')
    .map((call) => String((call.body as { query: string }).query).replace(/ after:\S+$/, ''));
}

const essential = (me: string) => [`<@${me}>`, 'is:dm', 'is:mpim'];
const broadcasts = ['<!channel>', '<!here>', '<!everyone>'];

describe('Slack gathering on a free workspace', () => {
  it('finds mentions, DMs and all-mentions without user groups, and says group mentions were unavailable', async () => {
    const token = await connectedAs('U0DAN0000');
    const result = await gather(token);
    expect(result.accounts[0]).toMatchObject({
      status: 'completed',
      unavailable: [{ kind: 'group_mentions', reason: 'plan_upgrade_required' }],
    });
    expect(result.messages.map((message) => message.body).sort()).toEqual(
      ['<@U0DAN0000> lunch?', '<!channel> bento day', 'See you there'].sort(),
    );
    expect((await searchQueries()).sort()).toEqual([...essential('U0DAN0000'), ...broadcasts].sort());
  });
});

describe('Slack gathering with five user groups', () => {
  it('sends one query per kind, never OR, 11 searches within the 20 a minute, and keeps only my all-mentions', async () => {
    const token = await connectedAs('U0ERIN000');
    const result = await gather(token);
    expect(result.accounts[0]!.status).toBe('completed');
    expect(result.accounts[0]!.unavailable).toBeUndefined();
    const queries = await searchQueries();
    expect(queries.sort()).toEqual(
      [...essential('U0ERIN000'), ...broadcasts, ...crowdGroups.map((id) => `<!subteam^${id}>`)].sort(),
    );
    expect(queries.some((query) => / OR /.test(query))).toBe(false);
    expect(result.messages.map((message) => message.body).sort()).toEqual(
      [
        '<@U0ERIN000> the report, please',
        '<!subteam^S0GROUP3|@group-3> stand-up',
        '<!here> fire drill at 3',
        'Coffee?',
      ].sort(),
    );
  });

  it('gives up optional searches first when the minute runs short, and leaves room for another user', async () => {
    const erin = await connectedAs('U0ERIN000');
    const frank = await connectedAs('U0FRANK00');
    const gwen = await connectedAs('U0GWEN000');
    expect((await gather(erin)).accounts[0]!.unavailable).toBeUndefined();
    // Erin refreshes again in the same minute: her essential and all-mention searches run, her groups wait.
    setAppClock(appNow + GATHERING_SHARED_FOR_MS);
    const again = await gather(erin);
    expect(again.accounts[0]).toMatchObject({
      status: 'completed',
      unavailable: [{ kind: 'group_mentions', reason: 'rate_limited' }],
    });
    // The three searches she left are Frank's essential ones.
    const frankResult = await gather(frank);
    expect(frankResult.accounts[0]).toMatchObject({ status: 'completed' });
    expect(frankResult.accounts[0]!.unavailable?.map((entry) => entry.kind).sort()).toEqual([
      'all_mentions',
      'group_mentions',
    ]);
    expect(frankResult.messages.map((message) => message.body)).toContain('<@U0FRANK00> your turn');
    // Nothing is left this minute: a third user's gathering says so, and Slack itself never answered 429.
    expect((await gather(gwen)).accounts[0]).toMatchObject({
      status: 'error',
      error: { code: 'RATE_LIMITED' },
    });
    expect(await searchQueries()).toHaveLength(20);
    expect((await emulatorRequests(emulator.url)).filter((call) => call.status === 429)).toEqual([]);
    // A minute later there is room again.
    setAppClock(appNow + 60_000);
    await control(emulator.url, 'clock', { advanceMs: 60_000 });
    expect((await gather(gwen)).accounts[0]!.status).toBe('completed');
  });

  it('goes on without group mentions when usergroups.list fails, and asks again next time', async () => {
    // Hana's user groups have not been looked up (and cached) by an earlier test.
    const token = await connectedAs('U0HANA000');
    await control(emulator.url, 'faults', { method: 'usergroups.list', status: 500, times: 1 });
    const result = await gather(token);
    expect(result.accounts[0]).toMatchObject({
      status: 'completed',
      unavailable: [{ kind: 'group_mentions', reason: 'provider_error' }],
    });
    expect(result.messages.map((message) => message.body)).toContain('<!here> fire drill at 3');
    setAppClock(appNow + GATHERING_SHARED_FOR_MS);
    const again = await gather(token);
    expect(again.accounts[0]!.unavailable).toBeUndefined();
    expect(again.messages.map((message) => message.body)).toContain('<!subteam^S0GROUP3|@group-3> stand-up');
  });
});
