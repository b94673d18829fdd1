import { expect, test, type Page } from '@playwright/test';
import {
  axeViolations,
  failOnConsoleErrors,
  languages,
  postInSlack,
  registerThroughMail,
  uniqueEmail,
  useLanguage,
  showSlackHistory,
} from './support.ts';

failOnConsoleErrors();

const copy = {
  en: {
    connectSlack: 'Connect Slack',
    connectChatwork: 'Connect ChatWork',
    connections: /^Connections/,
    messageList: 'Message list',
    newMessages: '1 new message',
    handled: 'Handled',
    awaitingView: 'Awaiting reply',
    awaitingList: 'Conversations awaiting a reply',
    oneDay: '1 day',
    toLena: 'To Lena Fischer',
  },
  jp: {
    connectSlack: 'Slack を接続',
    connectChatwork: 'ChatWork を接続',
    connections: /^接続/,
    messageList: 'メッセージ一覧',
    newMessages: '新着 1件',
    handled: '対応済み',
    awaitingView: '返信待ち',
    awaitingList: '返信待ちの会話',
    oneDay: '1日',
    toLena: '宛先: Lena Fischer様',
  },
} as const;

type Copy = (typeof copy)[keyof typeof copy];

const item = (page: Page, text: Copy, body: string) =>
  page.getByRole('list', { name: text.messageList }).getByRole('listitem').filter({ hasText: body });

for (const language of languages) {
  const text = copy[language];

  test(`a reply written in Slack marks the mention handled live, and a conversation Maya wrote last in awaits a reply (${language})`, async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await useLanguage(page, language);
    await registerThroughMail(
      page,
      { name: 'Maya Chen', email: uniqueEmail('awaiting'), password: 'sandbox-secret' },
      language,
    );
    // Without connections the dashboard shows the connections panel open in place of the list.
    await page.getByRole('button', { name: text.connectSlack }).click();
    await page.getByLabel('Sign in as').selectOption('T01ACME00:U01MAYA00');
    await page.getByRole('button', { name: 'Allow' }).click();
    await showSlackHistory(page, language);
    await page.keyboard.press('Escape');

    const body = `please check the numbers ${language} ${Date.now()}`;
    const ts = await postInSlack({ user: 'U01KEN000', text: `<@U01MAYA00> ${body}` });
    await page.getByRole('button', { name: text.newMessages }).click();
    await expect(item(page, text, body)).toBeVisible();
    await expect(item(page, text, body).getByText(text.handled)).toHaveCount(0);

    // Maya answers in the mention's thread in Slack itself: the open page marks it, without a reload.
    await postInSlack({ user: 'U01MAYA00', text: 'On it, numbers by noon', thread_ts: ts });
    await expect(item(page, text, body).getByText(text.handled, { exact: true })).toBeVisible();

    // Her ChatWork account: she answered Lena in their direct chat 28 hours ago and Lena has not written since.
    const panelToggle = page.getByRole('button', { name: text.connections });
    if ((await panelToggle.getAttribute('aria-expanded')) !== 'true') await panelToggle.click();
    await page.getByRole('button', { name: text.connectChatwork }).click();
    await page.getByRole('button', { name: 'Allow' }).click();
    await expect(page).toHaveURL(/\/dashboard/);
    await expect(
      page.getByRole('list', { name: text.messageList }).getByRole('article').first(),
    ).toBeVisible();

    await page.getByRole('button', { name: text.awaitingView, exact: true }).click();
    await page.getByRole('button', { name: text.oneDay, exact: true }).click();
    const waiting = page.getByRole('list', { name: text.awaitingList });
    await expect(waiting.getByRole('listitem').filter({ hasText: text.toLena })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // The choice is remembered: back to the inbox with g then i, and to the view again with g then a.
    await page.keyboard.press('g');
    await page.keyboard.press('i');
    await expect(waiting).toHaveCount(0);
    await page.keyboard.press('g');
    await page.keyboard.press('a');
    await expect(page.getByRole('button', { name: text.oneDay, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(waiting.getByRole('listitem').filter({ hasText: text.toLena })).toBeVisible();
  });
}
