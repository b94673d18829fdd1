import { expect, test, type Page } from '@playwright/test';
import { PUBLIC_PAGE_META } from '../src/contract/page-meta.ts';
import { axeViolations, copy, failOnConsoleErrors, useLanguage } from './support.ts';

failOnConsoleErrors();

const text = {
  en: {
    heading: 'Every Slack and ChatWork mention, gathered in one inbox',
    sections: [
      'Everything you need to keep up with your chats',
      'See it in action',
      'Pricing',
      'Get started in three steps',
      'Frequently asked questions',
      'Bring your mentions together today',
    ],
    features: [
      'Mentions in one list',
      'Reply without switching apps',
      'Tags to sort your work',
      'Google integration',
    ],
    comingSoon: 'Coming soon',
    plan: 'Free beta tester plan',
    anchors: { Features: '#features', 'How it works': '#workflow', FAQ: '#faq' },
    questions: [
      'Does Matome store my messages?',
      'What permissions does Matome ask for?',
      'How much does it cost?',
      'Which chat services are supported?',
      'How is my account kept safe?',
    ],
    enlargeInbox: 'Enlarge screenshot: The unified inbox',
    inbox: 'The unified inbox',
    close: 'Close',
    viewDemo: 'View demo',
    tryDemo: 'Try the demo',
    register: 'Register for the beta',
  },
  jp: {
    heading: 'Slack と ChatWork のメンションを、ひとつの受信箱にまとめて',
    sections: [
      '見落としを防ぐための機能がそろっています',
      '実際の画面',
      '料金',
      '3 つのステップで始められます',
      'よくあるご質問',
      '今日からメンションをひとつにまとめましょう',
    ],
    features: ['メンションをひとつのリストに', 'アプリを切り替えずに返信', 'タグで仕事を整理', 'Google 連携'],
    comingSoon: '近日公開',
    plan: 'ベータテスター無料プラン',
    anchors: { 機能: '#features', 使い方: '#workflow', よくあるご質問: '#faq' },
    questions: [
      'メッセージは保存されますか？',
      'どのような権限が必要ですか？',
      '料金はかかりますか？',
      'どのチャットサービスに対応していますか？',
      'アカウントの安全はどのように守られていますか？',
    ],
    enlargeInbox: 'スクリーンショットを拡大：統合受信箱',
    inbox: '統合受信箱',
    close: '閉じる',
    viewDemo: 'デモを見る',
    tryDemo: 'デモを試す',
    register: 'ベータ版に登録する',
  },
} as const;

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

for (const language of ['en', 'jp'] as const) {
  const t = text[language];

  test.describe(`landing page in ${language}`, () => {
    test.beforeEach(async ({ page }) => {
      await useLanguage(page, language);
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.heading);
    });

    test('has every section, its title and description, working header anchors and no accessibility violations', async ({
      page,
    }) => {
      const meta = PUBLIC_PAGE_META['/'][language];
      await expect(page).toHaveTitle(meta.title);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', meta.description);
      await expect(page.getByRole('heading', { level: 2 })).toHaveText([...t.sections]);
      const features = page.locator('#features li');
      await expect(features.getByRole('heading', { level: 3 })).toHaveText([...t.features]);
      await expect(features.filter({ hasText: t.comingSoon })).toHaveCount(1);
      await expect(features.last()).toContainText(t.comingSoon);
      await expect(page.getByText(t.plan)).toBeVisible();
      await expect(page.locator('#workflow li')).toHaveCount(3);
      await expect(page.getByRole('contentinfo').getByRole('link')).toHaveCount(5);

      const header = page.getByRole('banner');
      await expect(header.getByRole('link', { name: copy[language].login, exact: true })).toHaveAttribute(
        'href',
        '/login',
      );
      for (const [name, hash] of Object.entries(t.anchors)) {
        await header.getByRole('link', { name, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`${hash}$`));
        await expect(page.locator(hash).getByRole('heading', { level: 2 })).toBeInViewport();
      }

      // The showcase images are real captures in the page's language, loaded once they come near the screen.
      const screenshots = page.locator('figure button img');
      await expect(screenshots).toHaveCount(2);
      await screenshots.first().scrollIntoViewIfNeeded();
      await expect(screenshots.first()).toHaveAttribute('src', new RegExp(`inbox-${language}`));
      await expect
        .poll(() => screenshots.first().evaluate((image: HTMLImageElement) => image.naturalWidth))
        .toBe(1280);

      expect(await axeViolations(page)).toEqual([]);
    });

    test('the FAQ keeps one answer open at a time', async ({ page }) => {
      const items = t.questions.map((question) => page.locator('#faq details', { hasText: question }));
      const question = (index: number) => items[index]!.locator('summary');
      const answer = (index: number) => items[index]!.locator('p');

      await question(0).click();
      await expect(items[0]!).toHaveAttribute('open');
      await expect(answer(0)).toBeVisible();

      // By keyboard too.
      await question(3).focus();
      await page.keyboard.press('Enter');
      await expect(items[3]!).toHaveAttribute('open');
      await expect(answer(3)).toBeVisible();
      await expect(items[0]!).not.toHaveAttribute('open');
      await expect(answer(0)).toBeHidden();

      await question(3).click();
      await expect(items[3]!).not.toHaveAttribute('open');
      await expect(answer(3)).toBeHidden();
      expect(await axeViolations(page)).toEqual([]);
    });

    test('a screenshot opens enlarged, locks the page and closes on Escape, outside click and the close button', async ({
      page,
    }) => {
      const opener = page.getByRole('button', { name: t.enlargeInbox });
      const viewer = page.getByRole('dialog', { name: t.inbox });
      const viewport = page.viewportSize()!;
      await opener.scrollIntoViewIfNeeded();

      await opener.click();
      await expect(viewer).toBeVisible();
      await expect(viewer.getByRole('img')).toBeVisible();
      const box = (await viewer.boundingBox())!;
      expect(box.height).toBeLessThanOrEqual(viewport.height * 0.9 + 1);
      expect(box.height).toBeGreaterThan(viewport.height * 0.5);
      // The page behind does not scroll while the view is open.
      expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
      const before = await scrollY(page);
      await page.mouse.wheel(0, 800);
      await page.waitForTimeout(300);
      expect(await scrollY(page)).toBe(before);
      // Focus stays inside.
      for (let press = 0; press < 3; press += 1) {
        await page.keyboard.press('Tab');
        await expect(viewer.locator(':focus')).toHaveCount(1);
      }
      expect(await axeViolations(page)).toEqual([]);

      await page.keyboard.press('Escape');
      await expect(viewer).toBeHidden();
      await expect(opener).toBeFocused();
      expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');

      await opener.click();
      await expect(viewer).toBeVisible();
      await page.mouse.click(5, viewport.height - 5);
      await expect(viewer).toBeHidden();
      await expect(opener).toBeFocused();

      await opener.click();
      await viewer.getByRole('button', { name: t.close }).click();
      await expect(viewer).toBeHidden();
      await expect(opener).toBeFocused();
    });

    test('viewing the demo reaches the login page with the English demo account filled in', async ({
      page,
    }) => {
      await page.getByRole('link', { name: t.viewDemo, exact: true }).click();

      await expect(page).toHaveURL(/\/login\?demo=1$/);
      await expect(page.getByLabel(copy[language].email)).toHaveValue('demo-en@example.com');
      await expect(page.getByLabel(copy[language].password, { exact: true })).toHaveValue('demo1234');
      await expect(page.getByText(copy[language].demoHint)).toBeVisible();

      await page.goBack();
      await expect(page.getByRole('link', { name: t.register })).toHaveAttribute('href', '/login');
      await page.getByRole('link', { name: t.tryDemo }).click();
      await expect(page).toHaveURL(/\/login\?demo=1$/);
      await expect(page.getByLabel(copy[language].email)).toHaveValue('demo-en@example.com');
    });
  });
}

// The browser's locale picks the first page, so no stored choice pulls the page back after the switch.
const switchAfterSection = [
  { from: 'en', locale: 'en-US', faq: 'FAQ', toLabel: 'Switch language to 日本語', lang: 'ja', to: 'jp' },
  {
    from: 'jp',
    locale: 'ja-JP',
    faq: 'よくあるご質問',
    toLabel: '表示言語を English に切り替え',
    lang: 'en',
    to: 'en',
  },
] as const;

for (const { from, locale, faq, toLabel, lang, to } of switchAfterSection) {
  test.describe(`landing page in ${from}, after a section link`, () => {
    test.use({ locale });

    test('the language link switches the page and keeps the section', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text[from].heading);
      await page.getByRole('banner').getByRole('link', { name: faq, exact: true }).click();
      await expect(page).toHaveURL(/#faq$/);

      await page.getByRole('link', { name: toLabel }).click();

      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text[to].heading);
      await expect(page).toHaveURL(/\/#faq$/);
      await expect(page.locator('#faq').getByRole('heading', { level: 2 })).toBeInViewport();
    });
  });
}
