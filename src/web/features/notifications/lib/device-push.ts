/**
 * This browser's side of push notifications: whether it can receive them, its service worker registration and
 * subscription, and which of the person's devices it is (remembered from when it subscribed).
 */

const DEVICE_ID_KEY = 'matome.push-device-id';

/** Whether the browser has what Web Push needs at all (a service worker, the Push API, notifications). */
export function browserSupportsPush(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The page's service worker registration, or null when there is none (not installed, or not supported). */
export async function serviceWorkerRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!browserSupportsPush()) return null;
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

export async function currentPushSubscription(): Promise<PushSubscription | null> {
  const registration = await serviceWorkerRegistration();
  return registration ? registration.pushManager.getSubscription() : null;
}

/** The VAPID public key (base64url) as the bytes `applicationServerKey` takes. */
export function applicationServerKeyOf(publicKey: string): Uint8Array<ArrayBuffer> {
  const base64 = publicKey.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

export type SubscribeOutcome =
  { kind: 'subscribed'; subscription: PushSubscriptionJSON } | { kind: 'denied' } | { kind: 'unavailable' };

/** Asks permission (after the person's click) and subscribes this browser with the server's key. */
export async function subscribeThisBrowser(publicKey: string): Promise<SubscribeOutcome> {
  const registration = await serviceWorkerRegistration();
  if (!registration) return { kind: 'unavailable' };
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return { kind: 'denied' };
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: applicationServerKeyOf(publicKey),
  });
  return { kind: 'subscribed', subscription: subscription.toJSON() };
}

/** Ends this browser's subscription, if it has one. */
export async function unsubscribeThisBrowser(): Promise<void> {
  const subscription = await currentPushSubscription();
  await subscription?.unsubscribe();
}

export function thisDeviceId(): string | null {
  try {
    return localStorage.getItem(DEVICE_ID_KEY);
  } catch {
    return null;
  }
}

export function rememberThisDevice(id: string | null): void {
  try {
    if (id) localStorage.setItem(DEVICE_ID_KEY, id);
    else localStorage.removeItem(DEVICE_ID_KEY);
  } catch {
    // Private modes may refuse storage: the device list then simply does not mark this device.
  }
}
