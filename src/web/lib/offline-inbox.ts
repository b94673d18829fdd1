/**
 * "Keep my inbox on this device" (docs/decisions/158). The service worker keeps message lists only while this
 * device's setting is on; the setting is a cache of its own, so the worker and the page read the same thing without
 * a message between them, and nothing of it outlives the browser's site data.
 */
export const KEEP_INBOX_FLAG_CACHE = 'matome-keep-inbox-on';
/** The message lists' last answers, kept network-first while the setting is on. */
export const OFFLINE_INBOX_CACHE = 'matome-inbox';

/** The message-list calls whose answers the setting keeps: `GET /api/{slack,chatwork}/messages[/:connectionId]`. */
export const OFFLINE_INBOX_PATH = /^\/api\/(?:slack|chatwork)\/messages(?:\/[^/]+)?$/;

function cacheStorage(): CacheStorage | null {
  return typeof caches === 'undefined' ? null : caches;
}

export async function isKeepingInbox(): Promise<boolean> {
  return (await cacheStorage()?.has(KEEP_INBOX_FLAG_CACHE)) ?? false;
}

/** Turns the setting on or off; off forgets every kept answer at once. */
export async function setKeepingInbox(keep: boolean): Promise<void> {
  const storage = cacheStorage();
  if (!storage) return;
  if (keep) {
    await storage.open(KEEP_INBOX_FLAG_CACHE);
    return;
  }
  await Promise.all([storage.delete(KEEP_INBOX_FLAG_CACHE), storage.delete(OFFLINE_INBOX_CACHE)]);
}

/** Forgets the kept answers but keeps the setting: a 401 means they may belong to a session that has ended. */
export async function forgetKeptInbox(): Promise<void> {
  await cacheStorage()?.delete(OFFLINE_INBOX_CACHE);
}

/** Whether the browser can keep anything for the app at all (a secure context with Cache Storage). */
export function canKeepInbox(): boolean {
  return cacheStorage() !== null && typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
}
