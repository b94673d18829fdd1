import { expect, test } from '@playwright/test';
import { failOnConsoleErrors, languages, signInAsDemo, useLanguage } from './support.ts';

failOnConsoleErrors();

const copy = {
  en: {
    account: 'demo-en',
    panel: /^Connections/,
    guide: 'Setup guide',
    guideTitle: 'How to connect Slack and ChatWork',
    pdfLink: /Open the Slack guide/,
    disconnect: /^Disconnect /,
    demoToast: /This is a demo account, so this action is not available/,
  },
  jp: {
    account: 'demo-ja',
    panel: /^接続/,
    guide: 'セットアップガイド',
    guideTitle: 'Slack と ChatWork の接続方法',
    pdfLink: /Slack のガイドを開く/,
    disconnect: /の接続を解除$/,
    demoToast: /デモアカウントのため、この操作はご利用いただけません/,
  },
} as const;

for (const language of languages) {
  const text = copy[language];

  test.describe(`connections panel (${language})`, () => {
    signInAsDemo(text.account);

    test('opens the setup guide, whose link serves the PDF in the interface language', async ({ page }) => {
      await useLanguage(page, language);
      await page.goto('/dashboard');
      await page.getByRole('button', { name: text.panel }).click();
      const help = page.getByRole('button', { name: text.guide });
      await help.click();

      const dialog = page.getByRole('dialog', { name: text.guideTitle });
      await expect(dialog).toBeVisible();
      const link = dialog.getByRole('link', { name: text.pdfLink });
      await expect(link).toHaveAttribute('href', `/docs/help_slack_${language}.pdf`);
      const pdf = await page.request.get(`/docs/help_slack_${language}.pdf`);
      expect(pdf.ok()).toBe(true);
      expect(pdf.headers()['content-type']).toContain('application/pdf');

      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(help).toBeFocused();
    });

    test('tells a demo user that disconnecting is not available', async ({ page }) => {
      await useLanguage(page, language);
      await page.goto('/dashboard');
      await page.getByRole('button', { name: text.panel }).click();

      await page.getByRole('button', { name: text.disconnect }).first().click();

      await expect(page.getByText(text.demoToast)).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });
  });
}
