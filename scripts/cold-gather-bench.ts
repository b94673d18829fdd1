import { sql } from 'drizzle-orm';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { benchChatworkAccountIds } from '../emulators/sandbox-seed/bench-seeds.ts';
import { sandboxAppEnv } from '../emulators/sandbox-seed/start-sandbox-emulators.ts';
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
 * Target: at most 1.5 × ideal. The emulators run in a child process (`bench-emulators.ts`), as the providers'
 * servers would, so only the app's own work adds to the wall time.
 */

const LATENCY_MS = 150;
const LONGEST_CHAIN_CALLS = 3;
const ACCOUNTS = 3;
const ROOMS_PER_ACCOUNT = 20;
const WORKSPACES = 3;
/** Cold runs, each in a fresh app; the median is judged, so one run slowed by a busy machine does not decide. */
const RUNS = 3;

async function post(url: string, body: unknown): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
}

type Run = { wallMs: number; chatworkMessages: number; slackMessages: number; calls: number; failed: number };

/** One cold gathering: a fresh app, database and caches; six accounts connected through OAuth; then the timeline. */
async function coldRun(urls: { chatwork: string; slack: string }): Promise<Run> {
  const chatwork = { url: urls.chatwork };
  const slack = { url: urls.slack };
  const database = await openDatabase({ databaseUrl: undefined, dataDir: null });
  const settings = loadSettings({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: '/nonexistent-web-build',
    DEMO_ACCOUNTS: 'none',
    PUBLIC_URL: 'http://127.0.0.1:3000',
    ...sandboxAppEnv(urls),
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
    const registered = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password: 'bench password', name: 'Bench' },
    });
    const token = (registered.json() as { tokens: { accessToken: string } }).tokens.accessToken;
    // Six connections need the Pro Plus plan; plans are sold elsewhere, so the bench grants it directly.
    await database.db.execute(sql`update users set plan_type = 'proplus' where email = ${email}`);
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
    for (const accountId of benchChatworkAccountIds(ACCOUNTS)) {
      await connect('chatwork', chatwork.url, String(accountId));
    }
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
    for (const emulator of [chatwork, slack])
      await fetch(`${emulator.url}/_control/faults`, { method: 'DELETE' });
    return {
      wallMs,
      chatworkMessages: chatworkResult!.messages.length,
      slackMessages: slackResult!.messages.length,
      calls,
      failed: failed.length,
    };
  } finally {
    await app.close();
    await database.close();
  }
}

/** Runs the scenario and answers the lines to print. */
export async function coldGather(): Promise<string[]> {
  const emulators = spawn(
    process.execPath,
    [
      fileURLToPath(new URL('bench-emulators.ts', import.meta.url)),
      ...[ACCOUNTS, ROOMS_PER_ACCOUNT, WORKSPACES].map(String),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const [line] = (await once(createInterface({ input: emulators.stdout }), 'line')) as [string];
  const urls = JSON.parse(line) as { chatwork: string; slack: string };
  try {
    const runs: Run[] = [];
    for (let run = 0; run < RUNS; run += 1) runs.push(await coldRun(urls));
    const idealMs = LONGEST_CHAIN_CALLS * LATENCY_MS;
    const median = [...runs].sort((a, b) => a.wallMs - b.wallMs)[Math.floor(RUNS / 2)]!;
    const met = median.wallMs <= idealMs * 1.5;
    return [
      `\ncold gather: ${ACCOUNTS} ChatWork accounts × ${ROOMS_PER_ACCOUNT} rooms and ${WORKSPACES} Slack workspaces, ${LATENCY_MS} ms per call`,
      ...runs.map(
        (run, index) =>
          `run ${index + 1}: timeline assembled in ${run.wallMs.toFixed(0)} ms (${run.chatworkMessages} ChatWork + ${run.slackMessages} Slack messages, ${run.calls} provider calls${run.failed ? `, ${run.failed} accounts FAILED` : ''})`,
      ),
      `median ${median.wallMs.toFixed(0)} ms; ideal ${idealMs} ms (longest chain of ${LONGEST_CHAIN_CALLS} dependent calls × ${LATENCY_MS} ms); ratio ${(median.wallMs / idealMs).toFixed(2)}x; target ≤ 1.5x: ${met ? 'met' : 'NOT met'}`,
    ];
  } finally {
    emulators.kill('SIGTERM');
    await once(emulators, 'exit');
  }
}
