import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { baselineReactPageGzip } from './baseline-react-page.ts';
import { startBuiltApp, type BuiltApp } from './built-app.ts';
import { pageJavaScript, type PageJavaScript } from './page-javascript.ts';
import { ensureWebBuild } from './web-build.ts';

/**
 * `npm run check:budgets`: what the pages cost a phone. Builds the web app if needed, starts it, adds up the
 * JavaScript the landing page, /login and the signed-in /dashboard load (as gzip and brotli bytes of the files the
 * build made), beside a default Vite + React page built in the same run, and runs Lighthouse's mobile audits on /,
 * /pricing, /about, /login and /dashboard (signed in as the English demo account), three times each, printing the
 * performance medians beside the issue's goals and, for the public pages, accessibility, best practices and SEO,
 * which must score 100. /dashboard is held in every run, each from an empty cache, with its layout shift. Fails when
 * a figure breaks its limit: the goal, or while a goal is not yet met, the figure reached so far, so no gain is lost
 * (docs/decisions/097, 099 and 166). Lighthouse drives Debian's Chromium and downloads nothing.
 */

const LANDING_JS_GZIP = { goal: 100 * 1024, limit: 100 * 1024 };
/**
 * Issue 26: the JavaScript a first visit loads, gzip, beside a default Vite + React page built in the same run. /login
 * is the app shell (what every screen loads) with the sign-in form; /dashboard is the signed-in first load in all.
 * Both goals are met (docs/decisions/183: 89.0 and 153.9 kB), so the limits are the goals: a build's bytes do not
 * depend on how busy the machine is.
 */
const APP_JS_GZIP = {
  '/login': { goal: 100 * 1024, limit: 100 * 1024 },
  '/dashboard': { goal: 160 * 1024, limit: 160 * 1024 },
} as const;
/** Issue 26: /dashboard must not move under the reader while it loads; every run is held to it. */
const DASHBOARD_CLS_LIMIT = 0.02;
/**
 * Performance goals and limits per page; on the public pages marked `quality`, accessibility, best practices and
 * SEO must also score 100 (issue 15). The limits are floors against a regression on the slowest host CI has run on
 * (docs/decisions/175: the same build scored /pricing 97–99 on one host and 77–84 on one twice as slow); the goals
 * are printed beside them.
 */
const budgets = [
  { path: '/', goal: 95, minimum: 75, signedIn: false, quality: true },
  { path: '/pricing', goal: 95, minimum: 75, signedIn: false, quality: true },
  { path: '/about', goal: 95, minimum: 75, signedIn: false, quality: true },
  { path: '/login', goal: 95, minimum: 75, signedIn: false, quality: true },
  // Issue 26: every run, not the median, signed in and from an empty cache (docs/decisions/166); the limit holds
  // the lowest run reached on the slow host (34) with some room, until the list renders only what is on screen.
  { path: '/dashboard', goal: 95, minimum: 25, signedIn: true, quality: false, everyRun: true },
] as const;
const QUALITY_CATEGORIES = ['accessibility', 'best-practices', 'seo'] as const;
type QualityCategory = (typeof QUALITY_CATEGORIES)[number];
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** A comma-separated list of paths (`BUDGET_PAGES=/dashboard`) measures only those, for a quick look. */
const onlyPages = process.env.BUDGET_PAGES?.split(',');
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/**
 * `WEB_DIST_DIR=/some/build` measures a build made elsewhere (the server reads the same variable), so two builds
 * can be compared in one session; without it the script builds dist/web when it is stale.
 */
const assetsDir = process.env.WEB_DIST_DIR
  ? path.resolve(process.env.WEB_DIST_DIR)
  : fileURLToPath(new URL('../dist/web', import.meta.url));
/** `LIGHTHOUSE_REPORTS=/some/dir` keeps each run's full report there as JSON, to see what a score is made of. */
const reportsDir = process.env.LIGHTHOUSE_REPORTS;
let reportCount = 0;

const print = (line = '') => process.stdout.write(`${line}\n`);
const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
/** Every script the landing page fetches until the network is quiet, sized as the server sends it compressed. */
function landingJs(base: string) {
  return pageJavaScript({
    base,
    pagePath: '/',
    assetsDir,
    chromePath,
    chromeArgs: chromeFlags.slice(1),
    // A page that failed to start would look cheap: measure only one that rendered its heading.
    rendered: async (page) => {
      const heading = await page.getByRole('heading', { level: 1 }).textContent();
      if (!heading || heading.startsWith('landing.'))
        throw new Error(`the landing page did not render: ${heading}`);
    },
  });
}

/** The app's first loads: the sign-in page, and the dashboard signed in as the English demo account. */
function appJs(base: string, pagePath: keyof typeof APP_JS_GZIP) {
  return pageJavaScript({
    base,
    pagePath,
    assetsDir,
    chromePath,
    chromeArgs: chromeFlags.slice(1),
    signIn: pagePath === '/dashboard' ? { email: 'demo-en@example.com', password: 'demo1234' } : undefined,
    rendered: async (page) => {
      const shown =
        pagePath === '/login'
          ? page.getByRole('button', { name: 'Login', exact: true })
          : page.getByRole('button', { name: 'Account menu for Demo User' });
      await shown.waitFor({ timeout: 30_000 });
    },
  });
}

function printFiles(javascript: PageJavaScript) {
  for (const file of javascript.files) {
    print(
      `  ${file.pathname}  ${kilobytes(file.raw)} raw, ${kilobytes(file.gzip)} gzip, ${kilobytes(file.brotli)} brotli`,
    );
  }
}

/** Signs the demo account in inside Lighthouse's own browser, so /dashboard opens signed in (storage is kept). */
async function signInDemo(chrome: LaunchedChrome, base: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    await page.goto(`${base}/login`);
    const status = await page.evaluate(async () => {
      const response = await fetch('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-matome-csrf': '1' },
        body: JSON.stringify({ email: 'demo-en@example.com', password: 'demo1234' }),
      });
      return response.status;
    });
    if (status !== 200) throw new Error(`demo sign-in answered ${status}`);
    await page.close();
  } finally {
    await browser.close();
  }
}

/**
 * Lighthouse keeps storage between runs so the session cookie stays; this empties what would make a run a repeat
 * visit instead: the HTTP cache, and the service worker with the assets it precached.
 */
async function emptyCaches(chrome: LaunchedChrome, base: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    const session = await page.context().newCDPSession(page);
    await session.send('Network.clearBrowserCache');
    await session.send('Storage.clearDataForOrigin', {
      origin: base,
      storageTypes: 'service_workers,cache_storage',
    });
    await page.close();
  } finally {
    await browser.close();
  }
}

const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
] as const;

interface Run {
  score: number;
  cls: number;
  /** The run's metrics as Lighthouse displays them, to see where a low score comes from. */
  metrics: string;
  /** Accessibility, best-practices and SEO scores, when asked for, with the audits that cost points. */
  quality: Partial<Record<QualityCategory, { score: number; failing: string[] }>>;
}

/** Lighthouse's own "please run Lighthouse again" failures: a trace it could not record, not a slow page. */
const TRACE_FAILURES = new Set([
  'NO_TRACING_STARTED',
  'NO_RESOURCE_REQUEST',
  'NO_NAVSTART',
  'NO_DCL',
  'NO_FMP',
]);
const ATTEMPTS = 3;

/** `beforeEach` runs before every attempt: a retried /dashboard run must start from an empty cache too. */
async function lighthouseRun(
  chrome: LaunchedChrome,
  url: string,
  withQuality: boolean,
  beforeEach?: () => Promise<void>,
): Promise<Run> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await beforeEach?.();
      return await lighthouseAttempt(chrome, url, withQuality);
    } catch (error) {
      if (!(error instanceof TraceNotRecorded) || attempt === ATTEMPTS) throw error;
      print(
        `              (${url}: ${error.code}, Lighthouse asks to run again; attempt ${attempt + 1} of ${ATTEMPTS})`,
      );
    }
  }
}

class TraceNotRecorded extends Error {
  readonly code: string;
  constructor(message: string, code: string) {
    super(message);
    this.code = code;
  }
}

async function lighthouseAttempt(chrome: LaunchedChrome, url: string, withQuality: boolean): Promise<Run> {
  const categories = withQuality ? ['performance', ...QUALITY_CATEGORIES] : ['performance'];
  const result = await lighthouse(
    url,
    { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: categories },
    { extends: 'lighthouse:default', settings: { formFactor: 'mobile', disableStorageReset: true } },
  );
  if (reportsDir && result) {
    mkdirSync(reportsDir, { recursive: true });
    reportCount += 1;
    const name = `${String(reportCount).padStart(2, '0')}${new URL(url).pathname.replaceAll('/', '-') || '-'}.json`;
    writeFileSync(path.join(reportsDir, name), JSON.stringify(result.lhr));
  }
  const landedOn = result ? new URL(result.lhr.finalDisplayedUrl).pathname : null;
  if (landedOn !== new URL(url).pathname) throw new Error(`${url} ended on ${landedOn}, not the page itself`);
  const score = result?.lhr.categories.performance?.score;
  if (typeof score !== 'number') {
    const failedAudits = Object.values(result?.lhr.audits ?? {})
      .filter((audit) => audit.errorMessage)
      .map((audit) => `${audit.id}: ${audit.errorMessage}`);
    const reasons = [result?.lhr.runtimeError?.message, ...failedAudits].filter(Boolean).join('; ');
    const message = `Lighthouse gave no score for ${url}: ${reasons}`;
    const code = result?.lhr.runtimeError?.code;
    if (code && TRACE_FAILURES.has(code)) throw new TraceNotRecorded(message, code);
    throw new Error(message);
  }
  const metrics = METRICS.map((id) => `${id} ${result?.lhr.audits[id]?.displayValue ?? '?'}`).join(', ');
  const quality: Run['quality'] = {};
  for (const id of withQuality ? QUALITY_CATEGORIES : []) {
    const category = result!.lhr.categories[id];
    const failing = (category?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && result!.lhr.audits[ref.id]?.score !== null)
      .filter((ref) => (result!.lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id);
    quality[id] = { score: Math.round((category?.score ?? 0) * 100), failing };
  }
  const cls = result!.lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN;
  return { score: Math.round(score * 100), cls, metrics, quality };
}

if (!process.env.WEB_DIST_DIR) ensureWebBuild();
const app: BuiltApp = await startBuiltApp();
let failed = false;
try {
  const landing = await landingJs(app.base);
  print('Landing page JavaScript (/), as sent compressed:');
  printFiles(landing);
  const withinBudget = landing.gzip <= LANDING_JS_GZIP.limit;
  print(
    `  total ${kilobytes(landing.raw)} raw, ${kilobytes(landing.gzip)} gzip, ${kilobytes(landing.brotli)} brotli` +
      ` (goal ${kilobytes(LANDING_JS_GZIP.goal)} gzip ${landing.gzip <= LANDING_JS_GZIP.goal ? 'met' : 'missed'};` +
      ` limit ${kilobytes(LANDING_JS_GZIP.limit)}) ${withinBudget ? 'OK' : 'OVER BUDGET'}`,
  );
  failed ||= !withinBudget;

  const baseline = await baselineReactPageGzip();
  print(`\nApp JavaScript, first load on a phone from an empty cache, gzip (issue 26):`);
  print(
    `  baseline: a default Vite + React page ${kilobytes(baseline.gzip)} gzip (${kilobytes(baseline.raw)} raw)`,
  );
  for (const [pagePath, { goal, limit }] of Object.entries(APP_JS_GZIP)) {
    if (onlyPages && !onlyPages.includes(pagePath)) continue;
    const javascript = await appJs(app.base, pagePath as keyof typeof APP_JS_GZIP);
    const label = pagePath === '/login' ? '/login shell' : '/dashboard first-load total';
    const within = javascript.gzip <= limit;
    print(
      `  ${label}: ${kilobytes(javascript.gzip)} gzip in ${javascript.files.length} files, ` +
        `${(javascript.gzip / baseline.gzip).toFixed(2)}× the baseline (goal ${kilobytes(goal)} ` +
        `${javascript.gzip <= goal ? 'met' : 'missed'}; limit ${kilobytes(limit)}) ${within ? 'OK' : 'OVER BUDGET'}`,
    );
    if (process.env.BUDGET_FILES) printFiles(javascript);
    failed ||= !within;
  }

  // LIGHTHOUSE_RUNS=0 measures the bytes alone, for a quick look.
  if (RUNS > 0) {
    const chrome = await launch({ chromePath, chromeFlags });
    try {
      print(
        `\nLighthouse, mobile (performance: median of ${RUNS}; /dashboard: every run, each from an empty cache):`,
      );
      let signedIn = false;
      for (const budget of budgets) {
        const { path: pagePath, goal, minimum, signedIn: needsSignIn, quality } = budget;
        const everyRun = 'everyRun' in budget && budget.everyRun;
        if (onlyPages && !onlyPages.includes(pagePath)) continue;
        // A signed-in visitor is sent from /login to the dashboard, so the public pages are measured first.
        if (needsSignIn && !signedIn) {
          await signInDemo(chrome, app.base);
          signedIn = true;
        }
        const runs: Run[] = [];
        for (let run = 0; run < RUNS; run += 1) {
          const empty = everyRun ? () => emptyCaches(chrome, app.base) : undefined;
          runs.push(await lighthouseRun(chrome, `${app.base}${pagePath}`, quality, empty));
        }
        const scores = runs.map((run) => run.score);
        const score = everyRun ? Math.min(...scores) : median(scores);
        const held = everyRun ? 'lowest' : 'median';
        print(
          `  ${pagePath.padEnd(11)} ${score} ${held} (runs ${scores.join(', ')}; goal ≥ ${goal} ${score >= goal ? 'met' : 'missed'}; limit ≥ ${minimum}) ${score >= minimum ? 'OK' : 'BELOW BUDGET'}`,
        );
        print(`              ${held} run: ${runs.find((run) => run.score === score)!.metrics}`);
        failed ||= score < minimum;
        if (pagePath === '/dashboard') {
          const worstShift = Math.max(...runs.map((run) => run.cls));
          const steady = worstShift <= DASHBOARD_CLS_LIMIT;
          print(
            `              cumulative layout shift ${worstShift.toFixed(3)} (highest of ${RUNS}; goal and limit ≤ ${DASHBOARD_CLS_LIMIT}) ${steady ? 'OK' : 'OVER BUDGET'}`,
          );
          failed ||= !steady;
        }
        for (const id of quality ? QUALITY_CATEGORIES : []) {
          // Unlike performance these audits do not depend on timing, so every run must score full marks.
          const worst = runs.map((run) => run.quality[id]!).sort((a, b) => a.score - b.score)[0]!;
          const full = worst.score === 100;
          print(
            `              ${id} ${worst.score} (lowest of ${RUNS}; limit 100) ${full ? 'OK' : `BELOW BUDGET: ${worst.failing.join(', ')}`}`,
          );
          failed ||= !full;
        }
      }
    } finally {
      chrome.kill();
    }
  }
} finally {
  await app.stop();
}
if (failed) {
  print('\nA budget was missed.');
  process.exit(1);
}
