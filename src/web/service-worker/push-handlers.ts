/**
 * The service worker's part of push notifications (issue 25, decision 159): a push shows its notification, and a
 * click on one brings Matome forward at the message. `sw.ts` calls `registerPushHandlers(self)`.
 *
 * The types below are the few members of ServiceWorkerGlobalScope these handlers use, so this file type-checks
 * with the page's DOM library as well as the worker's.
 */
import { pushPayloadSchema, type PushPayload } from '../../contract/push-notifications.ts';

interface WaitableEvent {
  waitUntil(promise: Promise<unknown>): void;
}
export interface PushEventLike extends WaitableEvent {
  readonly data: { json(): unknown } | null;
}
export interface NotificationClickEventLike extends WaitableEvent {
  readonly notification: { readonly data: unknown; close(): void };
}
interface WindowClientLike {
  readonly url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}
export interface PushServiceWorkerScope {
  readonly location: { readonly origin: string };
  readonly registration: {
    showNotification(title: string, options?: NotificationOptions): Promise<void>;
  };
  readonly clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationClickEventLike) => void): void;
}

const ICON = '/icons/icon-192.png';

/** The payload as the server sent it, or a plain one when it cannot be read (a push must always show something). */
function payloadOf(event: PushEventLike): PushPayload {
  let data: unknown;
  try {
    data = event.data?.json() ?? null;
  } catch {
    data = null;
  }
  const parsed = pushPayloadSchema.safeParse(data);
  if (parsed.success) return parsed.data;
  return { title: 'Matome', body: '', tag: 'matome', url: '/dashboard', count: 1, lang: 'en' };
}

/** Only a path in Matome is opened; anything else falls back to the inbox. */
function targetUrl(origin: string, data: unknown): string {
  const url = typeof data === 'object' && data && 'url' in data ? (data as { url: unknown }).url : null;
  if (typeof url === 'string' && url.startsWith('/') && !url.startsWith('//'))
    return new URL(url, origin).href;
  return new URL('/dashboard', origin).href;
}

export function registerPushHandlers(sw: PushServiceWorkerScope): void {
  sw.addEventListener('push', (event) => {
    const payload = payloadOf(event);
    event.waitUntil(
      sw.registration.showNotification(payload.title, {
        body: payload.body,
        // One tag per burst: each push of a burst replaces the one before it without a second alert.
        tag: payload.tag,
        lang: payload.lang === 'jp' ? 'ja' : 'en',
        icon: ICON,
        data: { url: payload.url },
      }),
    );
  });

  sw.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const url = targetUrl(sw.location.origin, event.notification.data);
    event.waitUntil(
      (async () => {
        const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const open = windows.find((client) => new URL(client.url).origin === sw.location.origin);
        if (open) {
          await open.focus();
          await open.navigate(url);
          return;
        }
        await sw.clients.openWindow(url);
      })(),
    );
  });
}
