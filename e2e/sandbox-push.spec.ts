import { expect, test } from '@playwright/test';
import {
  failOnConsoleErrors,
  openConnectionsPanel,
  postInSlack,
  registerThroughMail,
  sandboxEmulatorURLs,
  uniqueEmail,
} from './support.ts';

failOnConsoleErrors();

type Received = { subscription_id: string; payload: string };

async function receivedBy(subscriptionId: string): Promise<{ title: string; body: string; url: string }[]> {
  return (await rawReceivedBy(subscriptionId)).map(
    (push) => JSON.parse(push.payload) as { title: string; body: string; url: string },
  );
}

test('a mention posted in the Slack emulator reaches the person’s device as one push, which the service worker shows; its link opens the message', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('push');
  const password = 'sandbox-secret';
  await registerThroughMail(page, { name: 'Maya Chen', email, password });
  await openConnectionsPanel(page);
  await page.getByRole('button', { name: 'Connect Slack' }).click();
  await page.getByLabel('Sign in as').selectOption('T01ACME00:U01MAYA00');
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page.getByText('Slack connected: Acme Corp.')).toBeVisible();

  // A device as a browser's push service makes it (the Chromium push itself needs the service worker).
  const made = await fetch(`${sandboxEmulatorURLs.push}/_control/subscriptions`, { method: 'POST' });
  const { id: subscriptionId, ...subscription } = (await made.json()) as { id: string };
  const login = await page.request.post('/api/auth/login', { data: { email, password } });
  const { tokens } = (await login.json()) as { tokens: { accessToken: string } };
  // The workspace's shared search budget can leave the new connection catching up (decision 147): its history,
  // a few minutes old, would then notify as it comes in. The device is added once the history is in.
  test.setTimeout(160_000);
  await expect
    .poll(
      async () => {
        const status = await page.request.get('/api/slack/status', {
          headers: { authorization: `Bearer ${tokens.accessToken}` },
        });
        const { connections } = (await status.json()) as {
          connections: { slack_intake?: { state: string } }[];
        };
        return connections.map((connection) => connection.slack_intake?.state ?? 'none');
      },
      { timeout: 70_000, intervals: [1_000] },
    )
    .not.toContain('catching_up');
  const subscribed = await page.request.post('/api/push/devices', {
    headers: { authorization: `Bearer ${tokens.accessToken}` },
    data: { ...subscription, language: 'en' },
  });
  expect(subscribed.status(), await subscribed.text()).toBe(201);

  const ts = await postInSlack({ user: 'U01KEN000', text: `<@U01MAYA00> push check ${Date.now()}` });
  await expect.poll(async () => (await receivedBy(subscriptionId)).length, { timeout: 20_000 }).toBe(1);
  const marker = await postInSlack({ user: 'U01KEN000', text: `<@U01MAYA00> and one more` });
  await expect.poll(async () => (await receivedBy(subscriptionId)).length, { timeout: 20_000 }).toBe(2);

  const [first, second] = await receivedBy(subscriptionId);
  expect(first!.url).toContain(encodeURIComponent(ts));
  expect(first!.body).toContain('#general');
  expect(first!.body).not.toContain('push check');
  // Within a minute: the second one counts the burst instead of standing alone.
  expect(second).toMatchObject({ title: '2 new mentions' });
  expect(second!.url).toContain(encodeURIComponent(marker));

  // The same payload, delivered to this browser's service worker as its push service would, shows one notification.
  const [pushed] = await rawReceivedBy(subscriptionId);
  await page.context().grantPermissions(['notifications']);
  const cdp = await page.context().newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((registration) => !registration.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(page.url()).origin,
    registrationId: await registrationId,
    data: pushed!.payload,
  });
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((notification) => ({
        title: notification.title,
        body: notification.body,
        url: (notification.data as { url: string }).url,
      })),
    );
  await expect.poll(async () => (await shown()).length).toBe(1);
  const [notification] = await shown();
  expect(notification).toEqual({ title: first!.title, body: first!.body, url: first!.url });

  // What a click opens: the inbox with that message's card focused.
  await page.goto(notification!.url);
  const opened = page.getByRole('article').filter({ hasText: 'push check' });
  await expect(opened).toBeFocused();
  await expect(page).toHaveURL(/\/dashboard$/);
});

async function rawReceivedBy(subscriptionId: string): Promise<Received[]> {
  const response = await fetch(
    `${sandboxEmulatorURLs.push}/_control/received?subscription=${encodeURIComponent(subscriptionId)}`,
  );
  return ((await response.json()) as { received: Received[] }).received;
}
