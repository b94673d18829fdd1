import { expect, test, type Page } from '@playwright/test';
import {
  axeViolations,
  failOnConsoleErrors,
  languages,
  signInAsDemo,
  skipOnboarding,
  useLanguage,
} from './support.ts';

failOnConsoleErrors();

/** What a newcomer met in issue 11, in a demo account on a desktop. */
const copy = {
  en: {
    account: 'demo-en',
    list: 'Message list',
    next: 'Next',
    panel: /^Connections/,
    plan: 'Free plan',
    usage: '0 of 2 connections used',
    sample: /sample connections are shown for trying Matome; they do not count against your plan/,
    tag: 'Tag',
    accounts: 'Accounts',
    showMore: 'Show more',
    footer: ['About', 'Contact', 'Privacy policy'],
    tagsHeading: 'Tags',
  },
  jp: {
    account: 'demo-ja',
    list: 'メッセージ一覧',
    next: '次へ',
    panel: /^接続/,
    plan: 'フリープラン',
    usage: '2 件中 0 件を接続中',
    sample: /お試し用のサンプル接続（\d+件）を表示しています。プランの接続数には含まれません。/,
    tag: 'タグ',
    accounts: 'アカウント',
    showMore: '続きを表示',
    footer: ['まとめについて', 'お問い合わせ', 'プライバシーポリシー'],
    tagsHeading: 'タグ',
  },
} as const;

const list = (page: Page, name: string) => page.getByRole('list', { name });

for (const language of languages) {
  const text = copy[language];

  test.describe(`a newcomer in the demo inbox (${language})`, () => {
    signInAsDemo(text.account);

    test.beforeEach(async ({ page }) => {
      await useLanguage(page, language);
    });

    test('sees names and emoji in Slack messages, never raw ids or short codes', async ({ page }) => {
      await page.goto('/dashboard');
      const messages = list(page, text.list);
      let drawn = '';
      for (let pageNumber = 1; pageNumber <= 4; pageNumber += 1) {
        await expect(messages.getByRole('article').first()).toBeVisible();
        const shown = await messages.innerText();
        expect(shown).not.toMatch(/@U[0-9A-Z]{6,}/);
        expect(shown).not.toMatch(/:(tada|wave|\+1|eyes|rocket|pray|white_check_mark):/);
        drawn += shown;
        await page.getByRole('button', { name: text.next }).first().click();
      }
      // The sample's short names arrive drawn, from the emoji each message carries (docs/decisions/170).
      expect(drawn).toMatch(/🎉|✅|👋/u);
    });

    test('offers "Show more" only where the text is really cut off', async ({ page }) => {
      await page.goto('/dashboard');
      const messages = list(page, text.list);
      await expect(messages.getByRole('article').first()).toBeVisible();
      for (let pageNumber = 1; pageNumber <= 4; pageNumber += 1) {
        const toggles = messages.getByRole('button', { name: text.showMore });
        for (const toggle of await toggles.all()) {
          const id = (await toggle.getAttribute('aria-controls'))!;
          const clamped = await page.evaluate((contentId) => {
            const element = document.getElementById(contentId)!;
            return element.scrollHeight > element.clientHeight;
          }, id);
          expect(clamped, `content ${id} offers Show more`).toBe(true);
        }
        await page.getByRole('button', { name: text.next }).first().click();
      }
    });

    test('shows sample connections as such, not as usage of the plan, each in its own colour', async ({
      page,
    }) => {
      await page.goto('/dashboard');
      await expect(list(page, text.list).getByRole('article').first()).toBeVisible();
      await page.getByRole('button', { name: text.panel }).click();

      await expect(page.getByText(text.plan, { exact: true })).toBeVisible();
      await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuetext', text.usage);
      await expect(page.getByText(text.sample)).toBeVisible();

      const chips = page.getByRole('group', { name: text.accounts }).getByRole('button');
      const colours = await chips.evaluateAll((buttons) =>
        buttons.map((button) => getComputedStyle(button.querySelector('span')!).backgroundColor),
      );
      expect(colours.length).toBeGreaterThan(2);
      expect(new Set(colours).size).toBe(colours.length);
    });

    test('?t=1 opens the guide and leaves the address; the inbox filters by any of its tags, with counts', async ({
      page,
    }) => {
      await page.goto('/dashboard?t=1');
      await expect(page).toHaveURL(/\/dashboard$/);
      await skipOnboarding(page, language);
      await expect(list(page, text.list).getByRole('article').first()).toBeVisible();
      expect(await axeViolations(page), 'the dashboard passes axe').toEqual([]);

      const options = page.getByRole('combobox', { name: text.tag }).getByRole('option');
      // "All tags" and the eight sample tags, each with its count.
      await expect(options).toHaveCount(9);
      for (const option of (await options.allInnerTexts()).slice(1)) {
        expect(option).toMatch(/[(（]\d+[)）]$/);
      }
    });

    test('reads in one language, footer included, and the tags page passes axe', async ({ page }) => {
      await page.goto('/tags');
      await expect(page.getByRole('heading', { level: 1, name: text.tagsHeading })).toBeVisible();
      const footer = page.getByRole('contentinfo');
      for (const link of text.footer) await expect(footer.getByRole('link', { name: link })).toBeVisible();
      if (language === 'jp') {
        await expect(footer).not.toContainText('Matome');
        // Lines break between phrases, not inside a word such as ダイレクトメッセージ.
        await expect(page.getByRole('heading', { level: 1 })).toHaveCSS('word-break', 'auto-phrase');
      }

      await expect(page.getByRole('list').first()).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });
  });
}
