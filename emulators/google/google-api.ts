import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../core/emulator-server.ts';
import {
  newEventId,
  type GoogleAccessToken,
  type GoogleStore,
  type StoredEvent,
  type StoredTask,
} from './google-store.ts';

type Params = Record<string, string | undefined>;
const scope = (name: string) => `https://www.googleapis.com/auth/${name}`;

/** The scopes each method accepts, from the discovery documents' `scopes` lists. */
const scopesFor = {
  'calendar.events.list': [
    'calendar',
    'calendar.readonly',
    'calendar.events',
    'calendar.events.readonly',
    'calendar.events.owned',
    'calendar.events.owned.readonly',
    'calendar.app.created',
  ].map(scope),
  'calendar.events.insert': [
    'calendar',
    'calendar.events',
    'calendar.events.owned',
    'calendar.app.created',
  ].map(scope),
  'tasks.tasklists.list': ['tasks', 'tasks.readonly'].map(scope),
  'tasks.tasks.list': ['tasks', 'tasks.readonly'].map(scope),
  'tasks.tasks.insert': ['tasks'].map(scope),
} as const;
type Method = keyof typeof scopesFor;

/** Every Calendar and Tasks scope a method here accepts: what the consent page lets an app ask for. */
export const googleApiScopes: ReadonlySet<string> = new Set(Object.values(scopesFor).flat());

const statusNames: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ALREADY_EXISTS',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

/** Google's JSON error body (cloud.google.com/apis/design/errors, with the legacy `errors` list APIs still send). */
export function googleError(
  status: number,
  message: string,
  reason = 'backendError',
  extra: Record<string, unknown> = {},
) {
  return {
    error: {
      code: status,
      message,
      errors: [{ message, domain: 'global', reason }],
      status: statusNames[status] ?? 'UNKNOWN',
      ...extra,
    },
  };
}

function fail(reply: FastifyReply, status: number, message: string, reason: string) {
  return reply.code(status).send(googleError(status, message, reason));
}

/** RFC 3339 with a mandatory offset, as `timeMin`/`timeMax` and event `dateTime` without `timeZone` require. */
const rfc3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const localDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?$/;
const calendarDate = /^\d{4}-\d{2}-\d{2}$/;

/** When an event's start or end falls, in epoch ms (a date is taken at UTC midnight; a zone-less time as UTC). */
function instant(when: { date?: string; dateTime?: string; timeZone?: string }): number {
  if (!when.dateTime) return Date.parse(`${when.date}T00:00:00Z`);
  if (!localDateTime.test(when.dateTime)) return Date.parse(when.dateTime);
  // A wall-clock time is read in its event's zone; the second pass settles a time next to a daylight-saving change.
  const asUtc = Date.parse(`${when.dateTime}Z`);
  const zone = when.timeZone ?? 'UTC';
  const first = asUtc - zoneOffsetMs(zone, asUtc);
  return asUtc - zoneOffsetMs(zone, first);
}

/** How far the zone's clocks are ahead of UTC at that instant. */
function zoneOffsetMs(zone: string, at: number): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  const offset = /^GMT([+-])(\d{2}):(\d{2})$/.exec(name ?? '');
  if (!offset) return 0;
  const minutes = Number(offset[2]) * 60 + Number(offset[3]);
  return (offset[1] === '-' ? -minutes : minutes) * 60_000;
}

function eventResource(event: StoredEvent, ownerEmail: string) {
  return {
    kind: 'calendar#event',
    etag: `"${Date.parse(event.updated)}000"`,
    id: event.id,
    status: event.status ?? 'confirmed',
    htmlLink: `https://www.google.com/calendar/event?eid=${Buffer.from(`${event.id} ${ownerEmail}`).toString('base64url')}`,
    created: event.created,
    updated: event.updated,
    summary: event.summary,
    ...(event.description === undefined ? {} : { description: event.description }),
    ...(event.location === undefined ? {} : { location: event.location }),
    creator: { email: ownerEmail, self: true },
    organizer: { email: ownerEmail, self: true },
    start: event.start,
    end: event.end,
    iCalUID: `${event.id}@google.com`,
    sequence: 0,
    ...(event.hangoutLink ? { hangoutLink: event.hangoutLink } : {}),
    ...(event.conferenceData ? { conferenceData: event.conferenceData } : {}),
    reminders: { useDefault: true },
    eventType: 'default',
  };
}

function taskResource(task: StoredTask, origin: string) {
  return {
    kind: 'tasks#task',
    id: task.id,
    etag: `"${Date.parse(task.updated)}"`,
    title: task.title,
    updated: task.updated,
    selfLink: `${origin}/tasks/v1/lists/${task.taskList}/tasks/${task.id}`,
    position: task.position,
    ...(task.notes === undefined ? {} : { notes: task.notes }),
    status: task.status,
    ...(task.due === undefined ? {} : { due: task.due }),
    links: [],
    webViewLink: `https://tasks.google.com/task/${task.id}`,
  };
}

function body(request: FastifyRequest): Record<string, unknown> {
  const value = request.body;
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/**
 * Any name of the IANA time zone database, links included (`Etc/GMT+11`, `America/Argentina/Buenos_Aires`), as
 * Google takes them; `Intl.supportedValuesOf` lists only ICU's canonical names and would refuse such a browser's zone.
 */
function isTimeZoneName(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** A start or end as the insert body gives it, or the problem with it. */
function eventTime(
  value: unknown,
  field: string,
): { date?: string; dateTime?: string; timeZone?: string } | string {
  if (!value || typeof value !== 'object') return `Missing ${field} time.`;
  const { date, dateTime, timeZone } = value as Record<string, unknown>;
  if (typeof date === 'string' && calendarDate.test(date) && dateTime === undefined) return { date };
  if (typeof dateTime !== 'string') return `Missing ${field} time.`;
  const zone = typeof timeZone === 'string' ? timeZone : undefined;
  if (zone && !isTimeZoneName(zone)) return `Invalid time zone definition for ${field} time.`;
  if (
    !(rfc3339.test(dateTime) || (zone && localDateTime.test(dateTime))) ||
    Number.isNaN(instant({ dateTime }))
  ) {
    return `Invalid ${field} time.`;
  }
  return { dateTime, ...(zone ? { timeZone: zone } : {}) };
}

export function googleApiRoutes(app: FastifyInstance, context: EmulatorContext<GoogleStore>): void {
  /** Authenticates and checks the method's scopes; undefined once it has replied. */
  function authorize(
    request: FastifyRequest,
    reply: FastifyReply,
    method: Method,
  ): GoogleAccessToken | undefined {
    const token = context.state().bearer(request.headers.authorization, context.clock.now());
    if (!token) {
      void reply.header(
        'www-authenticate',
        'Bearer realm="https://accounts.google.com/", error="invalid_token"',
      );
      void fail(reply, 401, 'Request had invalid authentication credentials.', 'authError');
      return undefined;
    }
    if (!scopesFor[method].some((accepted) => token.scopes.includes(accepted))) {
      void reply.header(
        'www-authenticate',
        `Bearer realm="https://accounts.google.com/", error="insufficient_scope", scope="${scopesFor[method].join(' ')}"`,
      );
      void reply.code(403).send(
        googleError(403, 'Request had insufficient authentication scopes.', 'insufficientPermissions', {
          details: [
            {
              '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
              reason: 'ACCESS_TOKEN_SCOPE_INSUFFICIENT',
              domain: 'googleapis.com',
              metadata: {
                service: method.startsWith('calendar')
                  ? 'calendar-json.googleapis.com'
                  : 'tasks.googleapis.com',
                method,
              },
            },
          ],
        }),
      );
      return undefined;
    }
    return token;
  }

  const ownerEmail = (sub: string) => context.state().user(sub)?.email ?? '';
  const calendarOf = (token: GoogleAccessToken, calendarId: string) =>
    calendarId === 'primary' || calendarId === ownerEmail(token.sub);

  app.get('/calendar/v3/calendars/:calendarId/events', async (request, reply) => {
    const token = authorize(request, reply, 'calendar.events.list');
    if (!token) return reply;
    const { calendarId } = request.params as { calendarId: string };
    if (!calendarOf(token, calendarId)) return fail(reply, 404, 'Not Found', 'notFound');
    const query = request.query as Params;
    for (const name of ['timeMin', 'timeMax'] as const) {
      const value = query[name];
      if (value !== undefined && (!rfc3339.test(value) || Number.isNaN(Date.parse(value)))) {
        return fail(reply, 400, 'Bad Request', 'badRequest');
      }
    }
    const timeMin = query.timeMin ? Date.parse(query.timeMin) : -Infinity;
    const timeMax = query.timeMax ? Date.parse(query.timeMax) : Infinity;
    if (timeMin >= timeMax) return fail(reply, 400, 'The specified time range is empty.', 'timeRangeEmpty');
    if (query.orderBy && !['startTime', 'updated'].includes(query.orderBy))
      return fail(reply, 400, 'Invalid Value', 'invalid');
    if (query.orderBy === 'startTime' && query.singleEvents !== 'true') {
      return fail(
        reply,
        400,
        'The requested ordering is not available for the particular query.',
        'badRequest',
      );
    }
    const maxResults = query.maxResults === undefined ? 250 : Number(query.maxResults);
    if (!Number.isInteger(maxResults) || maxResults < 1) return fail(reply, 400, 'Invalid Value', 'invalid');
    const events = context
      .state()
      .events.filter(
        (event) =>
          event.owner === token.sub &&
          (event.status ?? 'confirmed') !== 'cancelled' &&
          instant(event.end) > timeMin &&
          instant(event.start) < timeMax,
      );
    if (query.orderBy === 'startTime') events.sort((a, b) => instant(a.start) - instant(b.start));
    const now = new Date(context.clock.now()).toISOString();
    const email = ownerEmail(token.sub);
    return {
      kind: 'calendar#events',
      etag: `"${context.clock.now()}"`,
      summary: email,
      description: '',
      updated: now,
      timeZone: query.timeZone ?? 'UTC',
      accessRole: 'owner',
      defaultReminders: [{ method: 'popup', minutes: 10 }],
      items: events.slice(0, Math.min(maxResults, 2500)).map((event) => eventResource(event, email)),
    };
  });

  app.post('/calendar/v3/calendars/:calendarId/events', async (request, reply) => {
    const token = authorize(request, reply, 'calendar.events.insert');
    if (!token) return reply;
    const { calendarId } = request.params as { calendarId: string };
    if (!calendarOf(token, calendarId)) return fail(reply, 404, 'Not Found', 'notFound');
    const input = body(request);
    const start = eventTime(input.start, 'start');
    const end = eventTime(input.end, 'end');
    if (typeof start === 'string')
      return fail(reply, 400, start, start.startsWith('Missing') ? 'required' : 'invalid');
    if (typeof end === 'string')
      return fail(reply, 400, end, end.startsWith('Missing') ? 'required' : 'invalid');
    if (instant(end) < instant(start))
      return fail(reply, 400, 'The specified time range is empty.', 'timeRangeEmpty');
    const summary = typeof input.summary === 'string' ? input.summary : '';
    const store = context.state();
    // Client-chosen ids (base32hex, 5–1024 characters) make inserts idempotent: a second insert is a 409.
    const id = input.id;
    if (id !== undefined && (typeof id !== 'string' || !/^[a-v0-9]{5,1024}$/.test(id))) {
      return fail(reply, 400, 'Invalid resource id value.', 'invalid');
    }
    if (id && store.events.some((event) => event.id === id)) {
      return fail(reply, 409, 'The requested identifier already exists.', 'duplicate');
    }
    const now = new Date(context.clock.now()).toISOString();
    const event: StoredEvent = {
      owner: token.sub,
      id: (id as string | undefined) ?? newEventId(),
      summary,
      ...(typeof input.description === 'string' ? { description: input.description } : {}),
      ...(typeof input.location === 'string' ? { location: input.location } : {}),
      start,
      end,
      created: now,
      updated: now,
    };
    store.events.push(event);
    return eventResource(event, ownerEmail(token.sub));
  });

  app.get('/calendar/v3/calendars/:calendarId/events/:eventId', async (request, reply) => {
    const token = authorize(request, reply, 'calendar.events.list');
    if (!token) return reply;
    const { calendarId, eventId } = request.params as { calendarId: string; eventId: string };
    const event = context
      .state()
      .events.find((stored) => stored.id === eventId && stored.owner === token.sub);
    if (!calendarOf(token, calendarId) || !event) return fail(reply, 404, 'Not Found', 'notFound');
    return eventResource(event, ownerEmail(token.sub));
  });

  const origin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
  const taskListOf = (token: GoogleAccessToken, id: string) => {
    const lists = context.state().taskLists.filter((list) => list.owner === token.sub);
    return id === '@default' ? lists[0] : lists.find((list) => list.id === id);
  };

  app.get('/tasks/v1/users/@me/lists', async (request, reply) => {
    const token = authorize(request, reply, 'tasks.tasklists.list');
    if (!token) return reply;
    const lists = context.state().taskLists.filter((list) => list.owner === token.sub);
    return {
      kind: 'tasks#taskLists',
      etag: `"${context.clock.now()}"`,
      items: lists.map((list) => ({
        kind: 'tasks#taskList',
        id: list.id,
        etag: `"${Date.parse(list.updated)}"`,
        title: list.title,
        updated: list.updated,
        selfLink: `${origin(request)}/tasks/v1/users/@me/lists/${list.id}`,
      })),
    };
  });

  app.get('/tasks/v1/lists/:tasklist/tasks', async (request, reply) => {
    const token = authorize(request, reply, 'tasks.tasks.list');
    if (!token) return reply;
    const list = taskListOf(token, (request.params as { tasklist: string }).tasklist);
    if (!list) return fail(reply, 404, 'Task list not found.', 'notFound');
    const query = request.query as Params;
    const maxResults = query.maxResults === undefined ? 20 : Number(query.maxResults);
    if (!Number.isInteger(maxResults) || maxResults < 1) return fail(reply, 400, 'Invalid Value', 'invalid');
    const showCompleted = query.showCompleted !== 'false';
    const tasks = context
      .state()
      .tasks.filter((task) => task.owner === token.sub && task.taskList === list.id)
      .filter((task) => showCompleted || task.status !== 'completed');
    return {
      kind: 'tasks#tasks',
      etag: `"${context.clock.now()}"`,
      items: tasks.slice(0, Math.min(maxResults, 100)).map((task) => taskResource(task, origin(request))),
    };
  });

  app.post('/tasks/v1/lists/:tasklist/tasks', async (request, reply) => {
    const token = authorize(request, reply, 'tasks.tasks.insert');
    if (!token) return reply;
    const list = taskListOf(token, (request.params as { tasklist: string }).tasklist);
    if (!list) return fail(reply, 404, 'Task list not found.', 'notFound');
    const input = body(request);
    const title = typeof input.title === 'string' ? input.title : '';
    if (title.length > 1024) return fail(reply, 400, 'Invalid task title.', 'invalid');
    const notes = typeof input.notes === 'string' ? input.notes : undefined;
    if (notes && notes.length > 8192) return fail(reply, 400, 'Invalid task notes.', 'invalid');
    let due: string | undefined;
    if (input.due !== undefined) {
      if (typeof input.due !== 'string' || !rfc3339.test(input.due))
        return fail(reply, 400, 'Invalid value for: due', 'invalid');
      // Only the date is kept: Google discards the time of day.
      due = `${new Date(input.due).toISOString().slice(0, 10)}T00:00:00.000Z`;
    }
    const task = context.state().addTask(
      {
        owner: token.sub,
        taskList: list.id,
        title,
        notes,
        due,
        status: input.status === 'completed' ? 'completed' : 'needsAction',
      },
      context.clock.now(),
    );
    return taskResource(task, origin(request));
  });
}
