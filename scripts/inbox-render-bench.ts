import { chromium, type Page } from 'playwright-core';
import { startBuiltApp } from './built-app.ts';
import { ensureWebBuild } from './web-build.ts';

/**
 * The inbox's page change and filter change with 2,000 messages (1,000 sample messages per platform) at 4× CPU
 * slow-down, Lighthouse's phone: time from the click to the first frame painted after the new cards are in the
 * list. Interleaved rounds in one browser; prints the median and min–max of each. Page changes walk forward
 * through the pages; filter changes alternate ChatWork and Slack, whose lists never share a card, so the first
 * card always changes and marks the new result.
 */

const MESSAGES_PER_PLATFORM = 1000;
const CPU_SLOWDOWN = 4;
const ROUNDS = Number(process.env.BENCH_INBOX_ROUNDS ?? 10);
const TARGET_MS = 50;

/** Clicks `button` in the page and resolves with the milliseconds until the frame after the first card changed. */
async function timeClick(page: Page, buttonName: RegExp): Promise<number> {
  const button = await page.getByRole('button', { name: buttonName }).first().elementHandle();
  return page.evaluate(async (element) => {
    const firstCardId = () =>
      document.querySelector('ol [data-message-id]')?.getAttribute('data-message-id') ?? null;
    const before = firstCardId();
    const list = document.querySelector('main') ?? document.body;
    const changed = new Promise<void>((resolve) => {
      const observer = new MutationObserver(() => {
        if (firstCardId() === before) return;
        observer.disconnect();
        resolve();
      });
      observer.observe(list, { childList: true, subtree: true, attributes: true });
    });
    const start = performance.now();
    (element as HTMLElement).click();
    await changed;
    // The frame that shows the change: its rendering runs after this callback, before the posted message.
    await new Promise((resolve) => requestAnimationFrame(resolve));
    await new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = resolve;
      channel.port2.postMessage(null);
    });
    return performance.now() - start;
  }, button);
}

const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  return {
    median,
    text: `median ${median.toFixed(1)} ms (min–max ${sorted[0]!.toFixed(1)}–${sorted.at(-1)!.toFixed(1)})`,
  };
};

export async function inboxRender(): Promise<string[]> {
  ensureWebBuild();
  const app = await startBuiltApp({ SAMPLE_MESSAGES_PER_PLATFORM: String(MESSAGES_PER_PLATFORM) });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const context = await browser.newContext({ baseURL: app.base, viewport: { width: 1280, height: 800 } });
    await context.addInitScript(() => window.localStorage.setItem('matome.language', 'en'));
    const page = await context.newPage();
    const login = await page.request.post('/api/auth/login', {
      data: { email: 'demo-en@example.com', password: 'demo1234' },
    });
    if (!login.ok()) throw new Error(`demo sign-in answered ${login.status()}`);
    await page.goto('/dashboard');
    const range = page.getByRole('navigation', { name: 'Pages of messages (top)' }).locator('p');
    await range.filter({ hasText: `/ ${2 * MESSAGES_PER_PLATFORM}` }).waitFor({ timeout: 60_000 });

    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const pageChanges: number[] = [];
    const filterChanges: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      pageChanges.push(await timeClick(page, /^Next$/));
      filterChanges.push(await timeClick(page, round % 2 === 0 ? /^ChatWork \(/ : /^Slack \(/));
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

    const lines: string[] = [];
    for (const [name, values] of [
      ['page change', pageChanges],
      ['filter change', filterChanges],
    ] as const) {
      const { median, text } = summary(values);
      lines.push(
        `${name} over ${2 * MESSAGES_PER_PLATFORM} messages at ${CPU_SLOWDOWN}× CPU slow-down, click to painted frame: ${text}; target < ${TARGET_MS} ms ${median < TARGET_MS ? 'OK' : 'MISSED'}`,
      );
    }
    return lines;
  } finally {
    await browser.close();
    await app.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await inboxRender()) process.stdout.write(`${line}\n`);
}
