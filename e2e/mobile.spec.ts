import { expect, test, type Page } from '@playwright/test';
import { failOnConsoleErrors, languages, signInAsDemo, useLanguage } from './support.ts';

failOnConsoleErrors();

/** A phone: 390 × 844 CSS pixels, touch, as issue 11 measured it. */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const copy = {
  en: {
    account: 'demo-en',
    list: 'Message list',
    refresh: 'Refresh',
    filters: 'Filters',
    filtersOne: 'Filters (1)',
    slack: /^Slack \(\d+\)$/,
    showResults: /^Show \d+ messages?$/,
    panels: 'Open schedule, connections and settings',
    panelsTitle: 'Schedule, connections and settings',
    schedule: "Today's schedule",
    plan: 'Free plan',
    reply: /^Reply to /,
    viewPost: /^View post on /,
    hide: /^Check and hide /,
    more: /^More actions for the message from /,
    addEvent: /^Add calendar event/,
    tags: 'Add or edit tags',
    demoToast: /This is a demo account, so this action is not available/,
  },
  jp: {
    account: 'demo-ja',
    list: 'メッセージ一覧',
    refresh: '更新',
    filters: '絞り込み',
    filtersOne: '絞り込み（1）',
    slack: /^Slack（\d+）$/,
    showResults: /^\d+件を表示$/,
    panels: '今日の予定・接続・設定を開く',
    panelsTitle: '予定・接続・設定',
    schedule: '今日の予定',
    plan: 'フリープラン',
    reply: /さんに返信$/,
    viewPost: /で投稿を表示/,
    hide: /確認して非表示にする$/,
    more: /のメッセージのその他の操作$/,
    addEvent: /^カレンダーに予定を追加/,
    tags: 'タグを追加・編集',
    demoToast: /デモアカウントのため、この操作はご利用いただけません/,
  },
} as const;

const firstCard = (page: Page, list: string) =>
  page.getByRole('list', { name: list }).getByRole('article').first();

for (const language of languages) {
  const text = copy[language];

  test.describe(`the inbox on a phone (${language})`, () => {
    signInAsDemo(text.account);

    test.beforeEach(async ({ page }) => {
      await useLanguage(page, language);
      await page.goto('/dashboard');
      await expect(firstCard(page, text.list)).toBeVisible();
    });

    test('shows the first message on the first screen, nothing wider than the phone', async ({ page }) => {
      const card = firstCard(page, text.list);
      await expect(card).toBeInViewport({ ratio: 0.5 });
      const box = await card.getByRole('heading').boundingBox();
      expect(box!.y + box!.height).toBeLessThan(844);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
    });

    test('reaches every action of a card in one row, the rest in its menu', async ({ page }) => {
      const card = firstCard(page, text.list);
      const actions = card.getByRole('group');
      const controls = [
        actions.getByRole('button', { name: text.reply }),
        actions.getByRole('link', { name: text.viewPost }),
        actions.getByRole('button', { name: text.hide }),
        actions.getByRole('button', { name: text.more }),
      ];
      // The newest card can be tall (a file, a long body) and its actions below the first screen: brought up as a
      // thumb would scroll to them.
      await actions.scrollIntoViewIfNeeded();
      const middles: number[] = [];
      for (const control of controls) {
        await expect(control).toBeInViewport();
        const box = (await control.boundingBox())!;
        middles.push(box.y + box.height / 2);
      }
      expect(Math.max(...middles) - Math.min(...middles), 'the actions share one row').toBeLessThan(4);

      await actions.getByRole('button', { name: text.more }).click();
      await page.getByRole('menuitem', { name: text.addEvent }).click();
      await expect(page.getByText(text.demoToast).first()).toBeVisible();

      await card.getByRole('button', { name: text.tags }).click();
      await expect(page.getByText(text.demoToast).first()).toBeVisible();
    });

    test('folds the filters into one button whose sheet has counts', async ({ page }) => {
      await expect(page.getByRole('button', { name: text.slack })).toBeHidden();
      // Not merely hidden: a phone does not build the wide screen's filters at all (decision 175).
      await expect(page.locator('input[type="date"]')).toHaveCount(0);
      await page.getByRole('button', { name: text.filters, exact: true }).click();

      const sheet = page.getByRole('dialog', { name: text.filters });
      await expect(sheet.locator('input[type="date"]')).toHaveCount(2);
      await sheet.getByRole('button', { name: text.slack }).click();
      await sheet.getByRole('button', { name: text.showResults }).click();

      await expect(sheet).toBeHidden();
      await expect(page.getByRole('button', { name: text.filtersOne })).toBeVisible();
      await expect(firstCard(page, text.list)).toBeInViewport({ ratio: 0.5 });
    });

    test('opens the schedule and the connections panel from the header', async ({ page }) => {
      await expect(page.getByRole('complementary')).toBeHidden();
      await page.getByRole('banner').getByRole('button', { name: text.panels }).click();

      const sheet = page.getByRole('dialog', { name: text.panelsTitle });
      await expect(sheet.getByText(text.plan)).toBeVisible();
      await expect(sheet.getByRole('region', { name: text.schedule })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(sheet).toBeHidden();
    });

    test('hides the header while scrolling down and brings it back on the way up', async ({ page }) => {
      const header = page.getByRole('banner');
      await expect(header).toBeInViewport();

      await page.mouse.wheel(0, 600);
      await expect(header).not.toBeInViewport();

      await page.mouse.wheel(0, -200);
      await expect(header).toBeInViewport();
    });
  });
}
