import { z } from 'zod';
import { ProviderError } from '../provider-error.ts';
import { providerJson } from '../sign-in-provider.ts';
import { outcomeOf, type ProviderCallObserver } from '../provider-calls-observed.ts';

const PROVIDER = 'Google';

const eventTimeSchema = z.looseObject({
  date: z.string().optional(),
  dateTime: z.string().optional(),
  timeZone: z.string().optional(),
});
/** The fields of a Calendar `Event` (discovery document, calendar:v3) Matome shows. */
export const googleEventSchema = z.looseObject({
  id: z.string(),
  status: z.string().optional(),
  htmlLink: z.string().optional(),
  summary: z.string().optional(),
  description: z.string().optional(),
  location: z.string().optional(),
  start: eventTimeSchema,
  end: eventTimeSchema,
  hangoutLink: z.string().optional(),
  conferenceData: z
    .looseObject({
      entryPoints: z.array(z.looseObject({ entryPointType: z.string(), uri: z.string() })).optional(),
    })
    .optional(),
});
export type GoogleEvent = z.infer<typeof googleEventSchema>;

/** The fields of a Tasks `Task` (tasks:v1) Matome shows. */
export const googleTaskSchema = z.looseObject({
  id: z.string(),
  title: z.string().optional(),
  notes: z.string().optional(),
  status: z.string().optional(),
  due: z.string().optional(),
  updated: z.string().optional(),
  selfLink: z.string().optional(),
  webViewLink: z.string().optional(),
});
export type GoogleTask = z.infer<typeof googleTaskSchema>;

const taskListSchema = z.looseObject({ id: z.string(), title: z.string() });

const errorSchema = z.looseObject({
  error: z.looseObject({ errors: z.array(z.looseObject({ reason: z.string() })).optional() }),
});

export type GoogleApiOptions = {
  apiBase: string;
  tasksBase: string;
  timeoutMs: number;
  /** Told of every call made, by its API method (`events.list`), for the metrics. */
  observe?: ProviderCallObserver;
};

/** Calendar v3 and Tasks v1 with plain fetch, as the access token's owner; failures as ProviderError. */
export function createGoogleApi(options: GoogleApiOptions) {
  async function call<T>(
    method: string,
    accessToken: string,
    url: URL,
    schema: z.ZodType<T>,
    init: { method?: 'GET' | 'POST'; body?: unknown } = {},
  ): Promise<T> {
    const started = performance.now();
    try {
      const answer = await send(accessToken, url, schema, init);
      options.observe?.(outcomeOf('google', method, undefined, started));
      return answer;
    } catch (error) {
      if (error instanceof ProviderError) options.observe?.(outcomeOf('google', method, error, started));
      throw error;
    }
  }

  async function send<T>(
    accessToken: string,
    url: URL,
    schema: z.ZodType<T>,
    init: { method?: 'GET' | 'POST'; body?: unknown } = {},
  ): Promise<T> {
    const { status, body } = await providerJson(PROVIDER, url.toString(), {
      method: init.method ?? 'GET',
      headers: {
        authorization: `Bearer ${accessToken}`,
        accept: 'application/json',
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
      body: init.body ? JSON.stringify(init.body) : undefined,
      timeoutMs: options.timeoutMs,
    });
    if (status >= 400) {
      const reason = errorSchema.safeParse(body).data?.error.errors?.[0]?.reason;
      const details = reason ? { providerCode: reason } : {};
      if (status === 401) throw new ProviderError('unauthorized', `${PROVIDER} refused the token`, details);
      if (status === 403) throw new ProviderError('forbidden', `${PROVIDER} refused the call`, details);
      if (status === 404) throw new ProviderError('not_found', `${PROVIDER} found nothing there`, details);
      throw new ProviderError('rejected', `${PROVIDER} answered ${status}`, details);
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new ProviderError('invalid_response', `${PROVIDER} sent an unexpected answer`);
    return parsed.data;
  }

  const calendarUrl = (path: string) =>
    new URL(`/calendar/v3/calendars/primary/events${path}`, options.apiBase);
  const tasksUrl = (path: string) => new URL(`/tasks/v1${path}`, options.tasksBase);

  return {
    /** The single events overlapping [timeMin, timeMax), by start time. */
    listEvents(accessToken: string, window: { timeMin: string; timeMax: string }) {
      const url = calendarUrl('');
      url.search = new URLSearchParams({
        ...window,
        singleEvents: 'true',
        orderBy: 'startTime',
        maxResults: '250',
      }).toString();
      return call(
        'events.list',
        accessToken,
        url,
        z.looseObject({ items: z.array(googleEventSchema).default([]) }),
      );
    },
    insertEvent(accessToken: string, event: Record<string, unknown>) {
      return call('events.insert', accessToken, calendarUrl(''), googleEventSchema, {
        method: 'POST',
        body: event,
      });
    },
    getEvent(accessToken: string, id: string) {
      return call('events.get', accessToken, calendarUrl(`/${encodeURIComponent(id)}`), googleEventSchema);
    },
    async listTaskLists(accessToken: string) {
      const answer = await call(
        'tasklists.list',
        accessToken,
        tasksUrl('/users/@me/lists'),
        z.looseObject({ items: z.array(taskListSchema).default([]) }),
      );
      return answer.items;
    },
    listTasks(accessToken: string, taskListId: string) {
      const url = tasksUrl(`/lists/${encodeURIComponent(taskListId)}/tasks`);
      url.search = new URLSearchParams({ maxResults: '100', showCompleted: 'true' }).toString();
      return call(
        'tasks.list',
        accessToken,
        url,
        z.looseObject({ items: z.array(googleTaskSchema).default([]) }),
      );
    },
    insertTask(
      accessToken: string,
      taskListId: string,
      task: { title: string; notes?: string; due?: string },
    ) {
      return call(
        'tasks.insert',
        accessToken,
        tasksUrl(`/lists/${encodeURIComponent(taskListId)}/tasks`),
        googleTaskSchema,
        {
          method: 'POST',
          body: task,
        },
      );
    },
  };
}

export type GoogleApi = ReturnType<typeof createGoogleApi>;
