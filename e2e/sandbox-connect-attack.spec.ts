import { expect, test } from '@playwright/test';
import {
  failOnConsoleErrors,
  openConnectionsPanel,
  registerThroughMail,
  sandboxEmulatorURLs,
  uniqueEmail,
  useLanguage,
} from './support.ts';

failOnConsoleErrors();

async function emulatorCodeExchanges(): Promise<number> {
  const response = await fetch(`${sandboxEmulatorURLs.slack}/_control/requests`);
  const { requests } = (await response.json()) as { requests: { path: string; body: unknown }[] };
  return requests.filter(
    (request) =>
      request.path === '/api/oauth.v2.access' &&
      (request.body as { grant_type?: string } | null)?.grant_type !== 'refresh_token',
  ).length;
}

test('a consent link started by one user and approved in another person’s browser connects nothing', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const attacker = await browser.newContext();
  const victim = await browser.newContext();
  try {
    const attackerPage = await attacker.newPage();
    const victimPage = await victim.newPage();
    await useLanguage(attackerPage, 'en');
    await useLanguage(victimPage, 'en');
    await registerThroughMail(attackerPage, {
      name: 'Mallory',
      email: uniqueEmail('attacker'),
      password: 'attacker passphrase',
    });
    await registerThroughMail(victimPage, {
      name: 'Maya Chen',
      email: uniqueEmail('victim'),
      password: 'victim passphrase',
    });
    const exchangesBefore = await emulatorCodeExchanges();

    // The attacker starts connecting Slack and, instead of approving, copies the consent page's address.
    await openConnectionsPanel(attackerPage);
    await attackerPage.getByRole('button', { name: 'Connect Slack' }).click();
    await expect(attackerPage.getByLabel('Sign in as')).toBeVisible();
    const consentUrl = attackerPage.url();
    expect(consentUrl.startsWith(sandboxEmulatorURLs.slack)).toBe(true);

    // The victim, signed in to Slack and to Matome, opens the link and presses Allow.
    await victimPage.goto(consentUrl);
    await victimPage.getByLabel('Sign in as').selectOption('T01ACME00:U01MAYA00');
    await victimPage.getByRole('button', { name: 'Allow' }).click();
    await expect(victimPage).toHaveURL(/\/dashboard$/);
    await expect(victimPage.getByText(/opened in a different browser/)).toBeVisible();

    // Nothing reached Slack's token endpoint, and neither account holds the victim's workspace.
    expect(await emulatorCodeExchanges()).toBe(exchangesBefore);
    for (const page of [attackerPage, victimPage]) {
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { name: 'Messages' })).toBeVisible();
      await openConnectionsPanel(page);
      await expect(page.getByRole('progressbar', { name: 'Connections used' })).toHaveAttribute(
        'aria-valuetext',
        '0 of 2 connections used',
      );
    }

    // The attacker's own browser cannot finish it afterwards either: the state was spent.
    await attackerPage.goto(consentUrl);
    await attackerPage.getByLabel('Sign in as').selectOption('T01ACME00:U01MAYA00');
    await attackerPage.getByRole('button', { name: 'Allow' }).click();
    await expect(attackerPage.getByText(/has expired or was already used/)).toBeVisible();
  } finally {
    await attacker.close();
    await victim.close();
  }
});
