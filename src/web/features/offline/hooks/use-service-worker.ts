import { useCallback, useEffect, useState } from 'react';
import type { Workbox } from 'workbox-window';

/**
 * After the page's own loading is done and the main thread is idle: installing the worker fetches the whole app
 * shell, which must not compete with the first screen.
 */
function whenIdleAfterLoad(): Promise<void> {
  const loaded =
    document.readyState === 'complete'
      ? Promise.resolve()
      : new Promise<void>((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
  return loaded.then(
    () =>
      new Promise<void>((resolve) => {
        if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: 5_000 });
        else setTimeout(resolve, 1_000);
      }),
  );
}

/**
 * Registers the service worker (built from src/web/service-worker/sw.ts) once the app has loaded, through
 * workbox-window, which arrives in its own small chunk. A new version waits: `update` is set while it does, and
 * `reload` lets it take over and reloads the page once it controls it, never under the person's hands.
 */
export function useServiceWorker(): { updateReady: boolean; reload: () => void; dismiss: () => void } {
  const [workbox, setWorkbox] = useState<Workbox | null>(null);
  const [updateReady, setUpdateReady] = useState(false);

  useEffect(() => {
    // The development server builds no worker; the public landing page never loads this code.
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    let active = true;
    let registered: Workbox | null = null;
    const onWaiting = () => active && setUpdateReady(true);
    void whenIdleAfterLoad().then(async () => {
      const { Workbox } = await import('workbox-window');
      if (!active) return;
      registered = new Workbox('/sw.js', { scope: '/' });
      registered.addEventListener('waiting', onWaiting);
      setWorkbox(registered);
      registered
        .register()
        .catch((error: unknown) => console.warn('The service worker did not register', error));
    });
    return () => {
      active = false;
      registered?.removeEventListener('waiting', onWaiting);
    };
  }, []);

  const reload = useCallback(() => {
    if (!workbox) return;
    workbox.addEventListener('controlling', () => window.location.reload());
    workbox.messageSkipWaiting();
  }, [workbox]);

  const dismiss = useCallback(() => setUpdateReady(false), []);

  return { updateReady, reload, dismiss };
}
