import { expect, test, type Page } from '@playwright/test';
import { largeSampleBaseURL, signInWithPassword } from './support.ts';

/**
 * With 2,000 messages (1,000 per platform), page and filter changes show the right cards. A behaviour check:
 * how long they take is a figure `npm run bench` prints (scripts/inbox-render-bench.ts), never a pass mark here.
 * Each step waits for the rendered cards themselves, not a label that may read the same before and after.
 */
test.use({ baseURL: largeSampleBaseURL });

const TOTAL = 2000;

/**
 * The ids of the page's cards, once all 20 are in: the cards one screen shows come first, the rest a frame later
 * (decision 165).
 */
async function cardIds(page: Page) {
  const cards = page.getByRole('list', { name: 'Message list' }).locator('[data-message-id]');
  await expect(cards).toHaveCount(20);
  return cards.evaluateAll((found) => found.map((card) => card.getAttribute('data-message-id')));
}

test('page and filter changes over 2,000 messages show the cards they promise', async ({ page }) => {
  test.setTimeout(90_000);
  await page.addInitScript(() => window.localStorage.setItem('matome.language', 'en'));
  await signInWithPassword(page, 'demo-en@example.com', 'demo1234');
  const range = page.getByRole('navigation', { name: 'Pages of messages (top)' }).locator('p');
  await expect(range).toHaveText(`1-20 / ${TOTAL}`, { timeout: 30_000 });

  const firstPage = await cardIds(page);
  await page
    .getByRole('navigation', { name: 'Pages of messages (top)' })
    .getByRole('button', { name: 'Next' })
    .click();
  await expect(range).toHaveText(`21-40 / ${TOTAL}`);
  await expect.poll(async () => (await cardIds(page)).some((id) => firstPage.includes(id))).toBe(false);

  // ChatWork and Slack have the same totals, so only the cards tell the two results apart: they share none.
  const shown: (string | null)[][] = [];
  for (const filter of [/^ChatWork \(/, /^Slack \(/, /^ChatWork \(/]) {
    const before = await cardIds(page);
    await page.getByRole('button', { name: filter }).click();
    await expect(range).toHaveText('1-20 / 1000');
    // The first change leaves page 2 of everything, which may share cards with ChatWork's first page.
    if (shown.length > 0) {
      await expect.poll(async () => (await cardIds(page)).some((id) => before.includes(id))).toBe(false);
    }
    shown.push(await cardIds(page));
  }
  expect(shown[2]).toEqual(shown[0]);
});
