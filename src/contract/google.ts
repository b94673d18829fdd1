import { z } from 'zod/mini';
import { inputText } from './text.ts';

/** Google limits: an event's or task's title (Tasks documents 1,024 characters) and a task's notes (8,192). */
export const GOOGLE_TITLE_MAX_LENGTH = 1024;
export const GOOGLE_NOTES_MAX_LENGTH = 8192;
/** SPEC §5: events last 30, 60 or 120 minutes and start on a quarter hour. */
export const EVENT_DURATIONS_MINUTES = [30, 60, 120] as const;
export const EVENT_START_MINUTES = [0, 15, 30, 45] as const;

const rfc3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const instant = z.string().check(
  z.regex(rfc3339, 'must be an RFC 3339 time with an offset'),
  z.refine((value) => !Number.isNaN(Date.parse(value)), 'must be a real time'),
);

const DAY_MS = 24 * 3_600_000;

/**
 * `GET /api/google/calendar/events?timeMin&timeMax`: at most 31 days, as a day or a month view needs. The page
 * always sends both (its local day); a missing `timeMin` is the current UTC day's start, a missing `timeMax` a day
 * after `timeMin`.
 */
export const calendarEventsQuerySchema = z
  .pipe(
    z.strictObject({ timeMin: z.optional(instant), timeMax: z.optional(instant) }),
    z.transform(({ timeMin, timeMax }) => {
      const start = timeMin ?? new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS).toISOString();
      return { timeMin: start, timeMax: timeMax ?? new Date(Date.parse(start) + DAY_MS).toISOString() };
    }),
  )
  .check(
    z.refine((query) => Date.parse(query.timeMin) < Date.parse(query.timeMax), {
      message: 'timeMin must be before timeMax',
      path: ['timeMax'],
    }),
    z.refine((query) => Date.parse(query.timeMax) - Date.parse(query.timeMin) <= 31 * DAY_MS, {
      message: 'the window must be at most 31 days',
      path: ['timeMax'],
    }),
  );

const localDateTime = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** Wall-clock minutes since the epoch of a `YYYY-MM-DDTHH:mm[:00]`, or NaN when it is no real date and time. */
export function wallClockMinutes(value: string): number {
  const match = localDateTime.exec(value);
  if (!match) return Number.NaN;
  const [, year, month, day, hour, minute, second] = match.map(Number) as number[];
  const ms = Date.UTC(year!, month! - 1, day!, hour!, minute!);
  const date = new Date(ms);
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() === month! - 1 && date.getUTCDate() === day;
  if (
    !real ||
    hour! > 23 ||
    minute! > 59 ||
    (second !== undefined && !Number.isNaN(second) && second !== 0)
  ) {
    return Number.NaN;
  }
  return ms / 60_000;
}

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

const eventTime = z.strictObject({
  dateTime: inputText().check(
    z.regex(localDateTime, 'must be YYYY-MM-DDTHH:mm'),
    z.refine((value) => !Number.isNaN(wallClockMinutes(value)), 'must be a real date and time'),
  ),
  timeZone: inputText().check(
    z.maxLength(64),
    z.regex(/^[A-Za-z]+(?:\/[A-Za-z0-9_+-]+)*$/, 'must be an IANA time zone'),
    z.refine(isTimeZone, 'must be an IANA time zone'),
  ),
});

/** `POST /api/google/calendar/events` (SPEC §7), checked as the add-event form's rules (SPEC §5). */
export const createEventBodySchema = z
  .strictObject({
    summary: inputText().check(z.trim(), z.minLength(1), z.maxLength(GOOGLE_TITLE_MAX_LENGTH)),
    description: z.optional(inputText().check(z.maxLength(GOOGLE_NOTES_MAX_LENGTH))),
    location: z.optional(inputText().check(z.maxLength(GOOGLE_TITLE_MAX_LENGTH))),
    start: eventTime,
    end: eventTime,
  })
  .check(
    z.refine((body) => body.start.timeZone === body.end.timeZone, {
      message: 'start and end must use the same time zone',
      path: ['end', 'timeZone'],
    }),
    z.refine(
      (body) =>
        (EVENT_START_MINUTES as readonly number[]).includes(wallClockMinutes(body.start.dateTime) % 60),
      {
        message: 'the start must be on a quarter hour (:00, :15, :30 or :45)',
        path: ['start', 'dateTime'],
      },
    ),
    z.refine(
      (body) =>
        (EVENT_DURATIONS_MINUTES as readonly number[]).includes(
          wallClockMinutes(body.end.dateTime) - wallClockMinutes(body.start.dateTime),
        ),
      { message: 'the event must last 30, 60 or 120 minutes', path: ['end', 'dateTime'] },
    ),
  );
export type CreateEventBody = z.infer<typeof createEventBodySchema>;

const eventTimeAnswer = z.object({
  date: z.optional(z.string()),
  dateTime: z.optional(z.string()),
  timeZone: z.optional(z.string()),
});
export const calendarEventSchema = z.object({
  id: z.string(),
  summary: z.string(),
  description: z.optional(z.string()),
  location: z.optional(z.string()),
  start: eventTimeAnswer,
  end: eventTimeAnswer,
  htmlLink: z.optional(z.string()),
  /** The video entry point of the conference, else the Meet link; null without one. */
  meetingUrl: z.nullable(z.string()),
});
export type CalendarEvent = z.infer<typeof calendarEventSchema>;
export const calendarEventsResponseSchema = z.object({ items: z.array(calendarEventSchema) });

/** `POST /api/google/tasks` (SPEC §7): `due` is a calendar date; notes default to the source message's. */
export const createTaskBodySchema = z.strictObject({
  title: inputText().check(z.trim(), z.minLength(1), z.maxLength(GOOGLE_TITLE_MAX_LENGTH)),
  notes: z.optional(inputText().check(z.maxLength(GOOGLE_NOTES_MAX_LENGTH))),
  due: z.optional(
    inputText().check(
      z.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD'),
      z.refine((value) => !Number.isNaN(wallClockMinutes(`${value}T00:00`)), 'must be a real date'),
    ),
  ),
  taskListId: z.optional(inputText().check(z.minLength(1), z.maxLength(256))),
  sourceMessage: z.optional(inputText().check(z.maxLength(4000))),
  sourceAuthor: z.optional(inputText().check(z.maxLength(200))),
  sourceUrl: z.optional(z.url().check(z.maxLength(2048))),
});
export type CreateTaskBody = z.infer<typeof createTaskBodySchema>;
export const tasksQuerySchema = z.strictObject({
  taskListId: z.optional(inputText().check(z.minLength(1), z.maxLength(256))),
});

export const googleTaskSchema = z.object({
  id: z.string(),
  title: z.string(),
  notes: z.optional(z.string()),
  status: z.string(),
  due: z.optional(z.string()),
  updated: z.optional(z.string()),
  selfLink: z.optional(z.string()),
  taskListId: z.string(),
});
export type GoogleTaskDto = z.infer<typeof googleTaskSchema>;
export const googleTasksResponseSchema = z.object({ items: z.array(googleTaskSchema) });

/** `GET /api/auth/google-calendar/status`. */
export const googleCalendarStatusSchema = z.object({
  /** Whether this server has Google's client credentials: without them no one can connect. */
  configured: z.boolean(),
  connected: z.boolean(),
  /** A grant Google revoked: the page offers to connect again. */
  reconnectRequired: z.boolean(),
  scopes: z.object({ calendar: z.boolean(), tasks: z.boolean() }),
});
export type GoogleCalendarStatus = z.infer<typeof googleCalendarStatusSchema>;

/** A repeated submit of one form carries the same key: one event or task is created (decision 102). */
export const idempotencyHeadersSchema = z.looseObject({
  'idempotency-key': z.optional(
    z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/, 'must be 16 to 64 letters, digits, - or _')),
  ),
});
