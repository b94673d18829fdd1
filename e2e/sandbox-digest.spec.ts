import { expect, test } from '@playwright/test';
import {
  axeViolations,
  failOnConsoleErrors,
  languages,
  registerThroughMail,
  sandboxMailURL,
  uniqueEmail,
  useLanguage,
} from './support.ts';

failOnConsoleErrors();

const copy = {
  en: {
    connectSlack: 'Connect Slack',
    messageList: 'Message list',
    card: 'Morning digest',
    enabled: 'E-mail me a morning digest',
    time: 'Time',
    save: 'Save digest settings',
    saved: /The morning digest will arrive at/,
    subject: /^Matome morning digest: \d+ waiting$/,
    unsubscribe: 'Unsubscribe',
    done: /You are unsubscribed/,
  },
  jp: {
    connectSlack: 'Slack を接続',
    messageList: 'メッセージ一覧',
    card: '朝のダイジェスト',
    enabled: '朝のダイジェストをメールで受け取る',
    time: '時刻',
    save: 'ダイジェストの設定を保存',
    saved: /朝のダイジェストをお送りします/,
    subject: /^【まとめ】朝のダイジェスト：未対応 \d+件$/,
    unsubscribe: '配信を停止する',
    done: /配信を停止しました/,
  },
} as const;

type CaughtMail = {
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string>;
};

/** The mail catcher's mail to `to` whose subject matches, once it has arrived. */
async function digestTo(to: string, subject: RegExp): Promise<CaughtMail> {
  let found: CaughtMail | undefined;
  await expect(async () => {
    const { messages } = (await (await fetch(`${sandboxMailURL}/_control/messages`)).json()) as {
      messages: CaughtMail[];
    };
    found = messages.find((mail) => mail.to.includes(to) && subject.test(mail.subject));
    expect(found).toBeDefined();
  }).toPass({ timeout: 30_000 });
  return found!;
}

for (const language of languages) {
  const text = copy[language];

  test(`turning on the morning digest brings it to the mailbox, and its link unsubscribes without signing in (${language})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await useLanguage(page, language);
    const email = uniqueEmail(`digest-${language}`);
    await registerThroughMail(page, { name: 'Maya Chen', email, password: 'sandbox-secret' }, language);
    // Maya's Slack account has mentions waiting.
    await page.getByRole('button', { name: text.connectSlack }).click();
    await page.getByLabel('Sign in as').selectOption('T01ACME00:U01MAYA00');
    await page.getByRole('button', { name: 'Allow' }).click();
    await expect(
      page.getByRole('list', { name: text.messageList }).getByRole('article').first(),
    ).toBeVisible();

    await page.goto('/account');
    const card = page.getByRole('region', { name: text.card });
    const enabled = card.getByRole('checkbox', { name: text.enabled });
    await expect(enabled).not.toBeChecked();
    await enabled.check();
    // Now on the browser's clock, in the browser's own time zone (the card's default): the sandbox's job, which
    // looks every few seconds, finds the digest due at once.
    const now = await page.evaluate(() =>
      new Date().toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
    );
    await card.getByLabel(text.time, { exact: true }).fill(now);
    await card.getByRole('button', { name: text.save }).click();
    await expect(page.getByText(text.saved)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    const mail = await digestTo(email, text.subject);
    expect(mail.html).toContain('/dashboard');
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const unsubscribe = /^<([^>]+)>$/.exec(mail.headers['list-unsubscribe'] ?? '')?.[1];
    expect(unsubscribe).toMatch(/\/api\/digest\/unsubscribe\?token=/);
    expect(mail.text).toContain(unsubscribe);

    // Someone who is not signed in (a phone's mail app) follows the link from the mail catcher's page.
    const stranger = await browser.newContext();
    try {
      const mailbox = await stranger.newPage();
      await mailbox.goto(sandboxMailURL);
      await mailbox
        .locator('article', { hasText: email })
        .filter({ hasText: text.card })
        .getByRole('link', { name: unsubscribe! })
        .first()
        .click();
      // Opening the link only asks.
      await expect(mailbox.getByRole('button', { name: text.unsubscribe })).toBeVisible();
      await page.reload();
      await expect(
        page.getByRole('region', { name: text.card }).getByRole('checkbox', { name: text.enabled }),
      ).toBeChecked();
      await mailbox.getByRole('button', { name: text.unsubscribe }).click();
      await expect(mailbox.getByText(text.done)).toBeVisible();
    } finally {
      await stranger.close();
    }
    await page.reload();
    await expect(
      page.getByRole('region', { name: text.card }).getByRole('checkbox', { name: text.enabled }),
    ).not.toBeChecked();
  });
}
