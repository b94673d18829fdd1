import { describe, expect, it, vi } from 'vitest';
import {
  cookieStore,
  createTokenStorage,
  memoryStore,
  webStorageStore,
  type KeyValueStore,
} from './token-storage.ts';

const tokens = { accessToken: 'access-1', refreshToken: 'refresh-1' };
const failing: KeyValueStore = {
  read: () => null,
  write: () => {
    throw new DOMException('Quota exceeded', 'QuotaExceededError');
  },
  remove: () => undefined,
};
const denied = (): Storage => {
  throw new DOMException('Access denied', 'SecurityError');
};

/** A minimal document.cookie: records every assignment and honours Max-Age=0 as deletion. */
function fakeCookieJar({ accepts = true } = {}) {
  const jar = new Map<string, string>();
  const assignments: string[] = [];
  return {
    assignments,
    get cookie() {
      return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    set cookie(assignment: string) {
      assignments.push(assignment);
      if (!accepts) return;
      const [pair = ''] = assignment.split('; ');
      const [name = '', value = ''] = pair.split('=');
      if (assignment.includes('Max-Age=0')) jar.delete(name);
      else jar.set(name, value);
    },
  };
}

const noSleep = () => Promise.resolve();

describe('token storage', () => {
  it('keeps tokens in localStorage when it works', async () => {
    const storage = createTokenStorage([
      webStorageStore(() => window.localStorage),
      webStorageStore(() => window.sessionStorage),
    ]);
    await storage.setTokens(tokens);

    expect(window.localStorage.getItem('matome.accessToken')).toBe('access-1');
    expect(window.sessionStorage.length).toBe(0);
    expect(storage.getAccessToken()).toBe('access-1');
    expect(storage.getRefreshToken()).toBe('refresh-1');
  });

  it('falls back to sessionStorage when localStorage throws, after retrying with exponential backoff', async () => {
    const sleep = vi.fn<(ms: number) => Promise<void>>(noSleep);
    const storage = createTokenStorage(
      [webStorageStore(denied), webStorageStore(() => window.sessionStorage)],
      sleep,
    );
    await storage.setTokens(tokens);

    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([20, 40, 80, 160, 320]);
    expect(window.sessionStorage.getItem('matome.refreshToken')).toBe('refresh-1');
    expect(storage.getAccessToken()).toBe('access-1');
  });

  it('falls back to a cookie when both web storages throw', async () => {
    const jar = fakeCookieJar();
    const storage = createTokenStorage(
      [failing, failing, cookieStore(jar, () => true), memoryStore()],
      noSleep,
    );
    await storage.setTokens(tokens);

    expect(storage.getAccessToken()).toBe('access-1');
    expect(jar.assignments).toContain(
      'matome.accessToken=access-1; Max-Age=604800; Path=/; SameSite=Strict; Secure',
    );
  });

  it('omits Secure from the cookie on plain http', async () => {
    const jar = fakeCookieJar();
    await createTokenStorage([cookieStore(jar, () => false)], noSleep).setTokens(tokens);

    expect(jar.assignments[0]).toBe('matome.accessToken=access-1; Max-Age=604800; Path=/; SameSite=Strict');
  });

  it('keeps tokens in memory when every persistent store fails', async () => {
    const cookiesBlocked = fakeCookieJar({ accepts: false });
    const storage = createTokenStorage(
      [webStorageStore(denied), failing, cookieStore(cookiesBlocked, () => true), memoryStore()],
      noSleep,
    );
    await storage.setTokens(tokens);

    expect(cookiesBlocked.cookie).toBe('');
    expect(storage.getAccessToken()).toBe('access-1');
    expect(storage.getRefreshToken()).toBe('refresh-1');
  });

  it('stays with a store whose write fails only transiently', async () => {
    const memory = memoryStore();
    let failuresLeft = 2;
    const flaky: KeyValueStore = {
      ...memory,
      write: (key, value) => {
        if (failuresLeft > 0) {
          failuresLeft -= 1;
          throw new Error('transient');
        }
        memory.write(key, value);
      },
    };
    const fallback = memoryStore();
    const sleep = vi.fn<(ms: number) => Promise<void>>(noSleep);
    await createTokenStorage([flaky, fallback], sleep).setTokens(tokens);

    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([20, 40]);
    expect(memory.read('matome.accessToken')).toBe('access-1');
    expect(fallback.read('matome.accessToken')).toBeNull();
  });

  it('treats a write that does not read back as failed', async () => {
    const dropsWrites: KeyValueStore = { read: () => null, write: () => undefined, remove: () => undefined };
    const fallback = memoryStore();
    await createTokenStorage([dropsWrites, fallback], noSleep).setTokens(tokens);

    expect(fallback.read('matome.refreshToken')).toBe('refresh-1');
  });

  it('removes an older pair from other stores so it cannot shadow the new one', async () => {
    const first = memoryStore();
    const second = memoryStore();
    first.write('matome.accessToken', 'stale');
    const firstNowFailing: KeyValueStore = { ...first, write: failing.write };
    const storage = createTokenStorage([firstNowFailing, second], noSleep);
    await storage.setTokens(tokens);

    expect(storage.getAccessToken()).toBe('access-1');
  });

  it('clears the tokens from every store', async () => {
    const first = memoryStore();
    const second = memoryStore();
    const storage = createTokenStorage([first, second], noSleep);
    await storage.setTokens(tokens);
    second.write('matome.refreshToken', 'written by another tab');
    storage.clear();

    expect(storage.getAccessToken()).toBeNull();
    expect(storage.getRefreshToken()).toBeNull();
  });
});
