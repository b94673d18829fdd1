import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '../../../../contract/push-notifications.ts';
import { changeLanguage } from '../../../lib/i18n.ts';
import { json, stubApi } from '../../../test/fake-api.ts';
import { renderRouter } from '../../../test/render-router.ts';
import { NotificationsCard } from './NotificationsCard.tsx';

const device = {
  id: '11111111-1111-4111-8111-111111111111',
  label: 'Chrome 130 on macOS',
  created_at: '2026-11-20T09:00:00.000Z',
  last_used_at: null,
};
const connections = [{ id: 'conn-1', name: 'Slack · Acme · Maya' }];

function render() {
  renderRouter([{ path: '/', element: <NotificationsCard connections={connections} /> }], '/');
}

afterEach(async () => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  localStorage.clear();
  await changeLanguage('en');
});

/** A browser with a service worker and the Push API, whose permission prompt is answered `granted`. */
function stubPushBrowser() {
  const subscription = {
    endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
    toJSON: () => ({
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      expirationTime: null,
      keys: { p256dh: `B${'a'.repeat(86)}`, auth: 'b'.repeat(22) },
    }),
    unsubscribe: vi.fn(async () => true),
  };
  let subscribed: typeof subscription | null = null;
  const subscribe = vi.fn(async () => (subscribed = subscription));
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal(
    'Notification',
    Object.assign(class {}, { permission: 'default', requestPermission: async () => 'granted' }),
  );
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      getRegistration: async () => ({
        pushManager: { getSubscription: async () => subscribed, subscribe },
      }),
    },
  });
  return { subscribe, subscription };
}

describe('NotificationsCard', () => {
  it('says clearly when this browser cannot receive notifications, and still lists devices and preferences', async () => {
    stubApi({
      'GET /api/push/devices': () => json(200, { devices: [device] }),
      'GET /api/push/preferences': () => json(200, DEFAULT_NOTIFICATION_PREFERENCES),
    });
    render();
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Notifications are not available in this browser',
    );
    expect(screen.queryByRole('switch')).toBeNull();
    const list = screen.getByRole('list', { name: 'Devices that receive notifications' });
    expect(within(list).getByText('Chrome 130 on macOS')).toBeVisible();
    expect(
      within(list).getByRole('button', { name: 'Stop notifications on Chrome 130 on macOS' }),
    ).toBeVisible();
    expect(await screen.findByRole('checkbox', { name: 'Direct mentions' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Direct messages' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Mentions of everyone' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Show the first line of the message' })).not.toBeChecked();
  });

  it('saves the kinds, accounts and first line chosen', async () => {
    const fetchMock = stubApi({
      'GET /api/push/devices': () => json(200, { devices: [] }),
      'GET /api/push/preferences': () => json(200, DEFAULT_NOTIFICATION_PREFERENCES),
      'PUT /api/push/preferences': (init) => json(200, JSON.parse(String(init?.body))),
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Replies and threads' }));
    await user.click(screen.getByRole('radio', { name: 'Only these accounts' }));
    await user.click(screen.getByRole('checkbox', { name: 'Slack · Acme · Maya' }));
    await user.click(screen.getByRole('checkbox', { name: 'Show the first line of the message' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({
      kinds: ['mention', 'dm', 'reply'],
      connection_ids: ['conn-1'],
      include_first_line: true,
    });
    expect(await screen.findByText('Notification settings saved.')).toBeVisible();
  });

  it('turns this device on: permission on the click, subscribed with the server key, registered in the page’s language', async () => {
    await changeLanguage('jp');
    const { subscribe } = stubPushBrowser();
    const posted: unknown[] = [];
    const devices: (typeof device)[] = [];
    stubApi({
      'GET /api/push/devices': () => json(200, { devices }),
      'GET /api/push/preferences': () => json(200, DEFAULT_NOTIFICATION_PREFERENCES),
      'GET /api/push/public-key': () => json(200, { public_key: `B${'A'.repeat(86)}` }),
      'POST /api/push/devices': (init) => {
        posted.push(JSON.parse(String(init?.body)));
        devices.push(device);
        return json(201, device);
      },
    });
    render();
    const toggle = await screen.findByRole('switch', { name: 'この端末で通知を受け取る' });
    expect(toggle).not.toBeChecked();
    await userEvent.setup().click(toggle);
    await waitFor(() => expect(screen.getByRole('switch')).toBeChecked());
    expect(subscribe).toHaveBeenCalledWith(expect.objectContaining({ userVisibleOnly: true }));
    expect(posted).toEqual([
      {
        endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
        expirationTime: null,
        keys: { p256dh: `B${'a'.repeat(86)}`, auth: 'b'.repeat(22) },
        language: 'jp',
      },
    ]);
    expect(screen.getByText('この端末')).toBeVisible();
  });
});
