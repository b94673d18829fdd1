import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
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

/** Chooses the interface language before the app loads, as a returning visitor's stored choice would. */
export async function useLanguage(page: Page, language: Language): Promise<void> {
  await page.addInitScript((stored) => window.localStorage.setItem('matome.language', stored), language);
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
    loginFailed: 'Login failed. Please check your email and password.',
    demoHint: 'The demo account has been filled in. Press Login to continue.',
    messages: 'Messages',
    accountMenu: (name: string) => `Account menu for ${name}`,
    greeting: (name: string) => `Hello, ${name}`,
    logout: 'Logout',
  },
  jp: {
    loginHeading: 'まとめにログイン',
    email: 'メールアドレス',
    password: 'パスワード',
    name: 'お名前',
    login: 'ログイン',
    createAccount: '登録する',
    loginFailed: 'ログインに失敗しました。メールアドレスとパスワードをご確認ください。',
    demoHint: 'デモアカウントの情報を入力しました。「ログイン」ボタンを押してください。',
    messages: 'メッセージ',
    accountMenu: (name: string) => `${name}様のアカウントメニュー`,
    greeting: (name: string) => `こんにちは、${name}様`,
    logout: 'ログアウト',
  },
} as const;

export const languages = ['en', 'jp'] as const;

/** Browser state of a signed-in demo account, written by sign-in.setup.ts. */
export const demoStorageState = {
  'demo-en': 'e2e/.auth/demo-en.json',
  'demo-ja': 'e2e/.auth/demo-ja.json',
} as const;

/** The server whose demo accounts carry 1,000 sample messages per platform (see playwright.config.ts). */
export const largeSampleBaseURL = `http://127.0.0.1:${process.env.E2E_LARGE_PORT ?? 3101}`;

/** The emulators behind the sandbox app (see playwright.config.ts), for their request logs. */
export const sandboxEmulatorURLs = {
  slack: `http://127.0.0.1:${process.env.E2E_SLACK_PORT ?? 3103}`,
  chatwork: `http://127.0.0.1:${process.env.E2E_CHATWORK_PORT ?? 3104}`,
} as const;

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
