import { describe, expect, it } from 'vitest';
import {
  registerPushHandlers,
  type NotificationClickEventLike,
  type PushEventLike,
  type PushServiceWorkerScope,
} from './push-handlers.ts';

function fakeScope(windows: { url: string }[] = []) {
  const shown: { title: string; options?: NotificationOptions }[] = [];
  const opened: string[] = [];
  const focused: { url: string; navigatedTo?: string }[] = [];
  const listeners = new Map<string, (event: never) => void>();
  const scope: PushServiceWorkerScope = {
    location: { origin: 'https://matome.example' },
    registration: {
      showNotification: async (title, options) => {
        shown.push({ title, ...(options ? { options } : {}) });
      },
    },
    clients: {
      matchAll: async () =>
        windows.map((window) => ({
          url: window.url,
          focus: async () => {
            focused.push({ url: window.url });
          },
          navigate: async (url: string) => {
            focused.at(-1)!.navigatedTo = url;
          },
        })),
      openWindow: async (url) => {
        opened.push(url);
      },
    },
    addEventListener: (type: string, listener: (event: never) => void) => {
      listeners.set(type, listener);
    },
  };
  registerPushHandlers(scope);
  const fire = async (type: string, event: Omit<PushEventLike | NotificationClickEventLike, 'waitUntil'>) => {
    const waits: Promise<unknown>[] = [];
    listeners.get(type)!({
      ...event,
      waitUntil: (promise: Promise<unknown>) => waits.push(promise),
    } as never);
    await Promise.all(waits);
  };
  return { shown, opened, focused, fire };
}

const payload = {
  title: '3 new mentions',
  body: 'Latest: Maya in #general · Acme',
  tag: 'matome-mentions-1',
  url: '/dashboard?message=slack-C1-1.000001',
  count: 3,
  lang: 'jp',
};

describe('registerPushHandlers', () => {
  it('shows the pushed notification with its tag and the message link', async () => {
    const worker = fakeScope();
    await worker.fire('push', { data: { json: () => payload } });
    expect(worker.shown).toEqual([
      {
        title: payload.title,
        options: expect.objectContaining({
          body: payload.body,
          tag: payload.tag,
          lang: 'ja',
          data: { url: payload.url },
        }),
      },
    ]);
    // A push that cannot be read still shows something (browsers penalise silent pushes).
    await worker.fire('push', { data: null });
    expect(worker.shown[1]!.title).toBe('Matome');
  });

  it('focuses an open Matome window and takes it to the message, or opens one; never another site', async () => {
    const close = () => undefined;
    const open = fakeScope([{ url: 'https://other.example/' }, { url: 'https://matome.example/rules' }]);
    await open.fire('notificationclick', { notification: { data: { url: payload.url }, close } });
    expect(open.focused).toEqual([
      { url: 'https://matome.example/rules', navigatedTo: `https://matome.example${payload.url}` },
    ]);
    expect(open.opened).toEqual([]);

    const none = fakeScope();
    await none.fire('notificationclick', { notification: { data: { url: '//evil.example/x' }, close } });
    expect(none.opened).toEqual(['https://matome.example/dashboard']);
  });
});
