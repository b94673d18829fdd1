import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import type { CallCount } from '../emulators/core/call-counts.ts';
import {
  SANDBOX_SLACK_SIGNING_SECRET,
  sandboxAppEnv,
} from '../emulators/sandbox-seed/start-sandbox-emulators.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { createPostgresTestDatabase } from '../src/server/test/test-app.ts';
import { freePort, startBuiltApp, type BuiltApp } from './built-app.ts';
import { percentile, providerFigures } from './load-report.ts';
import { seedLoadDatabase } from './load-seed.ts';
import { listen, loadPages, postSlackMention } from './load-traffic.ts';

/**
 * The load scenario of issue 16 (`npm run bench:load`, and the last part of `npm run bench`; decision 137): the
 * Slack and ChatWork emulators, PostgreSQL and Redis; `users` people seeded straight into a new database, each
 * with two Slack connections over ten workspaces and a ChatWork account; two web instances and two workers
 * (`scripts/worker.ts`) gathering in the background for `minutes`, while page loads ask for random users' messages
 * and signed Slack mentions posted to instance A are awaited on streams open on instance B.
 *
 * Options: `--minutes` (LOAD_MINUTES, default 5), `--users` (LOAD_USERS, 1000), `--rps` page loads a second
 * (LOAD_RPS, 10), `--listeners` open streams (LOAD_LISTENERS, 50), `--event-every` seconds between Slack events
 * (LOAD_EVENT_SECONDS, 2). PostgreSQL: LOAD_DATABASE_URL, else TEST_DATABASE_URL, else the trust login on this
 * machine; Redis: LOAD_REDIS_URL, else REDIS_URL, else 127.0.0.1:6379. A database and key prefix of its own are
 * made for the run and removed after it.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
type Print = (line?: string) => void;

function options() {
  const { values } = parseArgs({
    options: {
      minutes: { type: 'string' },
      users: { type: 'string' },
      rps: { type: 'string' },
      listeners: { type: 'string' },
      'event-every': { type: 'string' },
    },
    strict: false,
  });
  const number = (flag: unknown, env: string | undefined, fallback: number) => {
    const value = Number(typeof flag === 'string' ? flag : (env ?? fallback));
    if (!Number.isFinite(value) || value <= 0)
      throw new Error(`not a positive number: ${String(flag ?? env)}`);
    return value;
  };
  const { env } = process;
  return {
    minutes: number(values.minutes, env.LOAD_MINUTES, 5),
    users: Math.round(number(values.users, env.LOAD_USERS, 1000)),
    rps: number(values.rps, env.LOAD_RPS, 10),
    listeners: Math.round(number(values.listeners, env.LOAD_LISTENERS, 50)),
    eventSeconds: number(values['event-every'], env.LOAD_EVENT_SECONDS, 2),
    databaseUrl: env.LOAD_DATABASE_URL ?? env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    redisUrl: env.LOAD_REDIS_URL ?? env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  };
}

/** A script in a process of its own; `stdout: 'pipe'` for one whose first line is read (the emulators). */
function child(
  script: string,
  args: string[],
  env: Record<string, string>,
  stdout: 'pipe' | 'inherit' = 'inherit',
): ChildProcess {
  return spawn(process.execPath, [path.join(root, script), ...args], {
    cwd: root,
    stdio: ['ignore', stdout, 'inherit'],
    env: { ...process.env, ...env },
  });
}

async function firstLine(running: ChildProcess): Promise<string> {
  const lines = createInterface({ input: running.stdout! });
  const [line] = (await once(lines, 'line')) as [string];
  return line;
}

async function stopChild(running: ChildProcess): Promise<void> {
  if (running.exitCode !== null || running.signalCode !== null) return;
  const exited = once(running, 'exit');
  running.kill('SIGTERM');
  await exited;
}

function rssMiB(pid: number): number {
  try {
    const kib = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kib ? Number(kib) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;

export async function loadBench(print: Print): Promise<void> {
  const settings = options();
  const cleanups: (() => Promise<unknown>)[] = [];
  const redis = new Redis(settings.redisUrl, { maxRetriesPerRequest: 1 });
  cleanups.push(() => redis.quit());
  const prefix = `matome-load:${randomBytes(4).toString('hex')}:`;
  try {
    print(
      `load scenario: ${settings.users} users × (2 Slack + 1 ChatWork) over 10 workspaces, ${settings.minutes} min, ` +
        `${settings.rps} page loads/s, ${settings.listeners} streams, an event every ${settings.eventSeconds} s`,
    );
    const emulators = child(
      'scripts/load-emulators.ts',
      [String(Date.now()), String(settings.users)],
      {},
      'pipe',
    );
    cleanups.push(() => stopChild(emulators));
    const urls = JSON.parse(await firstLine(emulators)) as { slack: string; chatwork: string };

    const database = (await createPostgresTestDatabase(settings.databaseUrl))!;
    cleanups.push(database.drop);
    const secrets = {
      jwtSecret: randomBytes(48).toString('base64url'),
      tokenEncryptionKey: randomBytes(32).toString('base64'),
    };
    const seeding = performance.now();
    const handle = await openDatabase({ databaseUrl: database.url, dataDir: null });
    const users = await seedLoadDatabase(handle, secrets, settings.users);
    await handle.close();
    print(
      `seeded ${users.length} users and ${users.length * 3} connections in ${ms(performance.now() - seeding)}`,
    );

    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: settings.redisUrl,
      REDIS_KEY_PREFIX: prefix,
      JWT_SECRET: secrets.jwtSecret,
      TOKEN_ENCRYPTION_KEY: secrets.tokenEncryptionKey,
      WEB_DIST_DIR: '/nonexistent-web-build',
      DEMO_ACCOUNTS: 'none',
      NODE_ENV: 'production',
      LOG_LEVEL: 'error',
      ...sandboxAppEnv(urls),
    };
    const instances: BuiltApp[] = [];
    for (let n = 0; n < 2; n += 1) {
      const instance = await startBuiltApp(env);
      cleanups.push(instance.stop);
      instances.push(instance);
    }
    const workers = [0, 1].map(() => child('scripts/worker.ts', [], env));
    for (const worker of workers) cleanups.push(() => stopChild(worker));
    const [a, b] = instances as [BuiltApp, BuiltApp];

    // The provider calls are counted from here: the first is the sample below.
    const started = performance.now();
    // The baseline: a bare server sending the bytes instance A sends for one user's messages.
    const dir = mkdtempSync(path.join(tmpdir(), 'matome-load-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const sample = await fetch(`${a.base}/api/slack/messages`, {
      headers: { authorization: `Bearer ${users[0]!.accessToken}`, 'accept-encoding': 'identity' },
    });
    writeFileSync(path.join(dir, 'answer.json'), Buffer.from(await sample.arrayBuffer()));
    const barePort = await freePort();
    const bare = child('scripts/bare-server.ts', [], {
      PORT: String(barePort),
      BARE_BODY_FILE: path.join(dir, 'answer.json'),
    });
    cleanups.push(() => stopChild(bare));
    const bareBase = `http://127.0.0.1:${barePort}`;
    for (let tries = 0; tries < 100; tries += 1) {
      if (
        await fetch(`${bareBase}/api/health`).then(
          (answer) => answer.ok,
          () => false,
        )
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    const stop = new AbortController();
    // The streams stay open after the page loads stop, for the events still on their way.
    const streams = new AbortController();
    cleanups.push(async () => streams.abort());
    const arrivals = new Map<string, number>();
    const listeners = [...users].sort(() => Math.random() - 0.5).slice(0, settings.listeners);
    for (const user of listeners) {
      await listen(b.base, user, (id) => arrivals.set(id, performance.now()), streams.signal);
    }
    const sent = new Map<string, number>();
    const events = setInterval(() => {
      const user = listeners[Math.floor(Math.random() * listeners.length)]!;
      const at = performance.now();
      postSlackMention(a.base, SANDBOX_SLACK_SIGNING_SECRET, user).then(
        (id) => sent.set(id, at),
        (error: unknown) => print(`  an event failed: ${String(error)}`),
      );
    }, settings.eventSeconds * 1000);

    const pids = {
      'instance A': a.pid,
      'instance B': b.pid,
      'worker 1': workers[0]!.pid!,
      'worker 2': workers[1]!.pid!,
    };
    const peakRss = new Map<string, number>();
    let peakRedis = 0;
    const sampleMemory = async () => {
      for (const [name, pid] of Object.entries(pids))
        peakRss.set(name, Math.max(peakRss.get(name) ?? 0, rssMiB(pid)));
      const used = /used_memory:(\d+)/.exec(await redis.info('memory'))?.[1];
      peakRedis = Math.max(peakRedis, Number(used ?? 0));
    };
    const sampler = setInterval(() => void sampleMemory(), 5_000);
    const redisBefore = Number(/used_memory:(\d+)/.exec(await redis.info('memory'))?.[1] ?? 0);

    setTimeout(() => stop.abort(), settings.minutes * 60_000);
    const progress = setInterval(
      () => print(`  … ${((performance.now() - started) / 60_000).toFixed(1)} min`),
      60_000,
    );
    const loads = await loadPages(
      { instances: [a.base, b.base], bare: bareBase, users, rps: settings.rps },
      stop.signal,
    );
    clearInterval(events);
    clearInterval(progress);
    // Events still on their way get up to 10 seconds; one that has not arrived by then counts as lost.
    for (let waited = 0; waited < 10_000 && [...sent.keys()].some((id) => !arrivals.has(id)); waited += 250) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    clearInterval(sampler);
    await sampleMemory();
    const minutes = (performance.now() - started) / 60_000;

    const callsOf = async (url: string) =>
      ((await (await fetch(`${url}/_control/calls`)).json()) as { calls: CallCount[] }).calls;
    const providers = providerFigures(
      await callsOf(urls.slack),
      await callsOf(urls.chatwork),
      settings.users,
      minutes,
    );
    let keys = 0;
    for await (const batch of redis.scanStream({ match: `${prefix}*`, count: 1000 }) as AsyncIterable<
      string[]
    >)
      keys += batch.length;

    const okLoads = loads.app.filter((load) => load.status === 200);
    const statuses = Object.entries(
      loads.app.reduce<Record<number, number>>(
        (count, load) => ({ ...count, [load.status]: (count[load.status] ?? 0) + 1 }),
        {},
      ),
    ).map(([status, count]) => `${status}×${count}`);
    const latencies = [...sent].flatMap(([id, at]) => (arrivals.has(id) ? [arrivals.get(id)! - at] : []));
    const lost = [...sent].flatMap(([id, at]) =>
      arrivals.has(id) ? [] : [`${((at - started) / 1000).toFixed(1)} s`],
    );

    print(
      `\nprovider calls over ${minutes.toFixed(1)} min (per minute on average; peak = most in any sliding 60 s; limits as published):`,
    );
    for (const line of providers.lines) print(line);
    print(
      providers.exceeded.length
        ? `  EXCEEDED: ${providers.exceeded.join('; ')}`
        : '  no call refused by the emulators (fixed one-minute windows from the first call, as they and the app count)',
    );
    print(
      `\nGET /api/{platform}/messages under load (${loads.app.length} requests, ${statuses.join(', ')}):`,
    );
    print(
      `  Matome   p50 ${ms(
        percentile(
          okLoads.map((load) => load.ms),
          0.5,
        ),
      )}, p99 ${ms(
        percentile(
          okLoads.map((load) => load.ms),
          0.99,
        ),
      )}`,
    );
    print(
      `  baseline p50 ${ms(
        percentile(
          loads.bare.map((load) => load.ms),
          0.5,
        ),
      )}, p99 ${ms(
        percentile(
          loads.bare.map((load) => load.ms),
          0.99,
        ),
      )} (bare server, the same bytes, same moments)`,
    );
    const { complete, budgetShort, failed, stale } = loads.accounts;
    const failures = Object.entries(failed).map(([code, count]) => `${code} ${count}`);
    print(
      `  accounts in the answers: ${complete} complete, ${budgetShort} missing searches for want of Slack's search budget, ` +
        `failed: ${failures.join(', ') || 'none'} (${stale} of them showing their last good messages)`,
    );
    print(
      `\nSlack event posted to A → arrival on a stream on B: ${latencies.length} of ${sent.size} arrived${lost.length ? ` (lost: posted at ${lost.join(', ')} into the run)` : ''}`,
    );
    print(`  p50 ${ms(percentile(latencies, 0.5))}, p99 ${ms(percentile(latencies, 0.99))}`);
    print(
      `\nRedis: used_memory ${(redisBefore / 2 ** 20).toFixed(1)} MiB before, peak ${(peakRedis / 2 ** 20).toFixed(1)} MiB (server-wide), ${keys} keys of this run`,
    );
    print(`RSS peak: ${[...peakRss].map(([name, mib]) => `${name} ${mib.toFixed(0)} MiB`).join(', ')}`);
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    const leftovers = new Redis(settings.redisUrl);
    for await (const batch of leftovers.scanStream({ match: `${prefix}*`, count: 1000 }) as AsyncIterable<
      string[]
    >) {
      if (batch.length) await leftovers.unlink(...batch);
    }
    await leftovers.quit();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  loadBench((line = '') => process.stdout.write(`${line}\n`)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
