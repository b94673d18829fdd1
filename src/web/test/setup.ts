import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { changeLanguage, i18nReady, loadAppStrings } from '../lib/i18n.ts';
import { resetSessionData } from '../lib/session-data.ts';
import { accessTokenStore } from '../lib/token-storage.ts';

await i18nReady;
// Components are rendered here without the lazy routes that bring the app's strings in the browser.
await loadAppStrings();

// jsdom has no layout, so it cannot scroll; the router's scroll restoration calls this on every navigation.
window.scrollTo = () => undefined;

// An unexpected console.error is a failure: noise hides real problems. A test that expects one spies on it.
let consoleErrors: unknown[][] = [];
beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});

afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await changeLanguage('en');
  accessTokenStore.set(null);
  // Lazy routes share one query cache across renders, as in the browser; each test starts without its data.
  resetSessionData();
  window.localStorage.clear();
  window.sessionStorage.clear();
  expect(
    consoleErrors.map((args) => args.map(String).join(' ')),
    'unexpected console.error',
  ).toEqual([]);
});
