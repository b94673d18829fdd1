import { expect, test } from '@playwright/test';
import { failOnConsoleErrors, useLanguage } from './support.ts';

failOnConsoleErrors();

test('an app page shows it is loading from its HTML alone, and the app takes its place once its script runs', async ({
  browser,
  baseURL,
  page,
}) => {
  // What a phone paints while the app's scripts are still on their way: the HTML and its stylesheet only.
  const withoutScripts = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const bare = await withoutScripts.newPage();
  await bare.goto('/dashboard');
  const loading = bare.locator('#root svg.lucide-loader-circle');
  await expect(loading).toBeVisible();
  // Sized by the stylesheet, which the HTML waits for: not an SVG's default 300 × 150.
  expect(await loading.evaluate((icon) => getComputedStyle(icon).width)).toBe('24px');
  await withoutScripts.close();

  await useLanguage(page, 'en');
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  await expect(page.locator('#root svg.lucide-loader-circle')).toHaveCount(0);
});
