import { expect, test } from '@playwright/test';
import {
  copy,
  failOnConsoleErrors,
  followMailedLink,
  languages,
  registerThroughMail,
  skipOnboarding,
  uniqueEmail,
  useLanguage,
  signInWithPassword,
} from './support.ts';

failOnConsoleErrors();

const jpCopy = {
  checkInbox: 'メールをご確認ください',
  forgot: 'パスワードをお忘れの方',
  sendLink: '再設定用のリンクを送る',
  newPassword: '新しいパスワード',
  setPassword: 'パスワードを設定する',
  passwordChanged: 'パスワードを変更しました。',
};
const enCopy = {
  checkInbox: 'Check your inbox',
  forgot: 'Forgot your password?',
  sendLink: 'Send reset link',
  newPassword: 'New password',
  setPassword: 'Set new password',
  passwordChanged: 'Your password has been changed.',
};

for (const language of languages) {
  const text = copy[language];
  const flow = language === 'jp' ? jpCopy : enCopy;

  test(`a newcomer signs up, confirms the address by e-mail, logs out and in, and resets a forgotten password (${language})`, async ({
    page,
  }) => {
    const name = language === 'jp' ? '山田 花子' : 'Ada Lovelace';
    const email = uniqueEmail(`account-${language}`);
    await useLanguage(page, language);

    await test.step('sign up: nothing exists until the e-mailed link is followed', async () => {
      await page.goto('/register');
      await page.getByLabel(text.name).fill(name);
      await page.getByLabel(text.email).fill(email);
      await page.getByLabel(text.password).fill('correct horse battery');
      await page.getByRole('button', { name: text.createAccount }).click();
      await expect(page.getByRole('heading', { name: flow.checkInbox })).toBeVisible();
      await followMailedLink(page, email, 'verify-email');
      await expect(page).toHaveURL(/\/dashboard$/);
      await skipOnboarding(page, language);
      await expect(page.getByRole('heading', { name: text.messages })).toBeVisible();
    });

    await test.step('log out and in again', async () => {
      await page.getByRole('button', { name: text.accountMenu(name) }).click();
      await expect(page.getByText(text.greeting(name))).toBeVisible();
      await page.getByRole('menuitem', { name: text.logout, exact: true }).click();
      await expect(page).toHaveURL(/\/login$/);
      await page.getByLabel(text.email).fill(email);
      await page.getByLabel(text.password).fill('correct horse battery');
      await page.getByRole('button', { name: text.login, exact: true }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.getByRole('button', { name: text.accountMenu(name) }).click();
      await page.getByRole('menuitem', { name: text.logout, exact: true }).click();
      await expect(page).toHaveURL(/\/login$/);
    });

    await test.step('reset a forgotten password through the e-mailed link', async () => {
      await page.getByRole('link', { name: flow.forgot }).click();
      await page.getByLabel(text.email).fill(email);
      await page.getByRole('button', { name: flow.sendLink }).click();
      await expect(page.getByRole('status')).toContainText(email);
      await followMailedLink(page, email, 'reset-password');
      await page.getByLabel(flow.newPassword).fill('a brand new passphrase');
      await page.getByRole('button', { name: flow.setPassword }).click();
      await expect(page.getByRole('status')).toContainText(flow.passwordChanged);

      await page.goto('/login');
      await page.getByLabel(text.email).fill(email);
      await page.getByLabel(text.password).fill('a brand new passphrase');
      await page.getByRole('button', { name: text.login, exact: true }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
    });
  });
}

test('logging out on all devices signs out another browser too', async ({ browser }) => {
  const laptop = await browser.newContext();
  const phone = await browser.newContext();
  const email = uniqueEmail('everywhere');
  const password = 'correct horse battery';
  const menu = 'Account menu for Grace Hopper';
  try {
    const laptopPage = await laptop.newPage();
    await useLanguage(laptopPage, 'en');
    await registerThroughMail(laptopPage, { name: 'Grace Hopper', email, password });

    const phonePage = await phone.newPage();
    await useLanguage(phonePage, 'en');
    await signInWithPassword(phonePage, email, password);
    await expect(phonePage.getByRole('button', { name: menu })).toBeVisible();

    await laptopPage.getByRole('button', { name: menu }).click();
    await laptopPage.getByRole('menuitem', { name: 'Log out on all devices' }).click();
    await expect(laptopPage).toHaveURL(/\/login$/);

    // The phone's session is gone on the server: its next start finds no session.
    await phonePage.reload();
    await expect(phonePage).toHaveURL(/\/login$/);
  } finally {
    await laptop.close();
    await phone.close();
  }
});
