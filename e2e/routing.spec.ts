import { expect, test } from '@playwright/test';
import { failOnConsoleErrors, useLanguage } from './support.ts';

failOnConsoleErrors();

for (const [language, body, home] of [
  ['en', /There is no page at this address/, 'Back to the home page'],
  ['jp', /このアドレスのページは見つかりませんでした/, 'ホームに戻る'],
] as const) {
  test(`an unknown route answers 404 with the styled error page and a way home (${language})`, async ({
    page,
  }) => {
    await useLanguage(page, language);
    const response = await page.goto('/no-such-page');

    expect(response?.status()).toBe(404);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' }),
    ).toBeVisible();
    await expect(page.getByText(body)).toBeVisible();
    await page.getByRole('link', { name: home }).click();
    await expect(page).toHaveURL(/\/$/);
  });
}

test('an unknown help guide is a 404, never the app', async ({ request }) => {
  const response = await request.get('/docs/help_teams_en.pdf');

  expect(response.status()).toBe(404);
  expect(await response.text()).not.toContain('id="root"');
});

test('/auth redirects to the login page', async ({ page }) => {
  await useLanguage(page, 'en');
  await page.goto('/auth');

  await expect(page).toHaveURL(/\/login$/);
});

test('/subscription-success redirects to /subscription/success keeping the query', async ({ page }) => {
  await useLanguage(page, 'en');
  await page.goto('/subscription-success?plan_change=true');

  await expect(page).toHaveURL(/\/subscription\/success\?plan_change=true$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your plan has been updated');
});

test('footer links reach every legal and information page', async ({ page }) => {
  await useLanguage(page, 'jp');
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  const pages = [
    ['まとめについて', /\/about$/, '大切なメンションを、ひとつの場所に'],
    ['お問い合わせ', /\/contact$/, 'お問い合わせ'],
    ['プライバシーポリシー', /\/privacy-policy$/, 'プライバシーポリシー'],
    ['特定商取引法に基づく表記', /\/commercial-transactions$/, '特定商取引法に基づく表記'],
    ['利用規約', /\/terms$/, '利用規約'],
  ] as const;
  for (const [name, url, heading] of pages) {
    await footer.getByRole('link', { name }).click();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  }
});

test('robots.txt keeps crawlers out of private pages', async ({ request }) => {
  const response = await request.get('/robots.txt');

  expect(response.ok()).toBe(true);
  const body = await response.text();
  for (const path of ['/dashboard', '/tags', '/account', '/auth/callback', '/api/']) {
    expect(body).toContain(`Disallow: ${path}`);
  }
});
