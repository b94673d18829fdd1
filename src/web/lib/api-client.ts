import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../contract/auth-constants.ts';
import type { User } from '../../contract/auth.ts';
import { reportReachable, reportUnreachable } from './connectivity.ts';
import { i18n } from './i18n.ts';
import { accessTokenStore } from './token-storage.ts';

/** Codes the client assigns itself, for failures that never produced a server error body. */
export const clientErrorCodes = {
  network: 'NETWORK_ERROR',
  timeout: 'TIMEOUT_ERROR',
  unexpectedResponse: 'UNEXPECTED_RESPONSE',
} as const;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The HTTP status; 0 when no response arrived. */
  readonly statusCode: number;
  readonly code: string | undefined;

  constructor(statusCode: number, message: string, code?: string, options?: ErrorOptions) {
    super(message, options);
    this.statusCode = statusCode;
    this.code = code;
  }
}

/** Checks an answer and returns it typed: a zod schema does. */
export interface ResponseSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: unknown };
}

/**
 * A response schema, or a loader of one: the calls made on every page (renewing the session) load their zod
 * schemas only when an answer arrives, which keeps zod out of the public pages' first chunk.
 */
export type ResponseCheck<T> = ResponseSchema<T> | (() => Promise<ResponseSchema<T>>);

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Whether a 401 for an expired access token renews it and sends the request again (the default). */
  renewOnExpiry?: boolean;
  /** Extra headers, such as an `Idempotency-Key`. */
  headers?: Record<string, string>;
}

const REQUEST_TIMEOUT_MS = 30_000;
/** Proxies in front of the API answer a slow upstream with an HTML page rather than our JSON shape. */
const TIMEOUT_PAGE_PATTERN = /time-?out|timed out/i;

const timeoutError = (statusCode: number, cause?: unknown) =>
  new ApiError(statusCode, i18n.t('errors:timeout'), clientErrorCodes.timeout, { cause });

const unexpectedResponseError = (statusCode: number, cause?: unknown) =>
  new ApiError(
    statusCode,
    i18n.t('errors:unexpectedFormat', { status: statusCode }),
    clientErrorCodes.unexpectedResponse,
    { cause },
  );

/** Fetches and reads the body under one time limit, so a stalled body times out like a stalled server. */
async function send(path: string, options: ApiRequestOptions): Promise<{ response: Response; text: string }> {
  // The CSRF header on every call is harmless, and required by the calls the refresh cookie authorises.
  const headers = new Headers({ Accept: 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE });
  const accessToken = accessTokenStore.get();
  if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`);
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);

  // Combined by hand: AbortSignal.any and AbortSignal.timeout are missing from Safari before 17.4.
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const abortFromCaller = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) abortFromCaller();
  options.signal?.addEventListener('abort', abortFromCaller, { once: true });

  try {
    const response = await fetch(`/api${path}`, {
      method: options.method ?? 'GET',
      credentials: 'same-origin',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: controller.signal,
    });
    reportReachable();
    return { response, text: await response.text() };
  } catch (error) {
    if (options.signal?.aborted) throw error;
    if (timedOut) throw timeoutError(0, error);
    // fetch rejects with a TypeError when no answer came at all: the network, not the server, failed.
    if (error instanceof TypeError) reportUnreachable();
    throw new ApiError(0, i18n.t('errors:network'), clientErrorCodes.network, { cause: error });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', abortFromCaller);
  }
}

/** The API's one error shape (src/contract/errors.ts), checked by hand: it is read on every page. */
function isApiErrorBody(value: unknown): value is { statusCode: number; message: string; code?: string } {
  if (typeof value !== 'object' || value === null) return false;
  const body = value as Record<string, unknown>;
  return (
    Number.isInteger(body.statusCode) &&
    typeof body.error === 'string' &&
    typeof body.message === 'string' &&
    (body.code === undefined || typeof body.code === 'string')
  );
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

const REFRESH_LOCK_NAME = 'matome.token-refresh';
const sessionEndedListeners = new Set<() => void>();
let renewal: Promise<boolean> | null = null;
/** The signed-in user as the last renewal's answer named them (docs/decisions/173); taken once. */
let renewedUser: User | null = null;

/** Called when the session turned out to be over (its refresh cookie no longer works). */
export function onSessionEnded(listener: () => void): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

/**
 * Refresh tokens rotate on every use, so two tabs spending the same one would end the session for both. The Web
 * Locks API serialises renewals across tabs (each then sends the cookie its predecessor set); browsers without
 * it fall back to one renewal at a time per tab.
 */
async function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  if ('locks' in navigator) return navigator.locks.request(REFRESH_LOCK_NAME, task);
  return task();
}

/**
 * A new access token for this tab through the HttpOnly refresh cookie: at start (a reload, a new tab), before the
 * current one expires, and when a request finds it expired. One at a time; answers whether the session lives on.
 */
export function renewAccessToken(): Promise<boolean> {
  renewal ??= withRefreshLock(async () => {
    const before = accessTokenStore.get();
    renewedUser = null;
    try {
      const { tokens, user } = await apiRequest('/auth/refresh', {
        method: 'POST',
        schema: async () => (await import('../../contract/auth.ts')).refreshResponseSchema,
        renewOnExpiry: false,
      });
      accessTokenStore.set(tokens.accessToken);
      renewedUser = user ?? null;
      return true;
    } catch (error) {
      if (!(error instanceof ApiError) || error.statusCode !== 401) throw error;
      // Keep a token a sign-in stored while this renewal was under way.
      if (accessTokenStore.get() === before) accessTokenStore.set(null);
      return accessTokenStore.get() !== null;
    }
  }).finally(() => {
    renewal = null;
  });
  return renewal;
}

/**
 * The user the last renewal's answer named, once: the start-up check of a stored session reads it rather than ask
 * `/auth/me` one round trip later (docs/decisions/173). Null when the server did not send it (an older server).
 */
export function takeRenewedUser(): User | null {
  const user = renewedUser;
  renewedUser = null;
  return user;
}

/**
 * Calls `/api{path}` with the access token held in memory and validates the reply with `schema`. A request
 * whose token expired meanwhile renews it once and is sent again. Every failure becomes an ApiError: the
 * server's `{statusCode, error, message, code}` shape when it sent one, otherwise a localised timeout, network
 * or unexpected-format message.
 */
export async function apiRequest<T>(
  path: string,
  options: ApiRequestOptions & { schema: ResponseCheck<T> },
): Promise<T>;
export async function apiRequest(path: string, options?: ApiRequestOptions): Promise<void>;
export async function apiRequest<T>(
  path: string,
  options: ApiRequestOptions & { schema?: ResponseCheck<T> } = {},
): Promise<T | void> {
  const sentToken = accessTokenStore.get();
  try {
    return await receive(path, options);
  } catch (error) {
    const expired = error instanceof ApiError && error.statusCode === 401 && error.code === 'UNAUTHENTICATED';
    if (!expired || !sentToken || options.renewOnExpiry === false) throw error;
    // Another request may have renewed the token already; otherwise renew it now.
    if (accessTokenStore.get() === sentToken && !(await renewAccessToken())) {
      for (const listener of sessionEndedListeners) listener();
      throw error;
    }
    return receive(path, options);
  }
}

async function receive<T>(path: string, options: ApiRequestOptions & { schema?: ResponseCheck<T> }) {
  const { response, text } = await send(path, options);
  if (response.status === 504) throw timeoutError(response.status);

  if (response.ok && !options.schema) return;

  const json = parseJson(text);
  if (!json.ok) {
    throw TIMEOUT_PAGE_PATTERN.test(text)
      ? timeoutError(response.status)
      : unexpectedResponseError(response.status);
  }

  if (!response.ok) {
    if (!isApiErrorBody(json.value)) throw unexpectedResponseError(response.status);
    const { statusCode, message, code } = json.value;
    throw new ApiError(statusCode, message, code);
  }

  const schema = typeof options.schema === 'function' ? await options.schema() : options.schema;
  const result = schema?.safeParse(json.value);
  if (!result?.success) throw unexpectedResponseError(response.status, result?.error);
  return result.data;
}

const clientErrorCodeSet: ReadonlySet<string | undefined> = new Set(Object.values(clientErrorCodes));

/** True when no usable server answer arrived; the error's message is then already localised for the user. */
export function isTransportError(error: unknown): error is ApiError {
  return error instanceof ApiError && clientErrorCodeSet.has(error.code);
}
