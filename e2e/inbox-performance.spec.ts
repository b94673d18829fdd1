import { expect, test } from '@playwright/test';
import { largeSampleBaseURL } from './support.ts';

/**
 * Prints how long a filter change takes to re-render the list with 2,000 messages (1,000 per platform). A figure,
 * not a pass mark: timings depend on the machine, so the test checks what was rendered and prints the time.
 */
test.use({ baseURL: largeSampleBaseURL });

const TOTAL = 2000;
const ROUNDS = 5;

test('a filter change over 2,000 messages re-renders quickly', async ({ page }) => {
  test.setTimeout(90_000);
  await page.addInitScript(() => window.localStorage.setItem('matome.language', 'en'));
  await page.goto('/login');
  await page.getByLabel('Email address').fill('demo-en@example.com');
  await page.getByLabel('Password').fill('demo1234');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  const range = page.getByRole('navigation', { name: 'Pages of messages (top)' }).locator('p');
  await expect(range).toHaveText(`1-20 / ${TOTAL}`, { timeout: 30_000 });

  // Each step presses a filter and records when the range label shows the new total: that is the DOM committed
  // after the click (React flushes a click's update in a microtask), then the start of the next frame.
  const steps = [
    { button: /^ChatWork \(/, total: 1000 },
    { button: /^Slack \(/, total: 1000 },
    { button: /^All \(/, total: TOTAL },
  ];
  const commits: number[] = [];
  const frames: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const step of steps) {
      const button = page.getByRole('button', { name: step.button });
      await button.waitFor();
      const handle = await button.elementHandle();
      const timing = await page.evaluate(
        async ({ element, expected }) => {
          const label = document.querySelector('nav[aria-label="Pages of messages (top)"] p');
          const start = performance.now();
          (element as HTMLButtonElement).click();
          let committed = Number.NaN;
          for (let tick = 0; tick < 1000; tick += 1) {
            if (label?.textContent?.endsWith(`/ ${expected}`)) {
              committed = performance.now() - start;
              break;
            }
            await Promise.resolve();
          }
          await new Promise((resolve) => requestAnimationFrame(resolve));
          return { committed, frame: performance.now() - start };
        },
        { element: handle, expected: step.total },
      );
      await expect(range).toHaveText(new RegExp(`/ ${step.total}$`));
      if (!Number.isNaN(timing.committed)) commits.push(timing.committed);
      frames.push(timing.frame);
    }
  }

  const summary = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return `median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`;
  };
  process.stdout.write(
    `[bench] filter change over ${TOTAL} messages (${frames.length} changes): DOM updated ${summary(commits)}; next frame ${summary(frames)} (target < 50 ms)\n`,
  );
  expect(commits.length).toBe(frames.length);
});
