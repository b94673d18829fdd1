import { expect, test, type Page } from '@playwright/test';
import {
  axeViolations,
  failOnConsoleErrors,
  languages,
  messageRange as range,
  signInFresh,
  useLanguage,
} from './support.ts';

failOnConsoleErrors();

const TOTAL = 180;

const copy = {
  en: {
    account: 'demo-en',
    messageList: 'Message list',
    density: 'Density',
    compact: 'Compact',
    cards: 'Cards',
  },
  jp: {
    account: 'demo-ja',
    messageList: 'メッセージ一覧',
    density: '表示密度',
    compact: 'コンパクト',
    cards: 'カード',
  },
} as const;

type Copy = (typeof copy)[keyof typeof copy];

const rows = (page: Page, text: Copy) =>
  page.getByRole('list', { name: text.messageList }).getByRole('article');

/** How many of the list's rows lie wholly inside the viewport, the page not scrolled. */
async function rowsFullyInView(page: Page): Promise<number> {
  return page.evaluate(() => {
    const height = window.innerHeight;
    return [...document.querySelectorAll('article[data-message-id]')].filter((article) => {
      const box = article.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= height && box.height > 0;
    }).length;
  });
}

for (const language of languages) {
  const text = copy[language];

  test.describe(`compact density on the demo account (${language})`, () => {
    test.use({ viewport: { width: 1440, height: 900 } });

    test.beforeEach(async ({ page }) => {
      await useLanguage(page, language);
      await signInFresh(page, text.account);
      await expect(range(page)).toHaveText(`1-20 / ${TOTAL}`);
    });

    test('shows at least 12 rows without scrolling, is remembered, and triage keys work on rows', async ({
      page,
    }) => {
      const density = page.getByRole('group', { name: text.density });
      await expect(density.getByRole('button', { name: text.cards })).toHaveAttribute('aria-pressed', 'true');
      await density.getByRole('button', { name: text.compact }).click();
      await expect(density.getByRole('button', { name: text.compact })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(page.locator('article[data-density="compact"]')).toHaveCount(20);

      await page.evaluate(() => window.scrollTo(0, 0));
      const inView = await rowsFullyInView(page);
      await page.screenshot({ path: `test-results/compact-density-${language}.png` });
      test.info().annotations.push({ type: 'rows in view at 1440x900', description: String(inView) });
      expect(inView).toBeGreaterThanOrEqual(12);
      expect(await axeViolations(page)).toEqual([]);

      await page.reload();
      await expect(range(page)).toHaveText(`1-20 / ${TOTAL}`);
      await expect(page.locator('article[data-density="compact"]')).toHaveCount(20);
      await expect(
        page.getByRole('group', { name: text.density }).getByRole('button', { name: text.compact }),
      ).toHaveAttribute('aria-pressed', 'true');

      await page.keyboard.press('j');
      const first = rows(page, text).nth(0);
      await expect(first).toBeFocused();
      await page.keyboard.press('j');
      const second = rows(page, text).nth(1);
      await expect(second).toBeFocused();
      await expect(second).toHaveAttribute('aria-current', 'true');
      await page.keyboard.press('k');
      await expect(first).toBeFocused();
      await page.keyboard.press('j');

      await page.keyboard.press('x');
      await expect(second.getByRole('checkbox')).toBeChecked();
      await page.keyboard.press('x');
      await expect(second.getByRole('checkbox')).not.toBeChecked();

      const secondId = await second.getAttribute('data-message-id');
      await page.keyboard.press('h');
      await expect(page.locator(`[data-message-id="${secondId}"]`)).toHaveCount(0);
      await expect(range(page)).toHaveText(`1-20 / ${TOTAL - 1}`);

      // Enter shows the focused row as a card, and the keyboard stays on it.
      const focusedId = await page.locator('article[aria-current="true"]').getAttribute('data-message-id');
      await page.keyboard.press('Enter');
      const card = page.locator(`article[data-message-id="${focusedId}"]`);
      await expect(card).not.toHaveAttribute('data-density', 'compact');
      await expect(card).toBeFocused();
      expect(await axeViolations(page)).toEqual([]);
    });
  });
}
