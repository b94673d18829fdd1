import { expect, test, type Page } from '@playwright/test';
import {
  axeViolations,
  failOnConsoleErrors,
  languages,
  registerThroughMail,
  sandboxEmulatorURLs,
  uniqueEmail,
  useLanguage,
  showSlackHistory,
} from './support.ts';

failOnConsoleErrors();

const copy = {
  en: {
    connectSlack: 'Connect Slack',
    messageList: 'Message list',
    views: 'Views',
    inbox: 'Inbox',
    muted: 'Muted',
    important: 'Important',
    more: (sender: string) => `More actions for the message from ${sender}`,
    mutePlace: 'Mute this channel or room',
    importantSender: (sender: string) => `Always important from ${sender}`,
    mutedToast: 'random is muted. Its messages are under Muted.',
    newMessages: '1 new message',
    accountMenu: 'Account menu for Maya Chen',
    rulesLink: 'Rules and quiet hours',
    yourRules: 'Your rules',
    inRandom: 'in random',
    fromLena: 'from Lena Fischer',
  },
  jp: {
    connectSlack: 'Slack を接続',
    messageList: 'メッセージ一覧',
    views: '表示',
    inbox: '受信箱',
    muted: 'ミュート',
    important: '重要',
    more: (sender: string) => `${sender}さんのメッセージのその他の操作`,
    mutePlace: 'このチャンネル・ルームをミュート',
    importantSender: (sender: string) => `${sender}様からのメッセージを常に重要にする`,
    mutedToast: 'randomをミュートしました。メッセージは「ミュート」に表示されます。',
    newMessages: '新着 1件',
    accountMenu: 'Maya Chen様のアカウントメニュー',
    rulesLink: 'ルールと通知を控える時間',
    yourRules: '登録済みのルール',
    inRandom: '場所：random',
    fromLena: '送信者：Lena Fischer',
  },
} as const;

type Copy = (typeof copy)[keyof typeof copy];

/** Posts in the Slack emulator; the emulator delivers it to the app as a signed event. */
async function postInSlack(message: { channel: string; user: string; text: string }): Promise<void> {
  const response = await fetch(`${sandboxEmulatorURLs.slack}/_control/events/post`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(message),
  });
  expect(response.ok).toBe(true);
}

const card = (page: Page, text: Copy, body: string) =>
  page.getByRole('list', { name: text.messageList }).getByRole('article').filter({ hasText: body });
const view = (page: Page, text: Copy, name: string) =>
  page.getByRole('group', { name: text.views }).getByRole('button', { name: new RegExp(`^${name}`) });

for (const language of languages) {
  test(`a rule mutes a channel and one marks a sender important, on what is there and on live mentions (${language})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const text = copy[language];
    await useLanguage(page, language);
    await registerThroughMail(
      page,
      { name: 'Maya Chen', email: uniqueEmail(`rules-${language}`), password: 'sandbox-secret' },
      language,
    );
    await page.getByRole('button', { name: text.connectSlack }).click();
    await page.getByLabel('Sign in as').selectOption('T01ACME00:U01MAYA00');
    await page.getByRole('button', { name: 'Allow' }).click();
    const lobby = card(page, text, 'meet at the lobby at 12:10');
    await showSlackHistory(page, language, 'meet at the lobby at 12:10');
    await page.keyboard.press('Escape');

    // Mute #random from a message of it: the message leaves the inbox and waits under Muted.
    await lobby.getByRole('button', { name: text.more('Raj Patel') }).click();
    await page.getByRole('menuitem', { name: text.mutePlace }).click();
    await expect(page.getByText(text.mutedToast)).toBeVisible();
    await expect(lobby).toHaveCount(0);

    // Always important from Lena: her DM carries the badge.
    const q3 = card(page, text, 'Could you send me the Q3 numbers');
    await q3.getByRole('button', { name: text.more('Lena Fischer') }).click();
    await page.getByRole('menuitem', { name: text.importantSender('Lena Fischer') }).click();
    await expect(q3.getByText(text.important, { exact: true })).toBeVisible();

    // Live: a mention in #random is muted and not announced; one from Lena is announced and marked important.
    const stamp = Date.now();
    await postInSlack({ channel: 'C01RANDOM', user: 'U01KEN000', text: `<@U01MAYA00> muted live ${stamp}` });
    await postInSlack({
      channel: 'C01GENERAL',
      user: 'U01LENA00',
      text: `<@U01MAYA00> important live ${stamp}`,
    });
    await page.getByRole('button', { name: text.newMessages }).click();
    const live = card(page, text, `important live ${stamp}`);
    await expect(live.getByText(text.important, { exact: true })).toBeVisible();
    await expect(card(page, text, `muted live ${stamp}`)).toHaveCount(0);

    await view(page, text, text.muted).click();
    await expect(card(page, text, `muted live ${stamp}`)).toBeVisible();
    await expect(card(page, text, 'meet at the lobby at 12:10')).toBeVisible();
    await expect(card(page, text, `important live ${stamp}`)).toHaveCount(0);
    await view(page, text, text.important).click();
    await expect(card(page, text, `important live ${stamp}`)).toBeVisible();
    await expect(card(page, text, 'Could you send me the Q3 numbers')).toBeVisible();

    // The rules page lists both, named, and passes axe.
    await page.getByRole('button', { name: text.accountMenu }).click();
    await page.getByRole('menuitem', { name: text.rulesLink }).click();
    const rules = page.getByRole('list', { name: text.yourRules });
    await expect(rules.getByRole('listitem')).toHaveCount(2);
    await expect(rules.getByRole('listitem').nth(0)).toContainText(text.inRandom);
    await expect(rules.getByRole('listitem').nth(1)).toContainText(text.fromLena);
    expect(await axeViolations(page)).toEqual([]);
  });
}
