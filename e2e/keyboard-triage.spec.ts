import { expect, test, type Page } from '@playwright/test';
import {
  axeViolations,
  failOnConsoleErrors,
  languages,
  messageRange as range,
  signInFresh,
  useLanguage,
} from './support.ts';

failOnConsoleErrors();

const TOTAL = 180;

const copy = {
  en: {
    account: 'demo-en',
    messageList: 'Message list',
    position: (position: number) => new RegExp(`^Message ${position} of ${TOTAL} from `),
    hiddenToast: 'Message hidden.',
    undone: 'Hiding undone.',
    demoToast: 'This is a demo account, so this action is not available.',
    palette: 'Commands',
    option: 'Check and hide',
    help: 'Keyboard shortcuts',
    helpRow: 'Go to tags',
    then: 'g then t',
  },
  jp: {
    account: 'demo-ja',
    messageList: 'メッセージ一覧',
    position: (position: number) => new RegExp(`^${TOTAL}件中${position}件目、`),
    hiddenToast: 'メッセージを非表示にしました。',
    undone: '非表示を取り消しました。',
    demoToast: 'デモアカウントのため、この操作はご利用いただけません。',
    palette: 'コマンド',
    option: '確認して非表示',
    help: 'キーボードショートカット',
    helpRow: 'タグ管理へ移動',
    then: 'g の次に t',
  },
} as const;

type Copy = (typeof copy)[keyof typeof copy];

const cards = (page: Page, text: Copy) =>
  page.getByRole('list', { name: text.messageList }).getByRole('article');

for (const language of languages) {
  const text = copy[language];

  test.describe(`triage from the keyboard on the demo account (${language})`, () => {
    test.beforeEach(async ({ page }) => {
      await useLanguage(page, language);
      await signInFresh(page, text.account);
      await expect(range(page)).toHaveText(`1-20 / ${TOTAL}`);
    });

    test('j/k move, x selects, h hides, u undoes; t is refused on a demo account', async ({ page }) => {
      await page.keyboard.press('j');
      const first = cards(page, text).nth(0);
      await expect(first).toBeFocused();
      await expect(page.getByRole('status').filter({ hasText: text.position(1) })).toHaveCount(1);
      await page.keyboard.press('j');
      const second = cards(page, text).nth(1);
      await expect(second).toBeFocused();
      await expect(second).toHaveAttribute('aria-current', 'true');
      await page.keyboard.press('k');
      await expect(first).toBeFocused();
      await page.keyboard.press('j');

      await page.keyboard.press('x');
      await expect(second.getByRole('checkbox')).toBeChecked();
      await page.keyboard.press('x');
      await expect(second.getByRole('checkbox')).not.toBeChecked();

      const secondId = await second.getAttribute('data-message-id');
      await page.keyboard.press('h');
      await expect(page.locator(`[data-message-id="${secondId}"]`)).toHaveCount(0);
      await expect(range(page)).toHaveText(`1-20 / ${TOTAL - 1}`);
      await expect(page.getByText(text.hiddenToast)).toBeVisible();
      // The place is kept: the card that moved up into its slot has focus.
      await expect(cards(page, text).nth(1)).toBeFocused();

      await page.keyboard.press('u');
      await expect(page.getByText(text.undone)).toBeVisible();
      await expect(page.locator(`[data-message-id="${secondId}"]`)).toBeFocused();
      await expect(range(page)).toHaveText(`1-20 / ${TOTAL}`);

      await page.keyboard.press('t');
      await expect(page.getByText(text.demoToast)).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });

    test('Ctrl+K runs an action typed by its Japanese label; the palette and ? help pass axe', async ({
      page,
    }) => {
      await page.keyboard.press('j');
      const firstId = await cards(page, text).nth(0).getAttribute('data-message-id');
      await page.keyboard.press('Control+k');
      const palette = page.getByRole('dialog', { name: text.palette });
      const input = palette.getByRole('combobox');
      await expect(input).toBeFocused();
      expect(await axeViolations(page)).toEqual([]);

      await input.fill('確認して非表示');
      await expect(palette.getByRole('option', { name: text.option })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await page.keyboard.press('Enter');
      await expect(palette).toBeHidden();
      await expect(page.locator(`[data-message-id="${firstId}"]`)).toHaveCount(0);
      await expect(range(page)).toHaveText(`1-20 / ${TOTAL - 1}`);

      await page.keyboard.press('Control+k');
      await expect(palette.getByRole('group').first().getByRole('option').first()).toHaveAccessibleName(
        text.option,
      );
      await page.keyboard.press('Escape');
      await expect(palette).toBeHidden();

      await page.keyboard.press('Shift+?');
      const help = page.getByRole('dialog', { name: text.help });
      await expect(help).toBeVisible();
      await expect(
        help.getByRole('term').filter({ hasText: text.helpRow }).locator('xpath=..'),
      ).toContainText(text.then);
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(help).toBeHidden();

      await page.keyboard.press('g');
      await page.keyboard.press('t');
      await expect(page).toHaveURL(/\/tags$/);
    });

    test('no shortcut fires during a composition or in a field', async ({ page }) => {
      await page.keyboard.press('j');
      const first = cards(page, text).nth(0);
      await expect(first).toBeFocused();
      // What an IME sends while composing: keydowns marked isComposing with key code 229.
      await page.evaluate(() => {
        const target = document.activeElement ?? document.body;
        target.dispatchEvent(new CompositionEvent('compositionstart', { bubbles: true }));
        for (const key of ['x', 'h']) {
          const event = new KeyboardEvent('keydown', {
            key,
            bubbles: true,
            cancelable: true,
            isComposing: true,
          });
          Object.defineProperty(event, 'keyCode', { value: 229 });
          target.dispatchEvent(event);
        }
        target.dispatchEvent(new CompositionEvent('compositionend', { bubbles: true, data: 'へ' }));
      });
      await expect(first.getByRole('checkbox')).not.toBeChecked();
      await expect(range(page)).toHaveText(`1-20 / ${TOTAL}`);

      // Typing in the palette's field searches; it does not select or hide the focused card.
      await page.keyboard.press('Control+k');
      await page.keyboard.type('xh');
      await page.keyboard.press('Escape');
      await expect(first).toBeFocused();
      await expect(first.getByRole('checkbox')).not.toBeChecked();
      await expect(range(page)).toHaveText(`1-20 / ${TOTAL}`);
    });
  });
}
