import { expect, test } from '@playwright/test';
import { SESSION_HINT_COOKIE } from '../src/contract/auth-constants.ts';
import { failOnConsoleErrors, useLanguage } from './support.ts';

failOnConsoleErrors();

test('the sign-in callback shows its outcome without waiting for any check of an earlier session', async ({
  page,
  context,
  baseURL,
}) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await page.getByLabel('Sign in as').selectOption({ label: '鈴木 一郎 (ichiro@sakura.example)' });
  // Back from Google, the browser seems to hold an earlier session whose renewal never answers: the callback
  // must not wait for it.
  await context.addCookies([{ name: SESSION_HINT_COOKIE, value: '1', url: baseURL! }]);
  await page.route('**/api/auth/refresh', () => {});
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

for (const [language, expired] of [
  ['en', 'Your sign-in has expired. Please log in again.'],
  ['jp', 'ログインの有効期限が切れました。もう一度ログインしてください。'],
] as const) {
  test(`a stale sign-in code says the sign-in expired, with the way back to login (${language})`, async ({
    page,
  }) => {
    await useLanguage(page, language);
    await page.goto('/auth/callback#provider=google&code=stale');
    await expect(page.getByRole('alert')).toHaveText(expired);
    await expect(page).toHaveURL(/\/auth\/callback$/);
  });
}
