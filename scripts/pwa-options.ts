import type { VitePWAOptions } from 'vite-plugin-pwa';

/**
 * Where the service worker keeps the app's page: the server answers every page path with the same index.html (its
 * nonce and title filled in), but never as /index.html, so the shell is fetched and kept under a page path.
 */
export const APP_SHELL_URL = '/dashboard';

/** The app's palette (src/web/public/favicon.svg, index.html's theme-color; the app's slate-50 ground). */
export const THEME_COLOR = '#4f46e5';
export const BACKGROUND_COLOR = '#f8fafc';

/**
 * The installable app (docs/decisions/158): the web app manifest, and the service worker built from
 * src/web/service-worker/sw.ts with Workbox's precache list injected. The app registers the worker itself
 * (features/offline), so the public landing page carries no script for it.
 */
export const pwaOptions: Partial<VitePWAOptions> = {
  strategies: 'injectManifest',
  srcDir: 'service-worker',
  filename: 'sw.ts',
  injectRegister: false,
  registerType: 'prompt',
  manifestFilename: 'manifest.webmanifest',
  includeManifestIcons: false,
  manifest: {
    id: '/dashboard',
    name: 'Matome',
    short_name: 'Matome',
    description: 'One inbox for your Slack and ChatWork mentions, direct messages and replies.',
    lang: 'en',
    dir: 'ltr',
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    categories: ['productivity', 'business'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    // The manifest-incubations `translations` member: browsers that read it name the app in Japanese for people
    // whose system language is Japanese; the others ignore it (docs/decisions/158).
    ...({
      translations: {
        ja: {
          name: 'まとめ',
          short_name: 'まとめ',
          description: 'Slack と ChatWork のメンション、ダイレクトメッセージ、返信をひとつの受信箱に。',
        },
      },
    } as object),
  },
  injectManifest: {
    // The app shell: scripts, styles, fonts, icons. Screenshots and help PDFs stay on the network.
    globPatterns: ['index.html', 'assets/**/*.{js,css,woff2}', 'icons/*.png', 'favicon.svg'],
    globIgnores: ['**/*.br', '**/*.gz'],
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    manifestTransforms: [
      (entries) => ({
        manifest: entries.map((entry) =>
          entry.url === 'index.html' ? { ...entry, url: APP_SHELL_URL } : entry,
        ),
        warnings: [],
      }),
    ],
  },
};
