import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import { LANGUAGE_COOKIE } from '../src/contract/auth-constants.ts';
import type { Language } from '../src/contract/auth.ts';

/**
 * Fails a test on any console error or uncaught exception, such as a CSP violation. Chrome also logs every
 * 4xx response ("Failed to load resource"); those are expected answers in these journeys, not noise.
 */
export function failOnConsoleErrors(): void {
  let problems: string[] = [];
  test.beforeEach(({ page }) => {
    problems = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
        problems.push(message.text());
      }
    });
    page.on('pageerror', (error) => problems.push(error.message));
  });
  test.afterEach(() => {
    expect(problems, 'console errors').toEqual([]);
  });
}

/**
 * Chooses the interface language before the app loads, as a returning visitor's stored choice would: in the page's
 * storage, and in the cookie that tells the server (which sends the landing page whole).
 */
export async function useLanguage(page: Page, language: Language): Promise<void> {
  await page.addInitScript((stored) => window.localStorage.setItem('matome.language', stored), language);
  const url = test.info().project.use.baseURL;
  if (url) await page.context().addCookies([{ name: LANGUAGE_COOKIE, value: language, url }]);
}

export function uniqueEmail(label: string): string {
  return `e2e-${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export const copy = {
  en: {
    loginHeading: 'Log in to Matome',
    email: 'Email address',
    password: 'Password',
    name: 'Name',
    login: 'Login',
    createAccount: 'Create account',
    checkInbox: 'Check your inbox',
    loginFailed: 'Login failed. Please check your email and password.',
    demoHint: 'The demo account has been filled in. Press Login to continue.',
    messages: 'Messages',
    accountMenu: (name: string) => `Account menu for ${name}`,
    greeting: (name: string) => `Hello, ${name}`,
    logout: 'Logout',
    welcome: 'Welcome to Matome',
    skipGuide: 'Skip the guide',
  },
  jp: {
    loginHeading: 'まとめにログイン',
    email: 'メールアドレス',
    password: 'パスワード',
    name: 'お名前',
    login: 'ログイン',
    createAccount: '登録する',
    checkInbox: 'メールをご確認ください',
    loginFailed: 'ログインに失敗しました。メールアドレスとパスワードをご確認ください。',
    demoHint: 'デモアカウントの情報を入力しました。「ログイン」ボタンを押してください。',
    messages: 'メッセージ',
    accountMenu: (name: string) => `${name}様のアカウントメニュー`,
    greeting: (name: string) => `こんにちは、${name}様`,
    logout: 'ログアウト',
    welcome: 'まとめへようこそ',
    skipGuide: 'ガイドをスキップ',
  },
} as const;

export const languages = ['en', 'jp'] as const;

/**
 * Signs a demo account in before each test of the enclosing block, through the API with the page's own cookie
 * jar: every test gets its own session (refresh tokens rotate, so two tests cannot share one saved sign-in).
 */
export function signInAsDemo(account: 'demo-en' | 'demo-ja'): void {
  test.beforeEach(async ({ page }) => {
    const response = await page.request.post('/api/auth/login', {
      data: { email: `${account}@example.com`, password: 'demo1234' },
    });
    expect(response.status(), await response.text()).toBe(200);
  });
}

/** The server whose demo accounts carry 1,000 sample messages per platform (see playwright.config.ts). */
export const largeSampleBaseURL = `http://127.0.0.1:${process.env.E2E_LARGE_PORT ?? 3101}`;

/** The emulators behind the sandbox app (see playwright.config.ts), for their request logs. */
export const sandboxEmulatorURLs = {
  slack: `http://127.0.0.1:${process.env.E2E_SLACK_PORT ?? 3103}`,
  chatwork: `http://127.0.0.1:${process.env.E2E_CHATWORK_PORT ?? 3104}`,
  stripe: `http://127.0.0.1:${process.env.E2E_STRIPE_PORT ?? 3107}`,
  google: `http://127.0.0.1:${process.env.E2E_GOOGLE_PORT ?? 3108}`,
  github: `http://127.0.0.1:${process.env.E2E_GITHUB_PORT ?? 3109}`,
  push: `http://127.0.0.1:${process.env.E2E_PUSH_PORT ?? 3110}`,
} as const;

/**
 * Posts in the Slack emulator's #general (or `channel`) as `user`; the emulator delivers it to the sandbox app as a
 * signed event. Answers the message's `ts`.
 */
export async function postInSlack(body: {
  user: string;
  text: string;
  channel?: string;
  thread_ts?: string;
}): Promise<string> {
  const response = await fetch(`${sandboxEmulatorURLs.slack}/_control/events/post`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ channel: 'C01GENERAL', ...body }),
  });
  expect(response.ok).toBe(true);
  return ((await response.json()) as { ts: string }).ts;
}

/** The sandbox's mail catcher page (see scripts/sandbox.ts); every e2e server sends its mail there. */
export const sandboxMailURL = `http://127.0.0.1:${process.env.E2E_MAIL_PORT ?? 3105}`;

/**
 * Opens the newest e-mail to `to` on the mail catcher's page, as a newcomer would, and follows its link to
 * `page` (`verify-email` or `reset-password`).
 */
export async function followMailedLink(
  page: Page,
  to: string,
  linkPath: 'verify-email' | 'reset-password',
): Promise<void> {
  const link = page
    .locator('article', { hasText: to })
    .getByRole('link', { name: new RegExp(`/${linkPath}#`) });
  await expect(async () => {
    await page.goto(sandboxMailURL);
    await expect(link.first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await link.first().click();
}

/** Signs up and confirms the address through the mail catcher: ends on the dashboard, under the onboarding guide. */
export async function signUpThroughMail(
  page: Page,
  user: { name: string; email: string; password: string },
  language: Language = 'en',
): Promise<void> {
  const text = copy[language];
  await page.goto('/register');
  await page.getByLabel(text.name).fill(user.name);
  await page.getByLabel(text.email).fill(user.email);
  await page.getByLabel(text.password).fill(user.password);
  await page.getByRole('button', { name: text.createAccount }).click();
  await expect(page.getByRole('heading', { name: text.checkInbox })).toBeVisible();
  await followMailedLink(page, user.email, 'verify-email');
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Signs up, confirms the address and skips the onboarding guide: ends on the dashboard. */
export async function registerThroughMail(
  page: Page,
  user: { name: string; email: string; password: string },
  language: Language = 'en',
): Promise<void> {
  await signUpThroughMail(page, user, language);
  await skipOnboarding(page, language);
}

/** Signs in on the English login page with an e-mail address and password. */
export async function signInWithPassword(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** A first login opens the onboarding guide over the dashboard; journeys about other things skip it. */
export async function skipOnboarding(page: Page, language: Language = 'en'): Promise<void> {
  const guide = page.getByRole('dialog', { name: copy[language].welcome });
  await guide.getByRole('button', { name: copy[language].skipGuide }).click();
  await expect(guide).toBeHidden();
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The axe-core rule violations on the page as it is now, as "rule: target" lines. The script goes in through the
 * DevTools protocol, which the page's Content-Security-Policy does not govern.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<AxeResults> } }).axe;
    type AxeResults = { violations: { id: string; nodes: { target: string[] }[] }[] };
    const results = await axe.run();
    return results.violations.flatMap((violation) =>
      violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`),
    );
  });
}

/**
 * Opens the connections panel (English pages); a dashboard without connections shows it open in place of the
 * message list.
 */
export async function openConnectionsPanel(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: /^Connections/ });
  await expect(toggle.or(page.getByRole('button', { name: 'Connect Slack' })).first()).toBeVisible();
  if ((await toggle.count()) > 0 && (await toggle.getAttribute('aria-expanded')) !== 'true') {
    await toggle.click();
  }
}

/**
 * A fresh sign-in to a demo account through the login form rather than a shared session: a demo account's hides
 * belong to the sign-in that made them, so a journey neither sees nor disturbs the hides of others beside it.
 */
export async function signInFresh(page: Page, account: 'demo-en' | 'demo-ja'): Promise<void> {
  await page.goto('/login');
  await page.locator('input[type="email"]').fill(`${account}@example.com`);
  await page.locator('input[type="password"]').fill('demo1234');
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** The range above the message list ("1-20 / 180"), in either language. */
export function messageRange(page: Page) {
  return page
    .getByRole('navigation', { name: /^(Pages of messages \(top\)|メッセージのページ（上）)$/ })
    .locator('p');
}

/** Registers a user on the sandbox and connects a seeded ChatWork account through the emulator's consent page. */
export async function registerWithChatwork(page: Page, name: string, label: string): Promise<void> {
  await registerThroughMail(page, { name, email: uniqueEmail(label), password: 'correct horse battery' });
  await openConnectionsPanel(page);
  await page.getByRole('button', { name: 'Connect ChatWork' }).click();
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
}

/**
 * Maya Chen signs up in `language` and connects Acme Corp's Slack through the emulator's consent page: ends on the
 * dashboard with her gathered messages listed and the connections panel closed.
 */
export async function registerMayaWithSlack(page: Page, language: Language, label: string): Promise<void> {
  await useLanguage(page, language);
  await registerThroughMail(
    page,
    { name: 'Maya Chen', email: uniqueEmail(label), password: 'sandbox-secret' },
    language,
  );
  // Without connections the dashboard shows the connections panel open in place of the list.
  await page.getByRole('button', { name: language === 'en' ? 'Connect Slack' : 'Slack を接続' }).click();
  await page.getByLabel('Sign in as').selectOption('T01ACME00:U01MAYA00');
  await page.getByRole('button', { name: 'Allow' }).click();
  await showSlackHistory(page, language);
  await page.keyboard.press('Escape');
}

/** How long a new Slack connection's history can take: the workspace's search budget frees within a minute. */
const CATCH_UP_MS = 70_000;

/**
 * Waits for a newly connected Slack account's history (`text` when given, else any message) and shows it. Every
 * sandbox journey connects to the same workspace, whose searches Slack allows 20 a minute (decision 147): a
 * connection made when they are spent is catching up, and its history comes within a minute, behind the
 * new-messages button as live messages do. The test gets that minute on top of its own time.
 */
export async function showSlackHistory(page: Page, language: Language = 'en', text?: string): Promise<void> {
  test.info().setTimeout(test.info().timeout + CATCH_UP_MS);
  const list = page.getByRole('list', { name: language === 'en' ? 'Message list' : 'メッセージ一覧' });
  const cards = text ? list.getByRole('article').filter({ hasText: text }) : list.getByRole('article');
  const pill = page.getByRole('button', { name: language === 'en' ? /^\d+ new messages?$/ : /^新着 \d+件$/ });
  await expect(cards.or(pill).first()).toBeVisible({ timeout: CATCH_UP_MS });
  if (await pill.isVisible()) await pill.click();
  await expect(cards.first()).toBeVisible();
}
