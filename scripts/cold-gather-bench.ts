import { sql } from 'drizzle-orm';
import { startChatworkEmulator } from '../emulators/chatwork/chatwork-emulator.ts';
import type { ChatworkSeed } from '../emulators/chatwork/chatwork-seed.ts';
import { chatworkMessageId } from '../emulators/chatwork/chatwork-seed.ts';
import { startSlackEmulator } from '../emulators/slack/slack-emulator.ts';
import type { SlackSeed } from '../emulators/slack/slack-seed.ts';
import { buildApp } from '../src/server/app.ts';
import { loadSettings } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';

/**
 * The cold-gather scenario of `npm run bench`: every emulator call takes 150 ms; 3 ChatWork accounts with 20 rooms
 * each and 3 Slack workspaces are connected through the real OAuth flow; then the full timeline (both platforms'
 * message calls, as the dashboard makes them, at once) is gathered with nothing cached. The ideal is the longest
 * chain of calls that must follow one another, times 150 ms:
 * - ChatWork: `GET /me` with `GET /rooms`, then every room's messages at once (2 calls);
 * - Slack: my user groups (with the mention and DM searches), then the all-mention and user-group search, then
 *   the senders' names (3 calls).
 * Target: at most 1.5 × ideal.
 */

const LATENCY_MS = 150;
const LONGEST_CHAIN_CALLS = 3;
const ACCOUNTS = 3;
const ROOMS_PER_ACCOUNT = 20;
const WORKSPACES = 3;

function chatworkSeed(now: number): ChatworkSeed {
  const accounts = Array.from({ length: ACCOUNTS }, (_, index) => ({
    account_id: 5001 + index,
    name: `Bench User ${index + 1}`,
    organization_name: `Bench Org ${index + 1}`,
  }));
  const sender = { account_id: 5999, name: 'Bench Sender' };
  const rooms: ChatworkSeed['rooms'] = [];
  const messages: ChatworkSeed['messages'] = [];
  accounts.forEach((account, accountIndex) => {
    for (let room = 0; room < ROOMS_PER_ACCOUNT; room += 1) {
      const roomId = 60_000 + accountIndex * 100 + room;
      rooms.push({
        room_id: roomId,
        name: `Room ${accountIndex + 1}-${room + 1}`,
        type: room === 0 ? 'direct' : 'group',
        members: [
          { account_id: account.account_id, role: 'member' },
          { account_id: sender.account_id, role: 'admin' },
        ],
      });
      for (let n = 0; n < 5; n += 1) {
        messages.push({
          room_id: roomId,
          message_id: chatworkMessageId(roomId * 10 + n),
          account_id: sender.account_id,
          body: n % 2 ? `[To:${account.account_id}] please look (${n})` : `note ${n}`,
          send_time: Math.floor(now / 1000) - (room * 5 + n) * 60,
        });
      }
    }
  });
  return {
    apps: [{ client_id: 'bench-chatwork', client_secret: 'bench-chatwork-secret' }],
    accounts: [...accounts, sender],
    rooms,
    messages,
  };
}

function slackSeed(now: number): SlackSeed {
  const teams = Array.from({ length: WORKSPACES }, (_, index) => {
    const me = `U${index + 1}ME`;
    const other = `U${index + 1}OTHER`;
    const channels = Array.from({ length: 5 }, (_, channel) => ({
      id: `C${index + 1}CH${channel}`,
      name: `channel-${channel}`,
      kind: 'public' as const,
      members: [me, other],
    }));
    return {
      id: `T${index + 1}BENCH`,
      name: `Bench Workspace ${index + 1}`,
      domain: `bench-${index + 1}`,
      users: [
        { id: me, name: `me${index + 1}`, real_name: `Bench Me ${index + 1}` },
        { id: other, name: `other${index + 1}`, real_name: `Bench Other ${index + 1}` },
      ],
      usergroups: [{ id: `S${index + 1}TEAM`, handle: 'team', name: 'Team', users: [me] }],
      conversations: [...channels, { id: `D${index + 1}DM`, kind: 'im' as const, members: [me, other] }],
      messages: Array.from({ length: 30 }, (_, n) => ({
        channel: n % 6 === 5 ? `D${index + 1}DM` : `C${index + 1}CH${n % 5}`,
        ts: `${Math.floor(now / 1000) - n * 300}.000${String(n).padStart(3, '0')}`,
        user: other,
        text:
          n % 3 === 0
            ? `<@${me}> question ${n}`
            : n % 3 === 1
              ? `<!channel> update ${n}`
              : `<!subteam^S${index + 1}TEAM> ${n}`,
      })),
    };
  });
  return { apps: [{ client_id: 'bench-slack', client_secret: 'bench-slack-secret' }], teams };
}

async function post(url: string, body: unknown): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
}

/** Runs the scenario and answers the lines to print. */
export async function coldGather(): Promise<string[]> {
  const now = Date.now();
  const chatwork = await startChatworkEmulator({ seed: chatworkSeed(now) });
  const slack = await startSlackEmulator({ seed: slackSeed(now) });
  const database = await openDatabase({ databaseUrl: undefined, dataDir: null });
  const settings = loadSettings({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: '/nonexistent-web-build',
    DEMO_ACCOUNTS: 'none',
    PUBLIC_URL: 'http://127.0.0.1:3000',
    SLACK_CLIENT_ID: 'bench-slack',
    SLACK_CLIENT_SECRET: 'bench-slack-secret',
    SLACK_API_URL: `${slack.url}/api`,
    SLACK_AUTHORIZE_URL: `${slack.url}/oauth/v2/authorize`,
    CHATWORK_CLIENT_ID: 'bench-chatwork',
    CHATWORK_CLIENT_SECRET: 'bench-chatwork-secret',
    CHATWORK_API_URL: `${chatwork.url}/v2`,
    CHATWORK_AUTHORIZE_URL: `${chatwork.url}/packages/oauth2/new.php`,
    CHATWORK_TOKEN_URL: `${chatwork.url}/token`,
  });
  const app = await buildApp({
    settings,
    secrets: {
      jwtSecret: 'bench-jwt-secret-that-is-long-enough-0123456789',
      tokenEncryptionKey: Buffer.alloc(32, 7).toString('base64'),
    },
    database,
    logger: false,
  });
  try {
    const registered = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'bench@example.com', password: 'bench password', name: 'Bench' },
    });
    const token = (registered.json() as { tokens: { accessToken: string } }).tokens.accessToken;
    // Six connections need the Pro Plus plan; plans are sold elsewhere, so the bench grants it directly.
    await database.db.execute(sql`update users set plan_type = 'proplus' where email = 'bench@example.com'`);
    const headers = { authorization: `Bearer ${token}` };

    const connect = async (platform: 'slack' | 'chatwork', emulatorUrl: string, approveAs: string) => {
      await post(`${emulatorUrl}/_control/settings`, { autoApprove: true, approveAs });
      const started = await app.inject({ method: 'POST', url: `/api/${platform}/connect`, headers });
      const consent = await fetch((started.json() as { authUrl: string }).authUrl, { redirect: 'manual' });
      const back = new URL(consent.headers.get('location') ?? '');
      const done = await app.inject({ method: 'GET', url: back.pathname + back.search });
      if (!String(done.headers.location).includes('=connected'))
        throw new Error(`connecting failed: ${done.headers.location}`);
    };
    for (let index = 0; index < ACCOUNTS; index += 1)
      await connect('chatwork', chatwork.url, String(5001 + index));
    for (let index = 0; index < WORKSPACES; index += 1) await connect('slack', slack.url, `U${index + 1}ME`);

    for (const emulator of [chatwork, slack]) {
      await post(`${emulator.url}/_control/faults`, { latencyMs: LATENCY_MS });
      await fetch(`${emulator.url}/_control/requests`, { method: 'DELETE' });
    }
    const started = performance.now();
    const [chatworkResult, slackResult] = await Promise.all(
      (['chatwork', 'slack'] as const).map(async (platform) => {
        const response = await app.inject({ method: 'GET', url: `/api/${platform}/messages`, headers });
        return response.json() as { messages: unknown[]; accounts: { status: string }[] };
      }),
    );
    const wallMs = performance.now() - started;
    const idealMs = LONGEST_CHAIN_CALLS * LATENCY_MS;
    const failed = [...chatworkResult!.accounts, ...slackResult!.accounts].filter(
      (account) => account.status !== 'completed',
    );
    const calls = (
      await Promise.all(
        [chatwork, slack].map(
          async (emulator) =>
            ((await (await fetch(`${emulator.url}/_control/requests`)).json()) as { requests: unknown[] })
              .requests.length,
        ),
      )
    ).reduce((sum, count) => sum + count, 0);
    const met = wallMs <= idealMs * 1.5;
    return [
      `\ncold gather: ${ACCOUNTS} ChatWork accounts × ${ROOMS_PER_ACCOUNT} rooms and ${WORKSPACES} Slack workspaces, ${LATENCY_MS} ms per call`,
      `timeline assembled in ${wallMs.toFixed(0)} ms (${chatworkResult!.messages.length} ChatWork + ${slackResult!.messages.length} Slack messages, ${calls} provider calls${failed.length ? `, ${failed.length} accounts FAILED` : ''})`,
      `ideal ${idealMs} ms (longest chain of ${LONGEST_CHAIN_CALLS} dependent calls × ${LATENCY_MS} ms); ratio ${(wallMs / idealMs).toFixed(2)}x; target ≤ 1.5x: ${met ? 'met' : 'NOT met'}`,
    ];
  } finally {
    await app.close();
    await database.close();
    await slack.close();
    await chatwork.close();
  }
}
