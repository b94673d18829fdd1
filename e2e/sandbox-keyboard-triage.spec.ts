import { expect, test, type Page } from '@playwright/test';
import { failOnConsoleErrors, registerWithChatwork } from './support.ts';

failOnConsoleErrors();

// The keyboard on an account of one's own, where the demo account's restrictions do not apply: tagging with t and
// undoing it, and the reply box, whose typing (and IME composition) never reaches the shortcuts.

const cards = (page: Page) => page.getByRole('list', { name: 'Message list' }).getByRole('article');

test('t tags the focused card and u takes the tag off; typing and composing in the reply box fire nothing', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await registerWithChatwork(page, 'Keyboard Journey', 'sandbox-keyboard');
  await expect(cards(page).first()).toBeVisible();
  await page.goto('/tags');
  await page.getByRole('button', { name: 'Create your first tag' }).click();
  await page.getByPlaceholder('Enter tag name').fill('Urgent');
  await page.getByLabel('Japanese name (optional)').fill('至急');
  await page.getByRole('form', { name: 'New tag' }).getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('0 messages')).toBeVisible();
  // g then i goes back to the inbox from the tags page too.
  await page.getByRole('heading', { level: 1 }).click();
  await page.keyboard.press('g');
  await page.keyboard.press('i');
  await expect(page).toHaveURL(/\/dashboard$/);

  await expect(cards(page).first()).toBeVisible();
  await page.keyboard.press('j');
  const card = cards(page).first();
  await expect(card).toBeFocused();
  const tags = card.getByRole('list', { name: 'Tags' });

  await page.keyboard.press('t');
  const sheet = page.getByRole('dialog', { name: 'Tags' });
  await sheet.getByRole('checkbox', { name: 'Urgent' }).check();
  await expect(sheet.getByText('Saving…')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(card).toBeFocused();
  await expect(tags).toHaveText('Urgent');
  await expect(page.getByText('Tags changed.')).toBeVisible();

  await page.keyboard.press('u');
  await expect(page.getByText('Tag change undone.')).toBeVisible();
  await expect(tags).toHaveCount(0);
  await page.reload();
  await expect(cards(page).first()).toBeVisible();
  await expect(cards(page).first().getByRole('list', { name: 'Tags' })).toHaveCount(0);

  await page.keyboard.press('j');
  await page.keyboard.press('r');
  const box = cards(page).first().getByRole('textbox');
  await expect(box).toBeFocused();
  await page.keyboard.type(' jxh u');
  // A Japanese IME composing in the box, through the browser's own input method events.
  const session = await page.context().newCDPSession(page);
  await session.send('Input.imeSetComposition', { text: 'へんしん', selectionStart: 4, selectionEnd: 4 });
  await session.send('Input.insertText', { text: '返信' });
  await expect(box).toHaveValue(/ jxh u返信$/);
  await expect(cards(page).first().getByRole('checkbox')).not.toBeChecked();
  await expect(page.getByText('Message hidden.')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Show all hidden \(0\)$/ })).toBeDisabled();

  // Once the box is closed the shortcuts answer again.
  await page.keyboard.press('Escape');
  await expect(box).toHaveCount(0);
  await page.keyboard.press('x');
  await expect(cards(page).first().getByRole('checkbox')).toBeChecked();
});
