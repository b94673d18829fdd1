import type { Tokens } from '../../contract/auth.ts';

/** One place a value can be kept. Any method may throw; the storage treats a throw as "this store failed". */
export interface KeyValueStore {
  read(key: string): string | null;
  write(key: string, value: string): void;
  remove(key: string): void;
}

export interface TokenStorage {
  getAccessToken(): string | null;
  getRefreshToken(): string | null;
  setTokens(tokens: Tokens): Promise<void>;
  clear(): void;
}

const ACCESS_TOKEN_KEY = 'matome.accessToken';
const REFRESH_TOKEN_KEY = 'matome.refreshToken';
const WRITE_RETRIES = 5;
const FIRST_BACKOFF_MS = 20;
const COOKIE_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

export function webStorageStore(getStorage: () => Storage): KeyValueStore {
  return {
    read: (key) => getStorage().getItem(key),
    write: (key, value) => getStorage().setItem(key, value),
    remove: (key) => getStorage().removeItem(key),
  };
}

export function cookieStore(doc: { cookie: string }, secure: () => boolean): KeyValueStore {
  const attributes = () => `; Path=/; SameSite=Strict${secure() ? '; Secure' : ''}`;
  return {
    read(key) {
      const prefix = `${encodeURIComponent(key)}=`;
      const entry = doc.cookie.split('; ').find((part) => part.startsWith(prefix));
      return entry === undefined ? null : decodeURIComponent(entry.slice(prefix.length));
    },
    write(key, value) {
      doc.cookie = `${encodeURIComponent(key)}=${encodeURIComponent(value)}; Max-Age=${COOKIE_MAX_AGE_SECONDS}${attributes()}`;
    },
    remove(key) {
      doc.cookie = `${encodeURIComponent(key)}=; Max-Age=0${attributes()}`;
    },
  };
}

export function memoryStore(): KeyValueStore {
  const values = new Map<string, string>();
  return {
    read: (key) => values.get(key) ?? null,
    write: (key, value) => void values.set(key, value),
    remove: (key) => void values.delete(key),
  };
}

function attempt<T>(action: () => T): T | undefined {
  try {
    return action();
  } catch {
    return undefined;
  }
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Keeps both tokens together in the first store, in `stores` order, that accepts them and reads them back
 * unchanged. Each store gets the first write plus up to five retries with exponential backoff (20 ms, 40 ms, …),
 * because some browsers fail storage writes transiently (quota flushes, storage partition start-up).
 */
export function createTokenStorage(
  stores: readonly KeyValueStore[],
  sleep: (ms: number) => Promise<void> = wait,
): TokenStorage {
  const read = (key: string) => {
    for (const store of stores) {
      const value = attempt(() => store.read(key));
      if (value) return value;
    }
    return null;
  };

  const removeEverywhere = (except?: KeyValueStore) => {
    for (const store of stores) {
      if (store === except) continue;
      attempt(() => store.remove(ACCESS_TOKEN_KEY));
      attempt(() => store.remove(REFRESH_TOKEN_KEY));
    }
  };

  const writeAndVerify = (store: KeyValueStore, tokens: Tokens) =>
    attempt(() => {
      store.write(ACCESS_TOKEN_KEY, tokens.accessToken);
      store.write(REFRESH_TOKEN_KEY, tokens.refreshToken);
      return (
        store.read(ACCESS_TOKEN_KEY) === tokens.accessToken &&
        store.read(REFRESH_TOKEN_KEY) === tokens.refreshToken
      );
    }) === true;

  return {
    getAccessToken: () => read(ACCESS_TOKEN_KEY),
    getRefreshToken: () => read(REFRESH_TOKEN_KEY),
    async setTokens(tokens) {
      for (const store of stores) {
        for (let retry = 0; retry <= WRITE_RETRIES; retry += 1) {
          if (retry > 0) await sleep(FIRST_BACKOFF_MS * 2 ** (retry - 1));
          if (writeAndVerify(store, tokens)) {
            // An older pair left in an earlier store would shadow this one on the next read.
            removeEverywhere(store);
            return;
          }
        }
      }
      throw new Error('No storage accepted the tokens');
    },
    clear: () => removeEverywhere(),
  };
}

export const tokenStorage = createTokenStorage([
  webStorageStore(() => window.localStorage),
  webStorageStore(() => window.sessionStorage),
  cookieStore(document, () => window.location.protocol === 'https:'),
  memoryStore(),
]);
