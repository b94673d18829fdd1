import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { ApiError, apiRequest, clientErrorCodes, isTransportError } from './api-client.ts';
import { changeLanguage } from './i18n.ts';
import { accessTokenStore } from './token-storage.ts';

const fetchMock = vi.fn<typeof fetch>();

const reply = (status: number, body: string, contentType = 'application/json') =>
  fetchMock.mockResolvedValueOnce(
    new Response(body === '' ? null : body, { status, headers: { 'Content-Type': contentType } }),
  );

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the request to fail');
    },
    (error: unknown) => {
      if (!(error instanceof ApiError)) throw error;
      return error;
    },
  );

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});

describe('apiRequest', () => {
  it('sends JSON to /api with the bearer token held in memory and validates the reply', async () => {
    accessTokenStore.set('access-token');
    reply(200, JSON.stringify({ answer: 42 }));

    const data = await apiRequest('/things', {
      method: 'POST',
      body: { question: 'everything' },
      schema: z.object({ answer: z.number() }),
    });

    expect(data).toEqual({ answer: 42 });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/things');
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer access-token');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init?.body).toBe('{"question":"everything"}');
  });

  it('sends no Authorization header without a stored token', async () => {
    reply(204, '');
    await apiRequest('/auth/logout', { method: 'POST' });

    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).has('Authorization')).toBe(false);
  });

  it('turns the server error shape into an ApiError with status, code and message', async () => {
    reply(
      409,
      JSON.stringify({
        statusCode: 409,
        error: 'Conflict',
        message: 'Email already registered',
        code: 'EMAIL_TAKEN',
      }),
    );
    const error = await failureOf(apiRequest('/auth/register', { method: 'POST', body: {} }));

    expect(error).toMatchObject({
      statusCode: 409,
      code: 'EMAIL_TAKEN',
      message: 'Email already registered',
    });
    expect(isTransportError(error)).toBe(false);
  });

  it('reports a 504 as a server timeout, in the current language', async () => {
    reply(504, JSON.stringify({ statusCode: 504, error: 'Gateway Timeout', message: 'upstream' }));
    const english = await failureOf(apiRequest('/auth/me'));
    expect(english.message).toBe('The server timed out. Please wait a moment and try again.');
    expect(english).toMatchObject({ statusCode: 504, code: clientErrorCodes.timeout });

    await changeLanguage('jp');
    reply(504, '<html>Gateway Time-out</html>', 'text/html');
    const japanese = await failureOf(apiRequest('/auth/me'));
    expect(japanese.message).toBe('サーバーがタイムアウトしました。しばらく待ってから再試行してください。');
  });

  it('reports a non-JSON timeout page from a proxy as a server timeout', async () => {
    reply(502, '<html><body>upstream request timed out</body></html>', 'text/html');
    const error = await failureOf(apiRequest('/auth/me'));

    expect(error.code).toBe(clientErrorCodes.timeout);
    expect(isTransportError(error)).toBe(true);
  });

  it('reports any other non-JSON reply as an unexpected format with its status', async () => {
    reply(500, '<html>Internal error</html>', 'text/html');
    const error = await failureOf(apiRequest('/auth/me'));

    expect(error.message).toBe('Unexpected response format (status 500).');
    expect(error).toMatchObject({ statusCode: 500, code: clientErrorCodes.unexpectedResponse });
  });

  it('reports JSON that does not match the expected shape as an unexpected format', async () => {
    reply(200, JSON.stringify({ user: { id: 'not a user' } }));
    const error = await failureOf(
      apiRequest('/auth/me', { schema: z.object({ user: z.object({ name: z.string() }) }) }),
    );

    expect(error.message).toBe('Unexpected response format (status 200).');
  });

  it('reports an error body without the error shape as an unexpected format', async () => {
    reply(400, JSON.stringify({ oops: true }));
    const error = await failureOf(apiRequest('/auth/login', { method: 'POST', body: {} }));

    expect(error).toMatchObject({ statusCode: 400, code: clientErrorCodes.unexpectedResponse });
  });

  it('reports a request that never reached the server as a network error', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await failureOf(apiRequest('/health'));

    expect(error).toMatchObject({ statusCode: 0, code: clientErrorCodes.network });
    expect(error.message).toBe('Could not reach the server. Please check your connection and try again.');
  });

  it('gives up on a server that does not answer within 30 seconds', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );
    const failure = failureOf(apiRequest('/auth/me'));
    await vi.advanceTimersByTimeAsync(30_000);
    vi.useRealTimers();

    expect(await failure).toMatchObject({ statusCode: 0, code: clientErrorCodes.timeout });
  });

  it('lets a caller-aborted request reject with the abort itself', async () => {
    const controller = new AbortController();
    controller.abort();
    fetchMock.mockRejectedValueOnce(new DOMException('Aborted', 'AbortError'));

    await expect(apiRequest('/health', { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});
