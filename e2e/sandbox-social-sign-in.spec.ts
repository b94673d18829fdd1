import { expect, test, type Page } from '@playwright/test';
import { failOnConsoleErrors, useLanguage } from './support.ts';

failOnConsoleErrors();

/** Every address the browser visited, to show that no token or code ever sat in a query string. */
function visitedUrls(page: Page): string[] {
  const urls: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) urls.push(frame.url());
  });
  return urls;
}

function expectNoSecretInQueries(urls: string[]) {
  for (const url of urls) {
    const { searchParams } = new URL(url);
    expect(searchParams.has('access_token'), url).toBe(false);
    expect(searchParams.has('refresh_token'), url).toBe(false);
    if (new URL(url).pathname === '/auth/callback') expect(searchParams.has('code'), url).toBe(false);
  }
}

test('a newcomer signs in with Google and arrives on the dashboard as a new user', async ({ page }) => {
  const urls = visitedUrls(page);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(
    page.getByRole('heading', { name: /requesting permission to access your Google account/ }),
  ).toBeVisible();
  await page.getByLabel('Sign in as').selectOption({ label: '鈴木 一郎 (ichiro@sakura.example)' });
  const exchanged = page.waitForResponse((response) => response.url().endsWith('/api/auth/oauth/exchange'));
  await page.getByRole('button', { name: 'Allow' }).click();
  const { user } = (await (await exchanged).json()) as {
    user: { email: string; oauthProvider: string; isFirstLogin: boolean; onboardingCompleted: boolean };
  };
  expect(user).toMatchObject({
    email: 'ichiro@sakura.example',
    oauthProvider: 'google',
    isFirstLogin: true,
    onboardingCompleted: false,
  });
  await expect(page).toHaveURL(/\/dashboard$/);
  expectNoSecretInQueries(urls);

  await test.step('the session survives a reload through the refresh cookie', async () => {
    await page.reload();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test('ログイン画面から GitHub でログインする（日本語）', async ({ page }) => {
  await useLanguage(page, 'jp');
  const urls = visitedUrls(page);
  await page.goto('/login');
  await page.getByRole('button', { name: 'GitHub でログイン' }).click();
  await page.getByLabel('Sign in as').selectOption({ label: 'Maya Chen (@mayachen)' });
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expectNoSecretInQueries(urls);
});

test('cancelling on the consent page brings the person back to the login page with the banner', async ({
  page,
}) => {
  await useLanguage(page, 'jp');
  await page.goto('/login');
  await page.getByRole('button', { name: 'Google でログイン' }).click();
  await page.getByRole('button', { name: 'Deny' }).click();
  await expect(page).toHaveURL(/\/login\?google=error/);
  await expect(page.getByRole('alert')).toContainText('同意画面でログインがキャンセルされました。');
});
