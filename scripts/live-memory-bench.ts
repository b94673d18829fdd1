import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import {
  SANDBOX_SLACK_SIGNING_SECRET,
  sandboxAppEnv,
} from '../emulators/sandbox-seed/start-sandbox-emulators.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { users } from '../src/server/db/schema/users.ts';
import { hashPassword } from '../src/server/modules/auth/passwords.ts';
import { createPostgresTestDatabase } from '../src/server/test/test-app.ts';
import { startBuiltApp } from './built-app.ts';
import { configureEvents, postEvent } from './load-events.ts';
import { seedLoadDatabase } from './load-seed.ts';
import { child, firstLine, stopChild } from './load-processes.ts';
import { ensureWebBuild } from './web-build.ts';

/**
 * Issue 26's memory row (`npm run bench`, part `live`; decisions 165, 169 and 171): the inbox open in Chromium for
 * BENCH_LIVE_MINUTES (default 30) while Slack messages reach it live. The Slack and ChatWork emulators of the load
 * scenario (load-seed.ts, with 10 users) stand in for the platforms and the built app runs on a PostgreSQL database
 * of its own; the first seeded user, with two Slack workspaces and a ChatWork account, signs in with a password.
 * Every BENCH_LIVE_EVENT_SECONDS (default 5) the emulator posts a message for them (a mention, a DM or an
 * `@here`) and delivers its event to the app, which streams it to the open page; once a minute the person shows
 * what came (the new-messages button), as a reader does.
 *
 * Where the start reading is taken: once the list is shown and the stream is open, BENCH_LIVE_WARM_UP messages
 * (default 200) fill the reader's two Slack accounts and are shown; then live messages arrive at the same pace, with
 * the button pressed once a minute, for BENCH_LIVE_WARM_UP_MINUTES (default 3), and only then is the start read.
 * Heap snapshots of a run (decision 171) put 590 kB of the first three minutes' growth in objects every inbox holds
 * once its cards have been updated a few times (React's second copy of each fiber with its hooks) and which then
 * stayed level: from minute 3 to 15 the heap's objects other than compiled code grew by 68 kB. So the start is an
 * inbox in use, and what is measured is what the 30 minutes after it leave behind, including the code V8 goes on
 * compiling for the paths live messages take. The reading before the warm-up is printed beside it.
 * JS heap (after a forced garbage collection) and DOM nodes are read through the DevTools protocol at the start,
 * every 5 minutes and at the end, after the last messages are shown; the growth from the start to the end is the
 * goal's figure (< 10 %).
 */

const GOAL_GROWTH = 0.1;
const USERS = 10;
const PASSWORD = 'live-memory-bench';
/**
 * Messages posted before the start: 200 fill each of the reader's two Slack accounts to the 100 messages the server
 * answers for an account, so the start is an inbox in use, holding what it will hold, and the growth measured is
 * what 30 minutes of live messages leave behind, not the inbox filling up (`BENCH_LIVE_WARM_UP=20` starts with one
 * full page only, decision 169).
 */
const DEFAULT_WARM_UP_MESSAGES = 200;
const DEFAULT_WARM_UP_MINUTES = 3;
/** How often the heap is read between the start and the end, to show whether it still grows or has levelled off. */
const READING_EVERY_MINUTES = 5;

/** A number of the bench's settings from the environment: above zero (or zero too, where that means "none"). */
function setting(name: string, fallback: number, { zeroAllowed = false } = {}): number {
  const number = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(number) || number < 0 || (number === 0 && !zeroAllowed)) {
    throw new Error(`${name} must be ${zeroAllowed ? 'zero or ' : ''}a positive number`);
  }
  return number;
}

interface Reading {
  heapBytes: number;
  domNodes: number;
  cards: number;
}

/** The page's memory once garbage is collected: JS heap in use, DOM nodes alive (attached or not) and cards. */
async function read(page: Page, cdp: CDPSession): Promise<Reading> {
  for (let round = 0; round < 3; round += 1) await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const nodes = metrics.find((metric) => metric.name === 'Nodes')?.value ?? Number.NaN;
  const cards = await page.locator('[data-message-id]').count();
  return { heapBytes: usedSize, domNodes: nodes, cards };
}

/** Shows what arrived, when something did: the new-messages button above the list. */
async function revealArrived(page: Page): Promise<boolean> {
  const pill = page.getByRole('button', { name: /^\d+ new messages?$/ });
  if ((await pill.count()) === 0) return false;
  await pill.click();
  // The next message may bring the button back at once: the list's redraw is what is waited for.
  await page.waitForTimeout(500);
  return true;
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;
const growth = (from: number, to: number) => (to - from) / from;
const percent = (share: number) => `${share >= 0 ? '+' : ''}${(share * 100).toFixed(1)} %`;

export async function liveMemory(): Promise<string[]> {
  const minutes = setting('BENCH_LIVE_MINUTES', 30);
  const eventSeconds = setting('BENCH_LIVE_EVENT_SECONDS', 5);
  const databaseUrl =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/test';
  ensureWebBuild();

  const cleanups: (() => Promise<unknown>)[] = [];
  try {
    const emulators = child('scripts/load-emulators.ts', [String(Date.now()), String(USERS)], {}, 'pipe');
    cleanups.push(() => stopChild(emulators));
    const urls = JSON.parse(await firstLine(emulators)) as { slack: string; chatwork: string };

    const database = (await createPostgresTestDatabase(databaseUrl))!;
    cleanups.push(database.drop);
    const secrets = {
      jwtSecret: randomBytes(48).toString('base64url'),
      tokenEncryptionKey: randomBytes(32).toString('base64'),
    };
    const handle = await openDatabase({ databaseUrl: database.url, dataDir: null });
    const [reader] = await seedLoadDatabase(handle, secrets, USERS);
    await handle.db
      .update(users)
      .set({ passwordHash: await hashPassword(PASSWORD) })
      .where(eq(users.id, reader!.userId));
    await handle.close();

    const app = await startBuiltApp({
      DATABASE_URL: database.url,
      JWT_SECRET: secrets.jwtSecret,
      TOKEN_ENCRYPTION_KEY: secrets.tokenEncryptionKey,
      DEMO_ACCOUNTS: 'none',
      LOG_LEVEL: 'error',
      ...sandboxAppEnv(urls),
    });
    cleanups.push(app.stop);
    await configureEvents(urls.slack, `${app.base}/api/slack/events`, SANDBOX_SLACK_SIGNING_SECRET);

    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    });
    cleanups.push(() => browser.close());
    const context = await browser.newContext({ baseURL: app.base, viewport: { width: 1280, height: 800 } });
    await context.addInitScript(() => window.localStorage.setItem('matome.language', 'en'));
    const page = await context.newPage();
    const login = await page.request.post('/api/auth/login', {
      data: { email: 'load-0@example.com', password: PASSWORD },
    });
    if (!login.ok()) throw new Error(`the reader's sign-in answered ${login.status()}`);
    await page.goto('/dashboard');
    await page.locator('[data-message-id]').first().waitFor({ timeout: 60_000 });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');

    // The stream is open once a first message arrives through it; a full first page follows, so the start is an
    // inbox in use rather than one whose page still has room for the cards to come.
    let posted = 0;
    const post = async () => {
      await postEvent(urls.slack, reader!, USERS);
      posted += 1;
    };
    await post();
    await page.getByRole('button', { name: /^\d+ new messages?$/ }).waitFor({ timeout: 30_000 });
    const warmUp = setting('BENCH_LIVE_WARM_UP', DEFAULT_WARM_UP_MESSAGES);
    for (let warming = 0; warming < warmUp; warming += 1) await post();
    await page.waitForTimeout(2_000);
    await revealArrived(page);
    await page.waitForTimeout(2_000);
    const beforeWarmUp = await read(page, cdp);

    /** Messages arrive at the bench's pace and are shown once a minute, for this long. */
    const receive = async (durationMs: number, onMinute?: (minute: number) => Promise<void>) => {
      const began = Date.now();
      const end = began + durationMs;
      let nextReveal = began + 60_000;
      let minutesDone = 0;
      let reveals = 0;
      while (Date.now() < end) {
        await post();
        if (Date.now() >= nextReveal) {
          if (await revealArrived(page)) reveals += 1;
          nextReveal += 60_000;
        }
        while (onMinute && Date.now() - began >= (minutesDone + 1) * 60_000) {
          minutesDone += 1;
          await onMinute(minutesDone);
        }
        await page.waitForTimeout(Math.min(eventSeconds * 1000, Math.max(0, end - Date.now())));
      }
      return reveals;
    };

    const warmUpMinutes = setting('BENCH_LIVE_WARM_UP_MINUTES', DEFAULT_WARM_UP_MINUTES, {
      zeroAllowed: true,
    });
    await receive(warmUpMinutes * 60_000);
    await page.waitForTimeout(2_000);
    await revealArrived(page);
    await page.waitForTimeout(2_000);
    const start = await read(page, cdp);
    posted = 0;

    const along: string[] = [];
    let reveals = await receive(minutes * 60_000, async (minute) => {
      if (minute % READING_EVERY_MINUTES !== 0 || minute >= minutes) return;
      along.push(`${minute} min ${mib((await read(page, cdp)).heapBytes)}`);
    });
    // The last messages arrive and are shown, as at the start.
    await page.waitForTimeout(2_000);
    if (await revealArrived(page)) reveals += 1;
    await page.waitForTimeout(2_000);
    const last = await read(page, cdp);

    const heapGrowth = growth(start.heapBytes, last.heapBytes);
    return [
      `JS heap before the warm-up ${mib(beforeWarmUp.heapBytes)}; after ${warmUpMinutes} min of live messages (the start) ${mib(start.heapBytes)}; along the way: ${[...along, `${minutes} min ${mib(last.heapBytes)}`].join(', ')} (${percent(growth(beforeWarmUp.heapBytes, last.heapBytes))} from before the warm-up)`,
      `${posted} Slack messages arrived live over ${minutes} min (one every ${eventSeconds} s, shown ${reveals} times); cards on the page ${start.cards} → ${last.cards}`,
      `inbox memory after ${minutes} min of live updates: JS heap ${mib(last.heapBytes)} (at start ${mib(start.heapBytes)}, ${percent(heapGrowth)}), DOM nodes ${last.domNodes} (at start ${start.domNodes}, ${percent(growth(start.domNodes, last.domNodes))}); goal growth < ${GOAL_GROWTH * 100} % ${heapGrowth < GOAL_GROWTH ? 'OK' : 'MISSED'}`,
    ];
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await liveMemory()) process.stdout.write(`${line}\n`);
}
