import { expect, test } from '@playwright/test';
import { failOnConsoleErrors } from './support.ts';

failOnConsoleErrors();

test.describe('with an English browser', () => {
  test.use({ locale: 'en-US' });

  test('switching to Japanese sets <html lang> and survives a reload', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Every Slack and ChatWork mention, gathered in one inbox',
    );

    // The landing page is HTML the server sends: switching loads it again in the other language, at the same address.
    await page.getByRole('link', { name: 'Switch language to 日本語' }).click();

    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Slack と ChatWork のメンションを、ひとつの受信箱にまとめて',
    );
    await expect(page).toHaveURL(/\/$/);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await expect(page.getByRole('link', { name: 'ログイン' })).toBeVisible();
    await expect(page).toHaveTitle(/まとめ$/);
  });
});

test.describe('with a Japanese browser', () => {
  test.use({ locale: 'ja-JP' });

  test('the first visit follows the browser language, and English can be chosen and kept', async ({
    page,
  }) => {
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('まとめにログイン');
    await expect(page).toHaveTitle('ログイン | まとめ');

    await page.getByRole('button', { name: '表示言語を English に切り替え' }).click();

    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in to Matome');
    await expect(page).toHaveTitle('Login | Matome');
    await expect(page.getByRole('button', { name: 'Switch language to 日本語' })).toBeVisible();
  });
});
