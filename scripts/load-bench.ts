import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
import {
  configureEvents,
  liveCompleteness,
  postEvent,
  slackStatuses,
  type PostedEvent,
} from './load-events.ts';
import { cpuMs, printIntake } from './load-intake.ts';
import { percentile, providerFigures } from './load-report.ts';
import { keepAccessTokensFresh, seedLoadDatabase } from './load-seed.ts';
import { child, firstLine, rssMiB, stopChild } from './load-processes.ts';
import { listen, loadPages } from './load-traffic.ts';

/**
 * The load scenario of issue 16 (`npm run bench:load`, and the last part of `npm run bench`; decision 137): the
 * Slack and ChatWork emulators, PostgreSQL and Redis; `users` people seeded straight into a new database, each
 * with two Slack connections over ten workspaces and a ChatWork account; two web instances and two workers
 * (`scripts/worker.ts`) gathering in the background for `minutes`, while page loads ask for random users' messages
 * and Slack messages posted through the emulator, which delivers their events to a third instance E (events only),
 * are awaited on streams open on instance B. Issue 22's figures of the Slack intake follow (load-intake.ts).
 *
 * Options: `--minutes` (LOAD_MINUTES, default 5), `--users` (LOAD_USERS, 1000), `--rps` page loads a second
 * (LOAD_RPS, 10), `--listeners` open streams (LOAD_LISTENERS, 50), `--event-every` seconds between Slack events
 * (LOAD_EVENT_SECONDS, 2). PostgreSQL: LOAD_DATABASE_URL, else TEST_DATABASE_URL, else the trust login on this
 * machine; Redis: LOAD_REDIS_URL, else REDIS_URL, else 127.0.0.1:6379. A database and key prefix of its own are
 * made for the run and removed after it.
 */

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
    const stopRefreshing = keepAccessTokensFresh(users, secrets.jwtSecret);
    cleanups.push(async () => stopRefreshing());
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
    // A and B take the page loads and the streams; E only Slack's events, so its CPU is the intake's.
    for (let n = 0; n < 3; n += 1) {
      const instance = await startBuiltApp(env);
      cleanups.push(instance.stop);
      instances.push(instance);
    }
    const workers = [0, 1].map(() => child('scripts/worker.ts', [], env));
    for (const worker of workers) cleanups.push(() => stopChild(worker));
    const [a, b, e] = instances as [BuiltApp, BuiltApp, BuiltApp];

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
    // Arrivals on the streams by `${user index} ${message id}`: an event can concern several listeners.
    const arrivals = new Map<string, number>();
    const listeners = [...users].sort(() => Math.random() - 0.5).slice(0, settings.listeners);
    for (const user of listeners) {
      await listen(
        b.base,
        user,
        (id) => {
          const key = `${user.index} ${id}`;
          if (!arrivals.has(key)) arrivals.set(key, performance.now());
        },
        streams.signal,
      );
    }
    await configureEvents(urls.slack, `${e.base}/api/slack/events`, SANDBOX_SLACK_SIGNING_SECRET);
    const eventsCpuBefore = cpuMs(e.pid);
    const posted: PostedEvent[] = [];
    let failedPosts = 0;
    const events = setInterval(() => {
      const user = listeners[Math.floor(Math.random() * listeners.length)]!;
      postEvent(urls.slack, user, users.length).then(
        (event) => posted.push(event),
        (error: unknown) => {
          failedPosts += 1;
          if (failedPosts <= 5) print(`  an event failed: ${String(error)}`);
        },
      );
    }, settings.eventSeconds * 1000);

    const pids = {
      'instance A': a.pid,
      'instance B': b.pid,
      'instance E': e.pid,
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
    // Events still on their way get 5 to 10 seconds; a (message, listener) pair not arrived by then counts as lost.
    const listening = new Set(listeners.map((user) => user.index));
    const waiting = () =>
      posted.some((event) =>
        event.concerned.some((index) => listening.has(index) && !arrivals.has(`${index} ${event.id}`)),
      );
    for (let waited = 0; waited < 10_000 && (waited < 5_000 || waiting()); waited += 250) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const eventsCpuMs = cpuMs(e.pid) - eventsCpuBefore;
    clearInterval(sampler);
    await sampleMemory();
    const minutes = (performance.now() - started) / 60_000;

    const callsOf = async (url: string) =>
      ((await (await fetch(`${url}/_control/calls`)).json()) as { calls: CallCount[] }).calls;
    const slackCalls = await callsOf(urls.slack);
    const endSecond = Math.floor(Date.now() / 1000);
    const providers = providerFigures(slackCalls, await callsOf(urls.chatwork), settings.users, minutes);
    let keys = 0;
    for await (const batch of redis.scanStream({ match: `${prefix}*`, count: 1000 }) as AsyncIterable<
      string[]
    >)
      keys += batch.length;

    const okLoads = loads.app.filter((load) => load.status === 200);
    const answerCodes = Object.entries(
      loads.app.reduce<Record<number, number>>(
        (count, load) => ({ ...count, [load.status]: (count[load.status] ?? 0) + 1 }),
        {},
      ),
    ).map(([status, count]) => `${status}×${count}`);

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
      `\nGET /api/{platform}/messages under load (${loads.app.length} requests, ${answerCodes.join(', ')}):`,
    );
    const appMs = okLoads.map((load) => load.ms);
    const bareMs = loads.bare.map((load) => load.ms);
    print(`  Matome   p50 ${ms(percentile(appMs, 0.5))}, p99 ${ms(percentile(appMs, 0.99))}`);
    print(
      `  baseline p50 ${ms(percentile(bareMs, 0.5))}, p99 ${ms(percentile(bareMs, 0.99))} (bare server, the same bytes, same moments)`,
    );
    const { complete, budgetShort, failed, stale } = loads.accounts;
    const failures = Object.entries(failed).map(([code, count]) => `${code} ${count}`);
    print(
      `  accounts in the answers: ${complete} complete, ${budgetShort} missing searches for want of Slack's search budget, ` +
        `failed: ${failures.join(', ') || 'none'} (${stale} of them showing their last good messages)`,
    );
    print(providers.slidingPeaks);

    // Asked after the calls were counted: a gathering these answers start is not the run's.
    const statuses = await slackStatuses([a.base, b.base], users);
    const health = ((await (await fetch(`${a.base}/api/health`)).json()) as { slack_intake?: unknown })
      .slack_intake;
    const completeness = await liveCompleteness([a.base, b.base], users, posted);
    printIntake(print, {
      users,
      listeners,
      posted,
      failedPosts,
      arrivals,
      accounts: loads.accounts,
      slackCalls,
      endSecond,
      runMinutes: minutes,
      statuses,
      health,
      completeness,
      eventsCpuMs,
    });
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
