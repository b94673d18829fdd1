import { expect, test, type Page } from '@playwright/test';
import { axeViolations, failOnConsoleErrors, languages, signInFresh, useLanguage } from './support.ts';

failOnConsoleErrors();

/** The Japanese demo account's sample data has 「請求書」 inside sentences on both platforms. */
const WORD = '請求書';

const copy = {
  en: {
    box: 'Search messages',
    messageList: 'Message list',
    matches: (count: number) => new RegExp(`^${count} messages? match(es)? “${WORD}”`),
    anyMatches: new RegExp(`^(\\d+) messages? match(es)? “${WORD}”`),
    hide: /^Check and hide/,
    nothing: `Nothing matches “${WORD}x”`,
  },
  jp: {
    box: 'メッセージを検索',
    messageList: 'メッセージ一覧',
    matches: (count: number) => new RegExp(`^「${WORD}」に一致するメッセージが${count}件あります`),
    anyMatches: new RegExp(`^「${WORD}」に一致するメッセージが(\\d+)件あります`),
    hide: /確認して非表示/,
    nothing: `「${WORD}x」に一致するメッセージはありません`,
  },
} as const;

const cards = (page: Page, messageList: string) =>
  page.getByRole('list', { name: messageList }).getByRole('article');

for (const language of languages) {
  const text = copy[language];

  test(`search finds a Japanese word inside a sentence, marks it, and keeps the card's actions (${language})`, async ({
    page,
  }) => {
    await useLanguage(page, language);
    await signInFresh(page, 'demo-ja');
    await expect(cards(page, text.messageList).first()).toBeVisible();

    await page.keyboard.press('/');
    const box = page.getByRole('textbox', { name: text.box });
    await expect(box).toBeFocused();
    await box.fill(WORD);
    const status = page.getByRole('status').filter({ hasText: text.anyMatches });
    await expect(status).toBeVisible();
    const count = Number(text.anyMatches.exec((await status.textContent()) ?? '')![1]);
    expect(count).toBeGreaterThan(1);

    const results = cards(page, text.messageList);
    await expect(results).toHaveCount(Math.min(count, 20));
    const first = results.first();
    await expect(first.locator('mark').first()).toHaveText(WORD);
    for (const card of await results.all()) await expect(card).toContainText(WORD);
    expect(await axeViolations(page)).toEqual([]);

    const firstId = await first.getAttribute('data-message-id');
    await first.getByRole('button', { name: text.hide }).click();
    await expect(page.locator(`[data-message-id="${firstId}"]`)).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: text.matches(count - 1) })).toBeVisible();

    await box.press('Escape');
    await expect(box).not.toBeFocused();
    await box.fill(`${WORD}x`);
    await expect(page.getByText(text.nothing)).toBeVisible();
  });
}
