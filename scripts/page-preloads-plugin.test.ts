import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PAGE_PATHS } from '../src/contract/pages.ts';
import { readPageRoutes } from './page-preloads-plugin.ts';

const webRoot = fileURLToPath(new URL('../src/web', import.meta.url));
const relative = (modules: string[]) => modules.map((module) => path.relative(webRoot, module));

describe('what each page loads, read from the web app’s router', () => {
  const { pages, stringModules } = readPageRoutes(webRoot);
  const page = (pagePath: string) => pages.find((each) => each.path === pagePath);

  it('gives the dashboard its layout, its screen, the query cache and the app’s strings, behind a session', () => {
    expect(page('/dashboard')).toEqual({
      path: '/dashboard',
      modules: expect.any(Array),
      stringParts: ['frame', 'app'],
      signedIn: true,
    });
    expect(relative(page('/dashboard')!.modules)).toEqual([
      'app/layouts/AppLayout.tsx',
      'app/QueryProvider.tsx',
      'app/routes/DashboardPage.tsx',
    ]);
  });

  it('gives the sign-in page its own screen and the sign-in strings, open to anyone', () => {
    expect(relative(page('/login')!.modules)).toEqual([
      'features/auth/components/LoginPage.tsx',
      'app/QueryProvider.tsx',
    ]);
    expect(page('/login')).toMatchObject({ stringParts: ['frame', 'auth'], signedIn: false });
  });

  it('follows what a route fetches ahead and the account page’s strings', () => {
    expect(relative(page('/pricing')!.modules)).toContain('features/billing/api/get-billing-config.ts');
    // The app's strings come with the signed-in layout, the rest with the account page.
    expect(page('/account')!.stringParts).toEqual(['frame', 'app', 'auth', 'billing', 'account']);
  });

  it('finds every lazy page the server answers, and the strings of both languages', () => {
    const paths = pages.map((each) => each.path);
    for (const pagePath of paths) expect(PAGE_PATHS).toContain(pagePath);
    expect(paths).toEqual(
      expect.arrayContaining(['/login', '/dashboard', '/tags', '/rules', '/account', '/terms']),
    );
    expect(relative([stringModules.app!.en, stringModules.app!.jp])).toEqual([
      'locales/en-app.ts',
      'locales/jp-app.ts',
    ]);
  });
});
