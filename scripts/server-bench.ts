import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort } from './built-app.ts';
import { ensureWebBuild } from './web-build.ts';

/**
 * The server rows of `npm run bench` (issues 12 and 26), each beside its comparison measured in the same run and
 * interleaved with it, so a busy moment of the shared machine slows both alike:
 * - warm GET /api/slack/messages with 90 and 1,000 messages per platform, at 1 and 10 connections, plain and asked
 *   for with Accept-Encoding: br as a browser does, against a bare Fastify 5 server (`bare-server.ts`) sending the
 *   same bytes: requests per second, the server's CPU per request (user + system time of its process over the
 *   requests it answered), p99, and the ratios of the first two;
 * - warm p99 at 1 connection with 10,000 messages, plain and brotli;
 * - the time from `npm start` (scripts/start.ts, an existing data directory) to the first answer, and RSS 1 s after
 *   the first inbox answer (demo account signed in, Slack and ChatWork messages asked for), against the bare server.
 * Each figure is the median of BENCH_RUNS runs (default 3) with their min–max; BENCH_SECONDS (default 3) is the
 * length of one load run.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const CLOCK_TICKS_PER_SECOND = 100;
const MESSAGES_PATH = '/api/slack/messages';

type Server = {
  name: string;
  pid: number;
  base: string;
  startMs: number;
  /** CPU the process used up to its first answer: less sensitive than `startMs` to a busy machine. */
  startCpuMs: number;
  stop: () => Promise<void>;
};
type Load = {
  requestsPerSecond: number;
  p99: number;
  requests: number;
  cpuMsPerRequest: number;
  errors: number;
};
export type Stats = { median: number; min: number; max: number };

export function stats(values: readonly number[]): Stats {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { median, min: sorted[0]!, max: sorted[sorted.length - 1]! };
}

export function formatStats(value: Stats, digits = 1, unit = ''): string {
  return `${value.median.toFixed(digits)}${unit} (${value.min.toFixed(digits)}–${value.max.toFixed(digits)})`;
}

/** User + system CPU milliseconds the process has used, from /proc (process.cpuUsage() of another process). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

function rssMiB(pid: number): number {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(line?.[1] ?? 0) / 1024;
}

async function startServer(
  name: string,
  script: string,
  env: Record<string, string>,
  readyPath = '/api/health',
  nodeFlags: readonly string[] = [],
): Promise<Server> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, [...nodeFlags, script], {
    cwd: root,
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.on('exit', () => {
      exited = true;
      resolve();
    }),
  );
  const stop = async () => {
    if (exited) return;
    child.kill('SIGTERM');
    const forced = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exit;
    clearTimeout(forced);
  };
  const deadline = Date.now() + 120_000;
  while (!exited && Date.now() < deadline) {
    try {
      if ((await fetch(`${base}${readyPath}`)).ok) {
        const startMs = performance.now() - started;
        return { name, pid: child.pid!, base, startMs, startCpuMs: cpuMs(child.pid!), stop };
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await stop();
  throw new Error(`${name} did not answer ${readyPath}:\n${output.slice(-4000)}`);
}

function matomeEnv(dataDir: string, messagesPerPlatform: number): Record<string, string> {
  return {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    SAMPLE_MESSAGES_PER_PLATFORM: String(messagesPerPlatform),
  };
}

async function signIn(base: string): Promise<string> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo-en@example.com', password: 'demo1234' }),
  });
  if (!login.ok) throw new Error(`demo login failed: ${login.status} ${await login.text()}`);
  return ((await login.json()) as { tokens: { accessToken: string } }).tokens.accessToken;
}

/** The body exactly as sent when no compression is asked for (fetch would ask for it and decode it). */
function plainBytes(url: string, headers: Record<string, string>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        response.statusCode === 200
          ? resolve(Buffer.concat(chunks))
          : reject(new Error(`${url} answered ${response.statusCode}`)),
      );
    })
      .on('error', reject)
      .end();
  });
}

async function load(
  server: Server,
  urlPath: string,
  connections: number,
  headers: Record<string, string>,
): Promise<Load> {
  const cpuBefore = cpuMs(server.pid);
  const result = await autocannon({
    url: `${server.base}${urlPath}`,
    connections,
    duration: seconds,
    headers,
  });
  const requests = result.requests.total;
  return {
    requestsPerSecond: result.requests.average,
    p99: result.latency.p99,
    requests,
    cpuMsPerRequest: (cpuMs(server.pid) - cpuBefore) / Math.max(requests, 1),
    errors: result.errors + result.non2xx,
  };
}

type Subject = { server: Server; urlPath: string; headers: Record<string, string> };

/** Runs the load on both alternately, `runs` times each. */
async function interleaved(subjects: readonly Subject[], connections: number): Promise<[Load[], Load[]]> {
  const results: [Load[], Load[]] = [[], []];
  for (let run = 0; run < runs; run += 1) {
    for (const [index, subject] of subjects.entries()) {
      results[index]!.push(await load(subject.server, subject.urlPath, connections, subject.headers));
    }
  }
  return results;
}

type Pair = {
  matome: Subject;
  bare: Subject;
  matomeBrotli: Subject;
  bareBrotli: Subject;
  stop: () => Promise<void>;
};

/**
 * A Matome server with the demo account signed in and its Slack answer warm, and a bare one sending the same
 * bytes: plain, and the brotli form Matome sends a browser.
 */
async function pair(dataDir: string, messages: number): Promise<Pair> {
  const matomeServer = await startServer(
    `matome ${messages}`,
    path.join(root, 'src/server/server.ts'),
    matomeEnv(path.join(dataDir, `m${messages}`), messages),
    '/api/health',
    startFlags(),
  );
  const token = await signIn(matomeServer.base);
  const headers = { authorization: `Bearer ${token}` };
  const brotliHeaders = { ...headers, 'accept-encoding': 'br' };
  let bytes: Buffer = Buffer.alloc(0);
  let brotliBytes: Buffer = Buffer.alloc(0);
  for (let round = 0; round < 10; round += 1) {
    bytes = await plainBytes(`${matomeServer.base}${MESSAGES_PATH}`, headers);
    brotliBytes = await plainBytes(`${matomeServer.base}${MESSAGES_PATH}`, brotliHeaders);
  }
  const bodyFile = path.join(dataDir, `body-${messages}.json`);
  const brotliFile = `${bodyFile}.br`;
  writeFileSync(bodyFile, bytes);
  writeFileSync(brotliFile, brotliBytes);
  const bareServer = await startServer(`bare ${messages}`, path.join(root, 'scripts/bare-server.ts'), {
    BARE_BODY_FILE: bodyFile,
    BARE_BROTLI_FILE: brotliFile,
  });
  for (let round = 0; round < 10; round += 1) {
    await plainBytes(`${bareServer.base}/bytes`, {});
    await plainBytes(`${bareServer.base}/bytes.br`, {});
  }
  return {
    matome: { server: matomeServer, urlPath: MESSAGES_PATH, headers },
    bare: { server: bareServer, urlPath: '/bytes', headers: {} },
    matomeBrotli: { server: matomeServer, urlPath: MESSAGES_PATH, headers: brotliHeaders },
    bareBrotli: { server: bareServer, urlPath: '/bytes.br', headers: {} },
    stop: async () => {
      await Promise.all([matomeServer.stop(), bareServer.stop()]);
    },
  };
}

const pick = (loads: Load[], field: keyof Load) => stats(loads.map((one) => one[field]));

function errorsNote(...loads: Load[][]): string {
  const errors = loads.flat().reduce((sum, one) => sum + one.errors, 0);
  return errors ? `  (${errors} failed requests)` : '';
}

function ratioLine(label: string, matome: Load[], bare: Load[]): string {
  const rate = [pick(matome, 'requestsPerSecond'), pick(bare, 'requestsPerSecond')] as const;
  const cpu = [pick(matome, 'cpuMsPerRequest'), pick(bare, 'cpuMsPerRequest')] as const;
  const p99 = [pick(matome, 'p99'), pick(bare, 'p99')] as const;
  return (
    `warm messages, ${label}: Matome ${formatStats(rate[0], 0)} req/s vs bare Fastify ${formatStats(rate[1], 0)} req/s` +
    ` = ${(rate[0].median / rate[1].median).toFixed(2)}× (goal ≥ 0.8×);` +
    ` CPU per request ${formatStats(cpu[0], 3)} ms vs ${formatStats(cpu[1], 3)} ms` +
    ` = ${(cpu[0].median / cpu[1].median).toFixed(2)}× (goal ≤ 2×);` +
    ` p99 ${formatStats(p99[0], 0, ' ms')} vs ${formatStats(p99[1], 0, ' ms')}` +
    errorsNote(matome, bare)
  );
}

/** The Node options of `npm start` (package.json), e.g. the memory settings of decision 164. */
function startFlags(): string[] {
  const packageJson = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  return packageJson.scripts.start.split(/\s+/).filter((part) => part.startsWith('--'));
}

/** `npm start` as a person runs it: scripts/start.ts with its Node options and the data directory of an earlier run. */
function startMatome(dataDir: string): Promise<Server> {
  const env = matomeEnv(dataDir, 90);
  delete env.WEB_DIST_DIR;
  return startServer('matome', path.join(root, 'scripts/start.ts'), env, '/api/health', startFlags());
}

/** Every server row of issue 12's and issue 26's tables, as printable lines. */
export async function serverBench(dataDir: string, print: (line?: string) => void): Promise<void> {
  print(`server rows: medians (min–max) of ${runs} interleaved runs of ${seconds} s each`);

  // Issue 26: every combination of size, connections and encoding against the bare server sending the same bytes.
  for (const messages of [90, 1_000]) {
    const subjects = await pair(dataDir, messages);
    try {
      for (const connections of [1, 10]) {
        for (const [encoding, matomeSubject, bareSubject] of [
          ['plain', subjects.matome, subjects.bare],
          ['brotli', subjects.matomeBrotli, subjects.bareBrotli],
        ] as const) {
          const [matome, bare] = await interleaved([matomeSubject, bareSubject], connections);
          print(ratioLine(`${messages} msgs, ${connections} conn, ${encoding}`, matome, bare));
        }
      }
      print(
        `RSS after the warm runs, ${messages} msgs: Matome ${rssMiB(subjects.matome.server.pid).toFixed(0)} MiB`,
      );
    } finally {
      await subjects.stop();
    }
  }

  const big = await pair(dataDir, 10_000);
  try {
    // Plain bytes as the issue first measured them; brotli as a browser asks for them.
    for (const [label, subjects] of [
      ['plain', [big.matome, big.bare]],
      ['brotli', [big.matomeBrotli, big.bareBrotli]],
    ] as const) {
      const [matome, bare] = await interleaved([...subjects], 1);
      print(
        `warm p99, 10000 msgs, 1 conn, ${label}: Matome ${formatStats(pick(matome, 'p99'), 0, ' ms')}` +
          ` vs bare ${formatStats(pick(bare, 'p99'), 0, ' ms')} (goal < 30 ms);` +
          ` req/s ${formatStats(pick(matome, 'requestsPerSecond'), 0)} vs ${formatStats(pick(bare, 'requestsPerSecond'), 0)}` +
          errorsNote(matome, bare),
      );
    }
  } finally {
    await big.stop();
  }

  // `npm start` builds the web app when it is missing or stale; that is done here once, outside the timing.
  ensureWebBuild();
  const starts = {
    matome: [] as number[],
    bare: [] as number[],
    matomeCpu: [] as number[],
    bareCpu: [] as number[],
    matomeRss: [] as number[],
    bareRss: [] as number[],
  };
  for (let run = 0; run < runs; run += 1) {
    for (const kind of ['matome', 'bare'] as const) {
      const server =
        kind === 'matome'
          ? await startMatome(path.join(dataDir, 'm90'))
          : await startServer('bare', path.join(root, 'scripts/bare-server.ts'), {});
      starts[kind].push(server.startMs);
      starts[kind === 'matome' ? 'matomeCpu' : 'bareCpu'].push(server.startCpuMs);
      if (kind === 'matome') {
        // Idle after the first inbox answer: signed in, both platforms' messages asked for once.
        const headers = { authorization: `Bearer ${await signIn(server.base)}` };
        await plainBytes(`${server.base}/api/slack/messages`, headers);
        await plainBytes(`${server.base}/api/chatwork/messages`, headers);
      } else {
        await plainBytes(`${server.base}/api/health`, {});
      }
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      starts[kind === 'matome' ? 'matomeRss' : 'bareRss'].push(rssMiB(server.pid));
      await server.stop();
    }
  }
  print(
    `start to first answer (npm start, existing data dir): Matome ${formatStats(stats(starts.matome), 0, ' ms')}` +
      ` vs bare Fastify ${formatStats(stats(starts.bare), 0, ' ms')} (goal ≤ 1500 ms);` +
      ` CPU used by then ${formatStats(stats(starts.matomeCpu), 0, ' ms')} vs ${formatStats(stats(starts.bareCpu), 0, ' ms')}`,
  );
  print(
    `RSS idle (1 s after the first inbox answer): Matome ${formatStats(stats(starts.matomeRss), 0, ' MiB')}` +
      ` vs bare Fastify ${formatStats(stats(starts.bareRss), 0, ' MiB')} (goal ≤ 250 MiB)`,
  );
}
