import { fileURLToPath } from 'node:url';
import type { Alias } from 'vite';

const fromRoot = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

/**
 * What the web app's imports resolve to, for its build, its tests and the landing page's build-time render. React's
 * API served by Preact (decision 180): the code imports `react` as before, and going back to React DOM is removing
 * these; and lucide's icons made by a lighter factory (decision 181).
 */
export const webAliases: Alias[] = [
  {
    find: /^react$/,
    replacement: fromRoot('src/web/lib/react-on-preact.ts'),
  },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^\.\.?\/createLucideIcon\.mjs$/, replacement: fromRoot('src/web/lib/lean-icon.ts') },
];
