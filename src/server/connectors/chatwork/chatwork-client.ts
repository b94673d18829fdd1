import { z } from 'zod';
import { createCallBudget } from '../call-budget.ts';
import { memoryLimiters, type Limiters } from '../../lib/limiters.ts';
import { ProviderError, retryAfterSeconds, transportError, withRateLimitRetry } from '../provider-error.ts';
import { outcomeOf, type ProviderCallObserver } from '../provider-calls-observed.ts';

const PROVIDER = 'ChatWork';
/**
 * ChatWork allows 300 requests per 5 minutes. Whether it counts per token or per account is undocumented; we count
 * per account (every token of it, the sign-in's `GET /me` included), the stricter reading, and take ChatWork's own
 * count from its `X-RateLimit-*` headers whenever it is higher than ours.
 */
export const CHATWORK_BUDGET = { points: 300, durationSeconds: 300 };

export const chatworkMeSchema = z.looseObject({
  account_id: z.number().int(),
  name: z.string(),
  organization_id: z.number().int().nullish(),
  organization_name: z.string().nullish(),
  avatar_image_url: z.string().nullish(),
  login_mail: z.string().nullish(),
  mail: z.string().nullish(),
});
export type ChatworkMe = z.infer<typeof chatworkMeSchema>;

export const chatworkRoomSchema = z.looseObject({
  room_id: z.number().int(),
  name: z.string(),
  type: z.enum(['my', 'direct', 'group']),
  last_update_time: z.number().int(),
});
export type ChatworkRoom = z.infer<typeof chatworkRoomSchema>;

export const chatworkMessageSchema = z.looseObject({
  message_id: z.string().regex(/^\d{1,20}$/),
  account: z.looseObject({
    account_id: z.number().int(),
    name: z.string(),
    avatar_image_url: z.string().nullish(),
  }),
  body: z.string(),
  send_time: z.number().int().nonnegative(),
  update_time: z.number().int().nonnegative(),
});
export type ChatworkMessage = z.infer<typeof chatworkMessageSchema>;

const postedMessageSchema = z.looseObject({ message_id: z.string() });

export type ChatworkClientOptions = {
  apiUrl: string;
  timeoutMs: number;
  limiters?: Limiters;
  /** Told of every call made (and every call our own budget refused), for the metrics. */
  observe?: ProviderCallObserver;
};

/** A call's operation for the metrics: its method and path with the room left out (`GET /rooms/{room_id}`). */
function operationOf(method: string, path: string): string {
  return `${method} ${path.replace(/\?.*$/, '').replace(/^\/rooms\/[^/]+/, '/rooms/{room_id}')}`;
}

/** The budget key of a ChatWork account. */
export function chatworkBudgetKey(accountId: string | number): string {
  return `chatwork-account:${accountId}`;
}

/** ChatWork API v2 over `fetch`, one budget per account; every failure becomes a `ProviderError`. */
export function createChatworkClient(options: ChatworkClientOptions) {
  const budget = createCallBudget(CHATWORK_BUDGET, {
    limiters: options.limiters ?? memoryLimiters,
    name: 'chatwork-api',
  });

  async function request<T>(
    token: { value: string; budgetKey: string },
    method: 'GET' | 'POST',
    path: string,
    schema: z.ZodType<T>,
    form?: Record<string, string>,
  ): Promise<T | null> {
    const operation = operationOf(method, path);
    return withRateLimitRetry(async () => {
      try {
        await budget.spend(token.budgetKey, PROVIDER);
      } catch (error) {
        options.observe?.({ provider: 'chatwork', method: operation, outcome: 'budget_used_up', seconds: 0 });
        throw error;
      }
      const started = performance.now();
      try {
        const answer = await send();
        options.observe?.(outcomeOf('chatwork', operation, undefined, started));
        return answer;
      } catch (error) {
        if (error instanceof ProviderError)
          options.observe?.(outcomeOf('chatwork', operation, error, started));
        throw error;
      }
    });

    async function send(): Promise<T | null> {
      let response: Response;
      try {
        response = await fetch(`${options.apiUrl}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${token.value}`,
            accept: 'application/json',
            ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          },
          ...(form ? { body: new URLSearchParams(form).toString() } : {}),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        throw transportError(error, PROVIDER);
      }
      await observeCount(token.budgetKey, response);
      return readResponse(response, schema);
    }
  }

  /** ChatWork's own count, from the headers it sends with every answer (a 429 included). */
  async function observeCount(budgetKey: string, response: Response): Promise<void> {
    const header = (name: string) => Number(response.headers.get(`x-ratelimit-${name}`) ?? Number.NaN);
    const [limit, remaining, reset] = [header('limit'), header('remaining'), header('reset')];
    if (![limit, remaining, reset].every(Number.isFinite)) return;
    const resetInSeconds = Math.ceil(reset - Date.now() / 1000);
    await budget.observe(budgetKey, {
      limit,
      remaining: response.status === 429 ? 0 : remaining,
      resetInSeconds,
    });
  }

  async function readResponse<T>(response: Response, schema: z.ZodType<T>): Promise<T | null> {
    if (response.status === 204) return null;
    if (!response.ok) {
      await response.body?.cancel();
      throw statusError(response);
    }
    let payload: unknown;
    try {
      payload = await response.json();
    } catch (error) {
      if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
        throw transportError(error, PROVIDER);
      }
      throw new ProviderError('invalid_response', `${PROVIDER} sent a response that is not JSON`);
    }
    const parsed = schema.safeParse(payload);
    if (!parsed.success)
      throw new ProviderError('invalid_response', `${PROVIDER} sent an unexpected response`);
    return parsed.data;
  }

  function statusError(response: Response): ProviderError {
    const status = response.status;
    if (status === 429) {
      return new ProviderError('rate_limited', `${PROVIDER} rate limit reached`, {
        retryAfterSeconds: retryAfterOf(response),
      });
    }
    if (status === 401) return new ProviderError('unauthorized', `${PROVIDER} refused the access token`);
    if (status === 403) return new ProviderError('forbidden', `${PROVIDER} denied access`);
    if (status === 404) return new ProviderError('not_found', `${PROVIDER} did not find it`);
    if (status >= 500) return new ProviderError('server_error', `${PROVIDER} answered ${status}`);
    return new ProviderError('rejected', `${PROVIDER} refused the request (${status})`);
  }

  /** `Retry-After` when sent; otherwise the time until `X-RateLimit-Reset` (Unix seconds). */
  function retryAfterOf(response: Response): number {
    const header = response.headers.get('retry-after');
    if (header !== null) return retryAfterSeconds(header);
    const reset = Number(response.headers.get('x-ratelimit-reset'));
    return Number.isFinite(reset) && reset > 0 ? Math.max(0, Math.ceil(reset - Date.now() / 1000)) : 1;
  }

  /** Calls made with one access token; `budgetKey` (`chatworkBudgetKey`) names the account whose budget they spend. */
  function forToken(accessToken: string, budgetKey: string) {
    const token = { value: accessToken, budgetKey };
    return {
      async me(): Promise<ChatworkMe> {
        return required(await request(token, 'GET', '/me', chatworkMeSchema));
      },
      async rooms(): Promise<ChatworkRoom[]> {
        return (await request(token, 'GET', '/rooms', z.array(chatworkRoomSchema))) ?? [];
      },
      async room(roomId: string): Promise<ChatworkRoom> {
        return required(
          await request(token, 'GET', `/rooms/${encodeURIComponent(roomId)}`, chatworkRoomSchema),
        );
      },
      /** The latest 100 messages, always with `force=1`: `force=0` would move a cursor other readers share. */
      async latestMessages(roomId: number): Promise<ChatworkMessage[]> {
        const path = `/rooms/${roomId}/messages?force=1`;
        return (await request(token, 'GET', path, z.array(chatworkMessageSchema))) ?? [];
      },
      async postMessage(roomId: number, body: string): Promise<string> {
        const posted = required(
          await request(token, 'POST', `/rooms/${roomId}/messages`, postedMessageSchema, { body }),
        );
        return posted.message_id;
      },
    };
  }

  /** Counts a call already made under another key against an account's budget (see the code exchange). */
  async function charge(budgetKey: string): Promise<void> {
    await budget.spend(budgetKey, PROVIDER);
  }

  return Object.assign(forToken, { charge });
}

function required<T>(value: T | null): T {
  if (value === null) throw new ProviderError('invalid_response', `${PROVIDER} sent an empty response`);
  return value;
}

export type ChatworkClient = ReturnType<typeof createChatworkClient>;
export type ChatworkApi = ReturnType<ChatworkClient>;
