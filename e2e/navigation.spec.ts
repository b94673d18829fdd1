import { expect, test } from '@playwright/test';
import { failOnConsoleErrors, useLanguage } from './support.ts';

failOnConsoleErrors();

/**
 * Screens load their code on the way to them. On a slow network the current screen must stay up, under the
 * progress bar, until the next one can render: the page never goes blank between two screens.
 */
test('moving between screens on a slow network never shows a blank page', async ({ page }) => {
  test.setTimeout(60_000);
  await useLanguage(page, 'en');
  // Every script arrives 600 ms late, like a phone on a poor connection; while `held` is set, scripts wait until
  // the test has looked at the screen, so a busy machine cannot finish loading before the check.
  let held: Promise<void> | undefined;
  let release = () => {};
  await page.route('**/assets/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await held;
    await route.continue();
  });
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();

  // From now on, note every moment the app's root holds no text at all.
  await page.evaluate(() => {
    const root = document.getElementById('root')!;
    const blanks: string[] = [];
    Object.assign(window, { blanks });
    new MutationObserver(() => {
      if (root.innerText.trim() === '') blanks.push(location.pathname);
    }).observe(root, { childList: true, subtree: true, characterData: true });
  });

  held = new Promise((resolve) => (release = resolve));
  await page.getByRole('banner').getByRole('link', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('progressbar', { name: 'Loading…' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
  release();
  held = undefined;
  await page.getByRole('button', { name: 'Use this account: demo-en@example.com' }).click();
  await page.getByRole('button', { name: 'Login', exact: true }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'Messages' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: /Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'About' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Every mention that matters, gathered in one place' }),
  ).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/account$/);

  expect(await page.evaluate(() => (window as unknown as { blanks: string[] }).blanks)).toEqual([]);
  await expect(page.getByRole('progressbar', { name: 'Loading…' })).toHaveCount(0);
});

/**
 * The app's screens scroll as pages of a site do: a link opens the next screen at its top, and Back returns to
 * where the last one was left.
 */
test('a link opens a screen at its top and Back returns to where the last one was left', async ({ page }) => {
  await useLanguage(page, 'en');
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of service' })).toBeVisible();
  const link = page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' });
  await link.scrollIntoViewIfNeeded();
  const left = await page.evaluate(() => window.scrollY);
  expect(left).toBeGreaterThan(500);

  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of service' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(left);
});
