import { expect, test, type Page } from '@playwright/test';
import { PUBLIC_PAGE_META } from '../src/contract/page-meta.ts';
import { axeViolations, failOnConsoleErrors, useLanguage } from './support.ts';

failOnConsoleErrors();

const SUPPORT_EMAIL = 'support@matome.example';

const pages = {
  en: {
    '/about': 'Every mention that matters, gathered in one place',
    '/data-guide': 'The chat services Matome connects to',
    '/privacy-policy': 'Privacy policy',
    '/commercial-transactions': 'Legal notice (Act on Specified Commercial Transactions)',
    '/terms': 'Terms of service',
    '/contact': 'Contact us',
  },
  jp: {
    '/about': '大切なメンションを、ひとつの場所に',
    '/data-guide': 'まとめが接続できるチャットサービス',
    '/privacy-policy': 'プライバシーポリシー',
    '/commercial-transactions': '特定商取引法に基づく表記',
    '/terms': '利用規約',
    '/contact': 'お問い合わせ',
  },
} as const;

/** The browser hands mailto: links to a mail program the test machine does not have; record them instead. */
async function recordMailtoLinks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      if (this.href.startsWith('mailto:'))
        (window as unknown as { openedMail: string }).openedMail = this.href;
      else click.call(this);
    };
  });
}

for (const language of ['en', 'jp'] as const) {
  test.describe(`public pages in ${language}`, () => {
    test.beforeEach(({ page }) => useLanguage(page, language));

    for (const [path, heading] of Object.entries(pages[language])) {
      test(`${path} has its heading, title, description and no accessibility violations`, async ({
        page,
      }) => {
        const meta = PUBLIC_PAGE_META[path as keyof typeof PUBLIC_PAGE_META][language];
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
        await expect(page).toHaveTitle(meta.title);
        await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', meta.description);
        await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', meta.title);
        await expect(page.locator('html')).toHaveAttribute('lang', language === 'jp' ? 'ja' : 'en');
        await expect(page.getByRole('contentinfo').getByRole('link')).toHaveCount(5);
        expect(await axeViolations(page)).toEqual([]);
      });
    }
  });
}

test('the served HTML carries the Japanese title for a Japanese crawler, and the sitemap lists the pages', async ({
  request,
}) => {
  const html = await (await request.get('/privacy-policy', { headers: { 'accept-language': 'ja' } })).text();
  expect(html).toContain('<title>プライバシーポリシー | まとめ</title>');
  expect(html).toContain('<meta property="og:locale" content="ja_JP" />');
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain('/data-guide?lang=jp</loc>');
});

test('every public page renders while the API is down', async ({ page }) => {
  await page.route('**/api/**', (route) => route.abort('connectionrefused'));
  for (const [path, heading] of Object.entries(pages.en)) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  }
  await expect(page.getByText(SUPPORT_EMAIL).first()).toBeVisible();
});

test('navigating between pages updates the title and description, and switching language translates them', async ({
  page,
}) => {
  await useLanguage(page, 'en');
  await page.goto('/about');
  await page.getByRole('link', { name: 'How we handle your data' }).click();
  await expect(page).toHaveTitle('Data guide | Matome');
  await expect(
    page.getByRole('link', { name: 'Learn more about connecting Slack (PDF guide)' }),
  ).toHaveAttribute('href', '/docs/help_slack_en.pdf');
  await page.getByRole('button', { name: 'Switch language to 日本語' }).click();
  await expect(page).toHaveTitle('データガイド | まとめ');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    PUBLIC_PAGE_META['/data-guide'].jp.description,
  );
  await expect(page.getByText('近日対応')).toHaveCount(4);
  await expect(page.getByText('利用可能')).toHaveCount(2);
});

test.describe('legal texts', () => {
  test('the terms have 16 articles in four chapters, last updated January 2024, in both languages', async ({
    page,
  }) => {
    await useLanguage(page, 'en');
    await page.goto('/terms');
    await expect(page.getByRole('heading', { level: 2 })).toHaveCount(4);
    await expect(page.getByRole('heading', { level: 3 })).toHaveCount(16);
    await expect(page.getByRole('heading', { level: 3 }).last()).toHaveText(
      'Article 16 Governing law and jurisdiction',
    );
    await expect(page.getByText('Last updated: January 2024')).toBeVisible();
    await page.getByRole('button', { name: 'Switch language to 日本語' }).click();
    await expect(page.getByRole('heading', { level: 3 }).first()).toHaveText('第1条 適用');
    await expect(page.getByText('最終更新日：2024年1月')).toBeVisible();
  });

  test('the legal notice states the prices through Intl in each language', async ({ page }) => {
    await useLanguage(page, 'en');
    await page.goto('/commercial-transactions');
    await expect(page.getByText('Pro: $4.00 per month; Pro Plus: $9.99 per month')).toBeVisible();
    await expect(page.getByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute(
      'href',
      `mailto:${SUPPORT_EMAIL}`,
    );
    await page.getByRole('button', { name: 'Switch language to 日本語' }).click();
    await expect(page.getByText(/Pro：月額 \$4\.00、Pro Plus：月額 \$9\.99/)).toBeVisible();
  });

  test('the privacy policy states the retention and deletion periods', async ({ page }) => {
    await useLanguage(page, 'jp');
    await page.goto('/privacy-policy');
    for (const text of ['最長24か月間', '30日以内', '7日以内', '14日以内', '本文はデータベースに保存せず']) {
      await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
    }
  });
});

test.describe('contact', () => {
  for (const language of ['en', 'jp'] as const) {
    test(`submitting opens a prefilled e-mail to support, clears the form and confirms (${language})`, async ({
      page,
    }) => {
      const labels =
        language === 'en'
          ? { name: 'Full name', email: 'E-mail address', subject: 'Subject', message: 'Message' }
          : { name: 'お名前', email: 'メールアドレス', subject: '件名', message: 'お問い合わせ内容' };
      await useLanguage(page, language);
      await recordMailtoLinks(page);
      await page.goto('/contact');
      const submit = page.getByRole('button', {
        name: language === 'en' ? 'Open in my mail program' : 'メールソフトで開く',
      });

      // Every field is required: the browser stops an empty form.
      await submit.click();
      expect(
        await page.evaluate(() => (window as unknown as { openedMail?: string }).openedMail),
      ).toBeUndefined();

      await page.getByLabel(labels.name, { exact: true }).fill('Hanako Sato');
      await page.getByLabel(labels.email, { exact: true }).fill('hanako@example.com');
      await page.getByLabel(labels.subject, { exact: true }).fill('Question & request');
      await page.getByLabel(labels.message, { exact: true }).fill('Hello,\nplease delete my data.');
      await expect(page.getByLabel(labels.message, { exact: true })).toHaveAttribute('rows', '6');
      await submit.click();

      await expect(page.getByRole('status')).toContainText(
        language === 'en' ? 'Your mail program has opened' : 'メールソフトにお問い合わせ内容を入力しました',
      );
      const mailto = new URL(
        await page.evaluate(() => (window as unknown as { openedMail: string }).openedMail),
      );
      expect(mailto.protocol).toBe('mailto:');
      expect(mailto.pathname).toBe(SUPPORT_EMAIL);
      expect(mailto.searchParams.get('subject')).toBe('Question & request');
      const body = mailto.searchParams.get('body') ?? '';
      expect(body).toContain('Hanako Sato');
      expect(body).toContain('hanako@example.com');
      expect(body).toContain('Hello,\nplease delete my data.');
      for (const label of Object.values(labels))
        await expect(page.getByLabel(label, { exact: true })).toHaveValue('');
    });
  }

  test('a message too long for a mail link shows the error notice and keeps the form', async ({ page }) => {
    await useLanguage(page, 'en');
    await recordMailtoLinks(page);
    await page.goto('/contact');
    await page.getByLabel('Full name', { exact: true }).fill('Taro');
    await page.getByLabel('E-mail address', { exact: true }).fill('taro@example.com');
    await page.getByLabel('Subject', { exact: true }).fill('Long');
    await page.getByLabel('Message', { exact: true }).fill('あ'.repeat(1500));
    await page.getByRole('button', { name: 'Open in my mail program' }).click();

    await expect(page.getByRole('alert')).toContainText(`Please write to ${SUPPORT_EMAIL} directly.`);
    await expect(page.getByLabel('Full name', { exact: true })).toHaveValue('Taro');
  });
});
