/**
 * Whether the app can reach its server (docs/decisions/158): the browser's own word (navigator.onLine and its
 * online/offline events), and what the last API call found, since a browser can think itself online behind a
 * network that leads nowhere. While a call failed for want of a network, a light probe asks again every few
 * seconds, so the app recovers by itself as soon as the server answers.
 */
const PROBE_INTERVAL_MS = 5_000;
const PROBE_PATH = '/api/health';

const listeners = new Set<() => void>();
let unreachable = false;
let probe: ReturnType<typeof setTimeout> | null = null;

function browserOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

function notify(): void {
  for (const listener of listeners) listener();
}

function stopProbe(): void {
  if (probe !== null) clearTimeout(probe);
  probe = null;
}

function scheduleProbe(): void {
  if (probe !== null || !unreachable) return;
  probe = setTimeout(() => {
    probe = null;
    if (!browserOnline()) return;
    void fetch(PROBE_PATH, { cache: 'no-store' }).then(
      () => reportReachable(),
      () => scheduleProbe(),
    );
  }, PROBE_INTERVAL_MS);
}

/** An API call got no answer at all (not an error answer: no answer). */
export function reportUnreachable(): void {
  if (unreachable) return;
  unreachable = true;
  notify();
  scheduleProbe();
}

/** The server answered something. */
export function reportReachable(): void {
  if (!unreachable) return;
  unreachable = false;
  stopProbe();
  notify();
}

export function isOnline(): boolean {
  return browserOnline() && !unreachable;
}

/** For useSyncExternalStore: called when the answer of isOnline() may have changed. */
export function subscribeToConnectivity(listener: () => void): () => void {
  if (listeners.size === 0 && typeof window !== 'undefined') {
    window.addEventListener('online', onBrowserOnline);
    window.addEventListener('offline', notify);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== 'undefined') {
      window.removeEventListener('online', onBrowserOnline);
      window.removeEventListener('offline', notify);
    }
  };
}

function onBrowserOnline(): void {
  // Back on a network: ask the server at once rather than wait for the next probe.
  if (unreachable) {
    stopProbe();
    void fetch(PROBE_PATH, { cache: 'no-store' }).then(
      () => reportReachable(),
      () => scheduleProbe(),
    );
  }
  notify();
}
