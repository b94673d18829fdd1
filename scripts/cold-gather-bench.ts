import { sql } from 'drizzle-orm';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import {
  benchChatworkAccountIds,
  benchChatworkSeed,
  benchSlackSeed,
  benchSlackUserId,
} from '../emulators/sandbox-seed/bench-seeds.ts';
import { sandboxAppEnv } from '../emulators/sandbox-seed/start-sandbox-emulators.ts';
import type { ChatworkSeed } from '../emulators/chatwork/chatwork-seed.ts';
import type { SlackSeed, SlackSeedTeam } from '../emulators/slack/slack-seed.ts';
import { buildApp } from '../src/server/app.ts';
import { loadSettings } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { createAuthRepo } from '../src/server/modules/auth/auth.repo.ts';
import { hashPassword } from '../src/server/modules/auth/passwords.ts';

/**
 * The cold-gather scenarios of `npm run bench`. Every emulator call takes 150 ms; the accounts are connected
 * through the real OAuth flow; then the timeline (each platform's message call, as the dashboard makes them, at
 * once) is gathered with nothing cached, in a fresh app each run:
 * - mixed: 3 ChatWork accounts × 20 rooms and 3 Slack workspaces (decision 023, target ≤ 1.5 × ideal);
 * - senders: 3 Slack workspaces whose latest 100 messages come from 40 senders each (issue 12, target ≤ 1.3 ×).
 * The ideal is the longest chain of calls that must follow one another, worked out from the seed, times 150 ms.
 * Runs of the scenarios are interleaved, so a busy moment of the machine slows both alike, and each is reported
 * as its median and min–max. The emulators run in a child process (`bench-emulators.ts`), as the providers'
 * servers would, so only the app's own work adds to the wall time.
 */

const LATENCY_MS = 150;
const ACCOUNTS = 3;
const ROOMS_PER_ACCOUNT = 20;
const WORKSPACES = 3;
const SENDERS = 40;
/** Cold runs of each scenario, each in a fresh app; the median is judged, so one slow run does not decide. */
const RUNS = 5;

type Platform = 'chatwork' | 'slack';
type Urls = { chatwork: string; slack: string; slackSenders: string };

type Scenario = {
  title: string;
  target: number;
  platforms: Platform[];
  /** The emulators this scenario's accounts live on. */
  emulators: { chatwork: string; slack: string };
  chatworkAccounts: string[];
  slackUsers: string[];
  idealCalls: number;
};

type Run = {
  wallMs: number;
  /** The app's own CPU time during the gathering (the emulators run in another process). */
  cpuMs: number;
  messages: Record<Platform, number>;
  calls: number;
  failed: number;
};

async function post(url: string, body?: unknown): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
}

/**
 * The fewest Slack calls that must follow one another for one workspace (decision 050): my user groups before the
 * searches for their mentions (only when I am in a group), beside the pages of my public channels (1,000 a page),
 * then the names of the people in what was found.
 */
function idealSlackChain(team: SlackSeedTeam, me: string): number {
  const inGroups = (team.usergroups ?? []).some((group) => group.users.includes(me));
  const myChannels = team.conversations.filter(
    (conversation) => conversation.kind === 'public' && conversation.members.includes(me),
  ).length;
  const searches = Math.max(inGroups ? 2 : 1, Math.ceil(myChannels / 1000));
  const someoneToName = team.messages.some((message) => message.user !== me);
  return searches + (someoneToName ? 1 : 0);
}

/** ChatWork: the room list, then every room's messages at once. */
function idealChatworkChain(seed: ChatworkSeed, accountId: number): number {
  const inRooms = seed.rooms.some((room) => room.members.some((member) => member.account_id === accountId));
  return inRooms ? 2 : 1;
}

function idealCalls(chatwork: ChatworkSeed | null, slack: SlackSeed, slackUsers: string[]): number {
  const chains = slack.teams.map((team, index) => idealSlackChain(team, slackUsers[index] ?? ''));
  if (chatwork)
    chains.push(...benchChatworkAccountIds(ACCOUNTS).map((id) => idealChatworkChain(chatwork, id)));
  return Math.max(...chains);
}

/** One cold gathering: a fresh app, database and caches; the accounts connected through OAuth; then the timeline. */
async function coldRun(scenario: Scenario): Promise<Run> {
  const { emulators } = scenario;
  const used = scenario.platforms.map((platform) => emulators[platform]);
  for (const url of used) await post(`${url}/_control/reset`);
  const database = await openDatabase({ databaseUrl: undefined, dataDir: null });
  const settings = loadSettings({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: '/nonexistent-web-build',
    DEMO_ACCOUNTS: 'none',
    PUBLIC_URL: 'http://127.0.0.1:3000',
    ...sandboxAppEnv(emulators),
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
    const email = 'bench@example.com';
    // Sign-up waits for a confirmed address (decision 066); the bench's user is created confirmed and signs in.
    const password = 'bench password';
    await createAuthRepo(database.db).insertUser({
      email,
      name: 'Bench',
      passwordHash: await hashPassword(password),
      emailVerifiedAt: new Date(),
    });
    const signedIn = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
    });
    const token = (signedIn.json() as { tokens: { accessToken: string } }).tokens.accessToken;
    // Six connections need the Pro Plus plan; plans are sold elsewhere, so the bench grants it directly.
    await database.db.execute(sql`update users set plan_type = 'proplus' where email = ${email}`);
    const headers = { authorization: `Bearer ${token}` };

    const connect = async (platform: Platform, approveAs: string) => {
      await post(`${emulators[platform]}/_control/settings`, { autoApprove: true, approveAs });
      const started = await app.inject({ method: 'POST', url: `/api/${platform}/connect`, headers });
      const consent = await fetch((started.json() as { authUrl: string }).authUrl, { redirect: 'manual' });
      const back = new URL(consent.headers.get('location') ?? '');
      // The OAuth answer is accepted only in the browser that started the flow (decision 060): its cookie.
      const cookies = Object.fromEntries(started.cookies.map((cookie) => [cookie.name, cookie.value]));
      const done = await app.inject({ method: 'GET', url: back.pathname + back.search, cookies });
      if (!String(done.headers.location).includes('=connected'))
        throw new Error(`connecting failed: ${done.headers.location}`);
    };
    for (const account of scenario.chatworkAccounts) await connect('chatwork', account);
    for (const user of scenario.slackUsers) await connect('slack', user);

    for (const url of used) {
      await post(`${url}/_control/faults`, { latencyMs: LATENCY_MS });
      await fetch(`${url}/_control/requests`, { method: 'DELETE' });
    }
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const results = await Promise.all(
      scenario.platforms.map(async (platform) => {
        const response = await app.inject({ method: 'GET', url: `/api/${platform}/messages`, headers });
        return response.json() as { messages: unknown[]; accounts: { status: string }[] };
      }),
    );
    const wallMs = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    const calls = await Promise.all(
      used.map(
        async (url) =>
          ((await (await fetch(`${url}/_control/requests`)).json()) as { requests: unknown[] }).requests
            .length,
      ),
    );
    const messages = { chatwork: 0, slack: 0 };
    scenario.platforms.forEach((platform, index) => (messages[platform] = results[index]!.messages.length));
    return {
      wallMs,
      cpuMs: (cpu.user + cpu.system) / 1000,
      messages,
      calls: calls.reduce((sum, count) => sum + count, 0),
      failed: results.flatMap((result) => result.accounts).filter((account) => account.status !== 'completed')
        .length,
    };
  } finally {
    await app.close();
    await database.close();
  }
}

function describeRun(run: Run, index: number): string {
  const found = Object.entries(run.messages)
    .filter(([, count]) => count > 0)
    .map(([platform, count]) => `${count} ${platform === 'slack' ? 'Slack' : 'ChatWork'}`)
    .join(' + ');
  const failed = run.failed ? `, ${run.failed} accounts FAILED` : '';
  return `  run ${index + 1}: ${run.wallMs.toFixed(0)} ms, app CPU ${run.cpuMs.toFixed(0)} ms (${found} messages, ${run.calls} provider calls${failed})`;
}

function summary(scenario: Scenario, runs: Run[]): string[] {
  const times = runs.map((run) => run.wallMs).sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  const idealMs = scenario.idealCalls * LATENCY_MS;
  const ratio = median / idealMs;
  return [
    `\ncold gather, ${scenario.title}, ${LATENCY_MS} ms per provider call`,
    ...runs.map(describeRun),
    `  median ${median.toFixed(0)} ms (min ${times[0]!.toFixed(0)}, max ${times.at(-1)!.toFixed(0)}); ideal ${idealMs} ms ` +
      `(longest chain of ${scenario.idealCalls} dependent calls, from the seed); ratio ${ratio.toFixed(2)}x ` +
      `(min–max ${(times[0]! / idealMs).toFixed(2)}–${(times.at(-1)! / idealMs).toFixed(2)}); ` +
      `target ≤ ${scenario.target}x: ${ratio <= scenario.target ? 'met' : 'NOT met'}`,
  ];
}

/** Runs the scenarios, interleaved, and answers the lines to print. */
export async function coldGather(): Promise<string[]> {
  const now = Date.now();
  const emulators = spawn(
    process.execPath,
    [
      fileURLToPath(new URL('bench-emulators.ts', import.meta.url)),
      ...[now, ACCOUNTS, ROOMS_PER_ACCOUNT, WORKSPACES, SENDERS].map(String),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const [line] = (await once(createInterface({ input: emulators.stdout }), 'line')) as [string];
  const urls = JSON.parse(line) as Urls;
  const slackUsers = Array.from({ length: WORKSPACES }, (_, index) => benchSlackUserId(index + 1));
  const chatworkAccounts = benchChatworkAccountIds(ACCOUNTS).map(String);
  const scenarios: Scenario[] = [
    {
      title: `${ACCOUNTS} ChatWork accounts × ${ROOMS_PER_ACCOUNT} rooms and ${WORKSPACES} Slack workspaces`,
      target: 1.5,
      platforms: ['chatwork', 'slack'],
      emulators: { chatwork: urls.chatwork, slack: urls.slack },
      chatworkAccounts,
      slackUsers,
      idealCalls: idealCalls(
        benchChatworkSeed(now, ACCOUNTS, ROOMS_PER_ACCOUNT),
        benchSlackSeed(now, WORKSPACES),
        slackUsers,
      ),
    },
    {
      title: `${WORKSPACES} Slack workspaces with ${SENDERS} senders each`,
      target: 1.3,
      platforms: ['slack'],
      emulators: { chatwork: urls.chatwork, slack: urls.slackSenders },
      chatworkAccounts: [],
      slackUsers,
      idealCalls: idealCalls(null, benchSlackSeed(now, WORKSPACES, SENDERS), slackUsers),
    },
  ];
  try {
    const runs: Run[][] = scenarios.map(() => []);
    for (let run = 0; run < RUNS; run += 1) {
      for (const [index, scenario] of scenarios.entries()) runs[index]!.push(await coldRun(scenario));
    }
    return scenarios.flatMap((scenario, index) => summary(scenario, runs[index]!));
  } finally {
    emulators.kill('SIGTERM');
    await once(emulators, 'exit');
  }
}
