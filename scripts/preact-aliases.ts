import { fileURLToPath } from 'node:url';
import type { Alias } from 'vite';

/**
 * React's API served by Preact (decision 180), for the web app, its tests and the landing page's build-time render:
 * the code imports `react` as before, and going back to React DOM is removing these.
 */
export const preactAliases: Alias[] = [
  {
    find: /^react$/,
    replacement: fileURLToPath(new URL('../src/web/lib/react-on-preact.ts', import.meta.url)),
  },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
];
