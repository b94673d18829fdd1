import { expect, test } from '@playwright/test';
import { copy, failOnConsoleErrors, languages, uniqueEmail, useLanguage } from './support.ts';

failOnConsoleErrors();

const DEMO_PASSWORD = 'demo1234';

for (const language of languages) {
  const text = copy[language];

  test.describe(`auth (${language})`, () => {
    test.beforeEach(async ({ page }) => {
      await useLanguage(page, language);
    });

    test('the demo link pre-fills the English demo account and logs in', async ({ page }) => {
      await page.goto('/login?demo=1');

      await expect(page.getByLabel(text.email)).toHaveValue('demo-en@example.com');
      await expect(page.getByLabel(text.password)).toHaveValue(DEMO_PASSWORD);
      await expect(page.getByText(text.demoHint)).toBeVisible();
      await page.getByRole('button', { name: text.login, exact: true }).click();

      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole('button', { name: text.accountMenu('Demo User') })).toBeVisible();
    });

    test('a wrong password shows the login failure message', async ({ page }) => {
      await page.goto('/login');
      await page.getByLabel(text.email).fill(uniqueEmail(`${language}-unknown`));
      await page.getByLabel(text.password).fill('not-the-password');
      await page.getByRole('button', { name: text.login, exact: true }).click();

      await expect(page.getByRole('alert')).toHaveText(text.loginFailed);
      await expect(page).toHaveURL(/\/login$/);
    });

    test('protected pages send a visitor without a token to the login page', async ({ page }) => {
      for (const path of ['/dashboard', '/tags', '/account']) {
        await page.goto(path);
        await expect(page).toHaveURL(/\/login$/);
        await expect(page.getByRole('heading', { level: 1, name: text.loginHeading })).toBeVisible();
      }
    });
  });
}

test('the landing page demo button leads to a pre-filled login', async ({ page }) => {
  await useLanguage(page, 'en');
  await page.goto('/');
  await page.getByRole('link', { name: 'View demo' }).click();

  await expect(page).toHaveURL(/\/login\?demo=1$/);
  await expect(page.getByLabel('Email address')).toHaveValue('demo-en@example.com');
});

test('the Japanese demo account can be chosen from the demo box', async ({ page }) => {
  await useLanguage(page, 'jp');
  await page.goto('/login');
  await page.getByRole('button', { name: 'このアカウントを使う: demo-ja@example.com' }).click();
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('button', { name: 'デモユーザー様のアカウントメニュー' }).click();
  await expect(page.getByText('こんにちは、デモユーザー様')).toBeVisible();
});

test('a session survives a reload, and is kept in no storage a page script can read', async ({ page }) => {
  await useLanguage(page, 'en');
  await page.goto('/login?demo=1');
  await expect(page.getByLabel('Email address')).toHaveValue('demo-en@example.com');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.reload();

  await expect(page.getByRole('button', { name: 'Account menu for Demo User' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  const readable = await page.evaluate(() =>
    JSON.stringify([{ ...window.localStorage }, { ...window.sessionStorage }, document.cookie]),
  );
  expect(readable).not.toMatch(/eyJ|token/i);
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 'matome_refresh')).toMatchObject({
    httpOnly: true,
    sameSite: 'Strict',
    path: '/api/auth',
  });
});

test('several tabs share the sign-in, and logging out in one signs the others out', async ({
  page,
  context,
}) => {
  await useLanguage(page, 'en');
  await page.goto('/login?demo=1');
  await expect(page.getByLabel('Email address')).toHaveValue('demo-en@example.com');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  const second = await context.newPage();
  await second.goto('/dashboard');
  const menu = (tab: typeof page) => tab.getByRole('button', { name: 'Account menu for Demo User' });
  await expect(menu(second)).toBeVisible();
  // Both tabs renew their access tokens through the one cookie without ending the session.
  await second.reload();
  await page.reload();
  await expect(menu(second)).toBeVisible();
  await expect(menu(page)).toBeVisible();

  await menu(page).click();
  await page.getByRole('menuitem', { name: 'Logout', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(second).toHaveURL(/\/login$/);
});
