/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst, NetworkOnly } from 'workbox-strategies';
import {
  forgetKeptInbox,
  isKeepingInbox,
  OFFLINE_INBOX_CACHE,
  OFFLINE_INBOX_PATH,
} from '../lib/offline-inbox.ts';
import { registerPushHandlers } from './push-handlers.ts';

/**
 * Matome's service worker (docs/decisions/158): keeps the app shell (its page, scripts, styles, fonts, icons) so
 * the app opens without a network and says it is offline; keeps nothing of a message unless the person turned on
 * "keep my inbox on this device"; never keeps any other API answer.
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: { url: string; revision: string | null }[] };

/** Must match APP_SHELL_URL in scripts/pwa-options.ts, where the build puts the page into the precache list. */
const APP_SHELL_URL = '/dashboard';

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// A first installation serves the page that installed it at once; a new version still waits to be asked.
clientsClaim();

// Pages come from the server while it answers (each with its own nonce and title); without a network, the kept
// shell opens instead and the app shows that it is offline. Files and the API are not pages.
registerRoute(
  new NavigationRoute(
    new NetworkOnly({
      plugins: [{ handlerDidError: async () => (await matchPrecache(APP_SHELL_URL)) ?? Response.error() }],
    }),
    { denylist: [/^\/api(?:\/|$)/, /^\/assets\//, /^\/docs\//] },
  ),
);

/** The message lists, network first, only while the setting is on; a 401 forgets them. */
const keptInbox = new NetworkFirst({
  cacheName: OFFLINE_INBOX_CACHE,
  plugins: [
    {
      // A forced refresh and a plain read are the same list.
      cacheKeyWillBeUsed: async ({ request }) => {
        const url = new URL(request.url);
        url.search = '';
        return url.href;
      },
      // Turned off while the answer was on its way: keep nothing.
      cacheWillUpdate: async ({ response }) =>
        response.status === 200 && (await isKeepingInbox()) ? response : null,
      fetchDidSucceed: async ({ response }) => {
        if (response.status === 401) await forgetKeptInbox();
        return response;
      },
    },
  ],
});
const network = new NetworkOnly();

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && OFFLINE_INBOX_PATH.test(url.pathname),
  async (options) => ((await isKeepingInbox()) ? keptInbox : network).handle(options),
  'GET',
);

// A session that cannot be renewed has ended: what it kept goes with it.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname === '/api/auth/refresh',
  async ({ request }) => {
    const response = await fetch(request);
    if (response.status === 401) await forgetKeptInbox();
    return response;
  },
  'POST',
);

// Every other request, the API's included, goes to the network untouched: no route matches it.

// The page asks a waiting worker to take over once the person chose to reload (features/offline).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Push notifications (docs/decisions/159): shown under the person's rules, a click opens the message.
registerPushHandlers(self);
