import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { options } from 'preact';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { SESSION_HINT_COOKIE } from '../../contract/auth-constants.ts';
import { changeLanguage, i18nReady, loadScreenStrings } from '../lib/i18n.ts';
import { resetSessionData } from '../lib/session-data.ts';
import { accessTokenStore } from '../lib/token-storage.ts';

await i18nReady;
// Components are rendered here without the lazy routes that bring the app's strings in the browser.
await loadScreenStrings('account');

// findBy and waitFor wait up to 5 s rather than 1 s: screens that load their chunks and several queries took
// longer than a second on a CI machine busy with other work, and a slow machine is not a failure.
configure({ asyncUtilTimeout: 5_000 });

// jsdom paints no frames. Preact runs effects after the next frame, before a person's next key or click can come;
// here they run in the next task, so before the test's next input too (decision 180).
options.requestAnimationFrame = (callback) => setTimeout(callback);

// jsdom has no layout, so it cannot scroll; the router's scroll restoration calls this on every navigation.
window.scrollTo = () => undefined;

// An unexpected console.error is a failure: noise hides real problems. A test that expects one spies on it.
let consoleErrors: unknown[][] = [];
beforeEach(() => {
  // Tests start in a browser that signed in before, so the app asks the refresh cookie at start; a test of a
  // first visit clears it.
  document.cookie = `${SESSION_HINT_COOKIE}=1; path=/`;
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
  document.cookie = `${SESSION_HINT_COOKIE}=; path=/; max-age=0`;
  expect(
    consoleErrors.map((args) => args.map(String).join(' ')),
    'unexpected console.error',
  ).toEqual([]);
});
