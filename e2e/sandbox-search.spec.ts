import { expect, test } from '@playwright/test';
import {
  axeViolations,
  failOnConsoleErrors,
  languages,
  postInSlack,
  registerMayaWithSlack,
} from './support.ts';

failOnConsoleErrors();

const copy = {
  en: {
    messageList: 'Message list',
    box: 'Search messages',
    matches: (words: string, count: number) =>
      `${count} ${count === 1 ? 'message matches' : 'messages match'} “${words}”`,
    nothing: (words: string) => `Nothing matches “${words}”`,
    sender: 'From',
    sentFrom: 'Sent on or after',
    newMessages: /^\d+ new messages?$/,
  },
  jp: {
    messageList: 'メッセージ一覧',
    box: 'メッセージを検索',
    matches: (words: string, count: number) => `「${words}」に一致するメッセージが${count}件あります`,
    nothing: (words: string) => `「${words}」に一致するメッセージはありません`,
    sender: '送信者',
    sentFrom: 'この日以降に送信',
    newMessages: /^新着 \d+件$/,
  },
} as const;

/** The local day after today, as a date input takes it. */
function tomorrow(): string {
  const day = new Date();
  day.setDate(day.getDate() + 1);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

for (const language of languages) {
  const text = copy[language];

  test(`search finds a Japanese word inside a live Slack sentence, then narrows by sender and day (${language})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await registerMayaWithSlack(page, language, 'search');
    const list = page.getByRole('list', { name: text.messageList });

    // A word no other message has, inside a Japanese sentence without spaces.
    const word = `請求書${language}${Date.now() % 100_000}号`;
    await postInSlack({
      channel: 'C01GENERAL',
      user: 'U01KEN000',
      text: `<@U01MAYA00> 先月分の${word}をご確認ください`,
    });
    await page.getByRole('button', { name: text.newMessages }).click();

    await page.keyboard.press('/');
    const box = page.getByRole('textbox', { name: text.box });
    await expect(box).toBeFocused();
    await box.fill(word);
    await expect(page.getByRole('status').filter({ hasText: text.matches(word, 1) })).toBeVisible();
    await expect(list.getByRole('article')).toHaveCount(1);
    await expect(list.getByRole('article').locator('mark')).toHaveText(word);
    expect(await axeViolations(page)).toEqual([]);

    // With the words searched, the sender choice lists only who wrote the matches; choosing them keeps the match.
    const sender = page.getByRole('combobox', { name: text.sender });
    await sender.selectOption({ index: 1 });
    await expect(list.getByRole('article')).toHaveCount(1);

    // Nothing was sent tomorrow: the search says what it covers instead of failing.
    await page.getByLabel(text.sentFrom).fill(tomorrow());
    await expect(page.getByText(text.nothing(word))).toBeVisible();
    await page.getByLabel(text.sentFrom).fill('');
    await expect(list.getByRole('article')).toHaveCount(1);
  });
}
