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

test('the dashboard opened signed in asks for each of its answers once and shows the messages', async ({
  page,
}) => {
  await useLanguage(page, 'en');
  const signIn = await page.request.post('/api/auth/login', {
    data: { email: 'demo-en@example.com', password: 'demo1234' },
  });
  expect(signIn.status()).toBe(200);
  const requests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    // The live stream's ticket and connection are the live updates', not the first drawing's.
    if (url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/events/')) {
      requests.push(`${request.method()} ${url.pathname}${url.search}`);
    }
  });

  await page.goto('/dashboard');
  const cards = page.getByRole('list', { name: 'Message list' }).locator('[data-message-id]');
  await expect(cards.first()).toBeVisible();
  // The data is asked for beside the screen's code (decision 184); the screen's own queries must find it there.
  await expect
    .poll(() => requests.filter((request) => request.startsWith('GET /api/handled')).length)
    .toBe(1);
  expect(requests.filter((request, index) => requests.indexOf(request) !== index)).toEqual([]);
  expect(requests.filter((request) => /^GET \/api\/(slack|chatwork)\/messages\//.test(request))).toHaveLength(
    4,
  );
});
