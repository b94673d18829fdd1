import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { changeLanguage } from '../lib/i18n.ts';

afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await changeLanguage('en');
  window.localStorage.clear();
  window.sessionStorage.clear();
});
