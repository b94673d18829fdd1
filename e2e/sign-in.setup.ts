import { expect, test as setup } from '@playwright/test';
import { demoStorageState } from './support.ts';

/**
 * Signs each demo account in once through the login page and saves the browser state, so the inbox journeys start
 * signed in without spending the per-IP login budget on every test.
 */
for (const account of ['demo-en', 'demo-ja'] as const) {
  setup(`sign in as ${account}`, async ({ page }) => {
    await page.goto('/login');
    await page.locator('input[type="email"]').fill(`${account}@example.com`);
    await page.locator('input[type="password"]').fill('demo1234');
    await page.locator('form button[type="submit"]').click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.context().storageState({ path: demoStorageState[account] });
  });
}
