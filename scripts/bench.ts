import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { coldGather } from './cold-gather-bench.ts';

/**
 * `npm run bench`: warm GET /api/chatwork/messages and /api/slack/messages for the English demo account beside
 * GET /api/health, against the real server process on loopback. Two passes: one client at a time (the latency a
 * user sees) and several at once (throughput; latency there is mostly queueing). Prints requests per second, p50
 * and p99 latency, the ratios to health, and whether warm p99 stays under the 20 ms target. A measurement, not a
 * test: it fails only if it cannot run.
 *
 * Then the cold gather of the connectors against the emulators (`cold-gather-bench.ts`).
 *
 * BENCH_SECONDS (default 5 per endpoint and pass), BENCH_CONNECTIONS (default 10, the second pass) and LOG_LEVEL
 * (default warn, the server's logging) tune it.
 */

const TARGET_P99_MS = 20;
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const loadConnections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const root = fileURLToPath(new URL('..', import.meta.url));

function print(line = ''): void {
  process.stdout.write(`${line}\n`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port')),
      );
    });
  });
}

async function waitForHealth(base: string, exited: () => boolean): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && !exited()) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not become healthy');
}

type Row = {
  name: string;
  path: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
};

async function measure(
  base: string,
  connections: number,
  name: string,
  urlPath: string,
  token?: string,
): Promise<Row> {
  const result = await autocannon({
    url: `${base}${urlPath}`,
    connections,
    duration: seconds,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return {
    name,
    path: urlPath,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

function printRows(title: string, rows: Row[]): void {
  const health = rows[0]!;
  print(`\n${title}`);
  print(
    `${'endpoint'.padEnd(20)}${'req/s'.padStart(10)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}` +
      `${'req/s vs health'.padStart(17)}${'p99 vs health'.padStart(15)}${'errors'.padStart(8)}`,
  );
  for (const row of rows) {
    print(
      `${row.name.padEnd(20)}${row.requestsPerSecond.toFixed(0).padStart(10)}${row.p50.toFixed(1).padStart(9)}` +
        `${row.p99.toFixed(1).padStart(9)}` +
        `${`${(row.requestsPerSecond / health.requestsPerSecond).toFixed(2)}x`.padStart(17)}` +
        `${`${(row.p99 / Math.max(health.p99, 1)).toFixed(2)}x`.padStart(15)}${String(row.errors).padStart(8)}`,
    );
  }
  for (const row of rows.slice(1)) {
    const met = row.p99 < TARGET_P99_MS;
    print(
      `${row.name}: warm p99 ${row.p99.toFixed(1)} ms ${met ? '<' : '>='} ${TARGET_P99_MS} ms target: ${met ? 'met' : 'NOT met'}`,
    );
  }
  if (rows.some((row) => row.errors > 0)) print('warning: some requests failed (see the errors column)');
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'matome-bench-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [path.join(root, 'src/server/server.ts')], {
  cwd: root,
  env: {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let serverOutput = '';
server.stdout.on('data', (chunk) => (serverOutput += String(chunk)));
server.stderr.on('data', (chunk) => (serverOutput += String(chunk)));
let serverExited = false;
const serverExit = new Promise<void>((resolve) =>
  server.on('exit', () => {
    serverExited = true;
    resolve();
  }),
);

async function stopServer(): Promise<void> {
  if (!serverExited) {
    server.kill('SIGTERM');
    const forced = setTimeout(() => server.kill('SIGKILL'), 15_000);
    await serverExit;
    clearTimeout(forced);
  }
  rmSync(dataDir, { recursive: true, force: true });
}

try {
  await waitForHealth(base, () => serverExited);
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo-en@example.com', password: 'demo1234' }),
  });
  if (!login.ok) throw new Error(`demo login failed: ${login.status} ${await login.text()}`);
  const token = ((await login.json()) as { tokens: { accessToken: string } }).tokens.accessToken;

  const targets: [string, string, string | undefined][] = [
    ['health', '/api/health', undefined],
    ['chatwork messages', '/api/chatwork/messages', token],
    ['slack messages', '/api/slack/messages', token],
  ];
  for (const [, urlPath, auth] of targets) {
    for (let round = 0; round < 20; round += 1) {
      const response = await fetch(`${base}${urlPath}`, {
        headers: auth ? { authorization: `Bearer ${auth}` } : {},
      });
      if (!response.ok) throw new Error(`${urlPath} answered ${response.status}`);
      await response.arrayBuffer();
    }
  }

  for (const connections of [1, loadConnections]) {
    const rows: Row[] = [];
    for (const [name, urlPath, auth] of targets) {
      print(`measuring ${name} (${urlPath}) for ${seconds} s with ${connections} connection(s)…`);
      rows.push(await measure(base, connections, name, urlPath, auth));
    }
    printRows(`${connections} connection(s)`, rows);
  }
  print('\nmeasuring the cold gather against the emulators…');
  for (const line of await coldGather()) print(line);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  if (serverOutput) console.error(serverOutput.slice(-4000));
  process.exitCode = 1;
} finally {
  await stopServer();
}
