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

    test('a new user registers, logs out and logs in again', async ({ page }) => {
      const name = language === 'jp' ? '山田 花子' : 'Ada Lovelace';
      const email = uniqueEmail(language);
      const password = 'correct horse battery';

      await page.goto('/register');
      await page.getByLabel(text.name).fill(name);
      await page.getByLabel(text.email).fill(email);
      await page.getByLabel(text.password).fill(password);
      await page.getByRole('button', { name: text.createAccount }).click();

      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole('heading', { name: text.messages })).toBeVisible();
      const menuButton = page.getByRole('button', { name: text.accountMenu(name) });
      await menuButton.click();
      await expect(page.getByText(text.greeting(name))).toBeVisible();
      await page.getByRole('menuitem', { name: text.logout }).click();

      await expect(page).toHaveURL(/\/login$/);
      await page.getByLabel(text.email).fill(email);
      await page.getByLabel(text.password).fill(password);
      await page.getByRole('button', { name: text.login, exact: true }).click();

      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(menuButton).toBeVisible();
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

test('a session survives a reload', async ({ page }) => {
  await useLanguage(page, 'en');
  await page.goto('/login?demo=1');
  await expect(page.getByLabel('Email address')).toHaveValue('demo-en@example.com');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.reload();

  await expect(page.getByRole('button', { name: 'Account menu for Demo User' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
});
