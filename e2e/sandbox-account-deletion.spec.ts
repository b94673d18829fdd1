import { expect, test, type Page } from '@playwright/test';
import { failOnConsoleErrors, useLanguage } from './support.ts';

failOnConsoleErrors();

/** Signs in (or back in) on the GitHub emulator's consent page as Maya. */
async function approveAsMaya(page: Page) {
  await page.getByLabel('Sign in as').selectOption({ label: 'Maya Chen (@mayachen)' });
  await page.getByRole('button', { name: 'Allow' }).click();
}

test('an account made with GitHub is deleted only after signing in with GitHub again', async ({ page }) => {
  await useLanguage(page, 'en');
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with GitHub' }).click();
  await approveAsMaya(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  const me = page.waitForResponse((response) => response.url().endsWith('/api/account/me'));
  await page.goto('/account');
  const { data } = (await (await me).json()) as { data: { user: { id: string } } };

  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toContainText('please sign in with GitHub again to confirm that it is you');
  await expect(dialog.getByLabel('Password')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Continue with GitHub' }).click();

  await approveAsMaya(page);
  await expect(page).toHaveURL(/\/account$/);
  const confirm = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(confirm).toContainText('You signed in with GitHub again.');
  await confirm.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your account has been deleted')).toBeVisible();

  await test.step('signing in with GitHub again makes a new account', async () => {
    const exchanged = page.waitForResponse((response) => response.url().endsWith('/api/auth/oauth/exchange'));
    await page.getByRole('button', { name: 'Sign in with GitHub' }).click();
    await approveAsMaya(page);
    const { user } = (await (await exchanged).json()) as { user: { id: string; isFirstLogin: boolean } };
    expect(user.id).not.toBe(data.user.id);
    expect(user.isFirstLogin).toBe(true);
  });
});
