import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { helpPdfs } from './scripts/help-pdfs-plugin.ts';
import { landingPage } from './scripts/landing-page-plugin.ts';
import { pagePreloads } from './scripts/page-preloads-plugin.ts';
import { webAliases } from './scripts/web-aliases.ts';
import { precompress } from './scripts/precompress-plugin.ts';
import { pwaOptions } from './scripts/pwa-options.ts';

const fromRoot = (path: string) => fileURLToPath(new URL(`./${path}`, import.meta.url));

/**
 * The app shell, every module the app's HTML loads before its first screen, in one file rather than the nine that
 * splitting by sharing made of it: on a phone's network each file is a round trip more (decision 185). What the
 * landing page's script shares with it (the language and page settings, the stylesheet) is a chunk of its own, so the
 * landing page loads none of the app.
 */
const landingShared =
  /src[\\/](contract[\\/]auth-constants|web[\\/]lib[\\/](landing-page-markers|language-detection|language|page-config))\.ts$|src[\\/]web[\\/]styles\.css$|vite[\\/]modulepreload-polyfill/;
const landingEntry = /src[\\/]web[\\/]landing\.(ts|html)$/;
const shellChunks = [
  { name: 'page-config', test: landingShared, priority: 2 },
  {
    name: 'app-shell',
    tags: ['$initial' as const],
    test: (id: string) => !landingEntry.test(id),
    priority: 1,
  },
];
const webRoot = fromRoot('src/web');

export default defineConfig({
  root: webRoot,
  publicDir: fromRoot('src/web/public'),
  plugins: [
    tailwindcss(),
    helpPdfs(),
    landingPage(),
    pagePreloads(webRoot),
    VitePWA(pwaOptions),
    precompress(),
  ],
  resolve: { alias: webAliases },
  // The server swaps this for a fresh nonce on every page (src/server/plugins/web-app.ts).
  html: { cspNonce: 'MATOME_CSP_NONCE' },
  build: {
    outDir: fromRoot('dist/web'),
    emptyOutDir: true,
    rolldownOptions: {
      // The app, and the landing page's template with its one small script (docs/decisions/138).
      input: [`${webRoot}/index.html`, `${webRoot}/landing.html`],
      output: { codeSplitting: { groups: shellChunks } },
    },
  },
  server: {
    proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? '3001'}` },
  },
  test: {
    root: fromRoot(''),
    // Vitest's default leaves a core for itself (one worker on a 2-core machine), yet it idles while the workers
    // run: a worker per core took the suite from 12.5 to 8.5 minutes on 2 cores (decision 176).
    maxWorkers: '100%',
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts', 'src/contract/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['src/server/test/setup.ts'],
          globalSetup: ['src/server/test/database-templates.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'emulators',
          include: ['emulators/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['src/server/test/setup.ts'],
        },
      },
      {
        extends: true,
        // Libraries' ES modules: their CommonJS builds would require React past the aliases.
        resolve: {
          mainFields: ['module', 'main'],
          alias: [
            {
              find: /^lucide-react$/,
              replacement: fromRoot('node_modules/lucide-react/dist/esm/lucide-react.mjs'),
            },
          ],
        },
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // Through Vite, so the libraries' imports of React reach Preact too.
          server: { deps: { inline: true } },
          setupFiles: ['src/web/test/setup.ts'],
          testTimeout: 15_000,
        },
      },
    ],
  },
});
