import { chromium } from 'playwright-core';
import { startBuiltApp } from './built-app.ts';

/**
 * `node scripts/first-load-timing.ts before=/tmp/build-a after=/tmp/build-b` (ROUNDS=4 by default): the signed-in
 * /dashboard's first paint, largest paint and first card, from an empty cache, in Chromium on a phone's screen and
 * a throttled network (150 ms latency, 1.6 Mbit/s down, as Lighthouse's mobile preset) without CPU slow-down,
 * for several builds served by this checkout's server, interleaved round by round. Lighthouse's own simulation
 * shares bandwidth without priorities and scales the machine's CPU time, so on a busy machine a change in the
 * order of requests is easier to see here (docs/decisions/173). Prints each run and the medians.
 */
const variants = process.argv.slice(2);
const print = (line: string) => process.stdout.write(`${line}\n`);
const ROUND_TRIP_MS = 150;
const DOWNLOAD_BYTES_PER_SECOND = (1.6 * 1024 * 1024) / 8;
const UPLOAD_BYTES_PER_SECOND = (750 * 1024) / 8;
const rounds = Number(process.env.ROUNDS ?? 4);
const results: Record<string, { fcp: number; lcp: number; list: number }[]> = {};
const apps = new Map<string, Awaited<ReturnType<typeof startBuiltApp>>>();
for (const variant of variants) {
  const [name, dir] = variant.split('=') as [string, string];
  apps.set(name, await startBuiltApp({ WEB_DIST_DIR: dir }));
}
for (let round = 0; round < rounds; round += 1) {
  for (const variant of variants) {
    const [name] = variant.split('=') as [string, string];
    const app = apps.get(name)!;
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
    try {
      const context = await browser.newContext({
        serviceWorkers: 'block',
        viewport: { width: 412, height: 823 },
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      await page.goto(`${app.base}/favicon.svg`);
      await page.evaluate(async () => {
        await fetch('/api/auth/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-matome-csrf': '1' },
          body: JSON.stringify({ email: 'demo-en@example.com', password: 'demo1234' }),
        });
      });
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.clearBrowserCache');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: ROUND_TRIP_MS,
        downloadThroughput: DOWNLOAD_BYTES_PER_SECOND,
        uploadThroughput: UPLOAD_BYTES_PER_SECOND,
      });
      await page.addInitScript(() => {
        (window as unknown as { __lcp: number }).__lcp = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries())
            (window as unknown as { __lcp: number }).__lcp = entry.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      await page.goto(`${app.base}/dashboard`);
      await page.locator('ol li article').first().waitFor({ timeout: 60_000 });
      const list = await page.evaluate(() => performance.now());
      await page.waitForTimeout(1500);
      const timing = await page.evaluate(() => ({
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1,
        lcp: (window as unknown as { __lcp: number }).__lcp,
      }));
      (results[name] ??= []).push({ ...timing, list });
      print(
        `${round} ${name} FCP ${Math.round(timing.fcp)} LCP ${Math.round(timing.lcp)} card ${Math.round(list)}`,
      );
    } finally {
      await browser.close();
    }
  }
}
for (const app of apps.values()) await app.stop();
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
for (const [name, runs] of Object.entries(results)) {
  print(
    `${name}: median FCP ${Math.round(median(runs.map((r) => r.fcp)))} ms, LCP ${Math.round(median(runs.map((r) => r.lcp)))} ms, first card ${Math.round(median(runs.map((r) => r.list)))} ms (n=${runs.length})`,
  );
}
