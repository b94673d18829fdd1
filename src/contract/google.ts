import { z } from 'zod';
import { inputText } from './text.ts';

/** Google limits: an event's or task's title (Tasks documents 1,024 characters) and a task's notes (8,192). */
export const GOOGLE_TITLE_MAX_LENGTH = 1024;
export const GOOGLE_NOTES_MAX_LENGTH = 8192;
/** SPEC §5: events last 30, 60 or 120 minutes and start on a quarter hour. */
export const EVENT_DURATIONS_MINUTES = [30, 60, 120] as const;
export const EVENT_START_MINUTES = [0, 15, 30, 45] as const;

const rfc3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const instant = z
  .string()
  .regex(rfc3339, 'must be an RFC 3339 time with an offset')
  .refine((value) => !Number.isNaN(Date.parse(value)), 'must be a real time');

const DAY_MS = 24 * 3_600_000;

/**
 * `GET /api/google/calendar/events?timeMin&timeMax`: at most 31 days, as a day or a month view needs. The page
 * always sends both (its local day); a missing `timeMin` is the current UTC day's start, a missing `timeMax` a day
 * after `timeMin`.
 */
export const calendarEventsQuerySchema = z
  .strictObject({ timeMin: instant.optional(), timeMax: instant.optional() })
  .transform(({ timeMin, timeMax }) => {
    const start = timeMin ?? new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS).toISOString();
    return { timeMin: start, timeMax: timeMax ?? new Date(Date.parse(start) + DAY_MS).toISOString() };
  })
  .refine((query) => Date.parse(query.timeMin) < Date.parse(query.timeMax), {
    message: 'timeMin must be before timeMax',
    path: ['timeMax'],
  })
  .refine((query) => Date.parse(query.timeMax) - Date.parse(query.timeMin) <= 31 * DAY_MS, {
    message: 'the window must be at most 31 days',
    path: ['timeMax'],
  });

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
  dateTime: inputText()
    .regex(localDateTime, 'must be YYYY-MM-DDTHH:mm')
    .refine((value) => !Number.isNaN(wallClockMinutes(value)), 'must be a real date and time'),
  timeZone: inputText()
    .max(64)
    .regex(/^[A-Za-z]+(?:\/[A-Za-z0-9_+-]+)*$/, 'must be an IANA time zone')
    .refine(isTimeZone, 'must be an IANA time zone'),
});

/** `POST /api/google/calendar/events` (SPEC §7), checked as the add-event form's rules (SPEC §5). */
export const createEventBodySchema = z
  .strictObject({
    summary: inputText().trim().min(1).max(GOOGLE_TITLE_MAX_LENGTH),
    description: inputText().max(GOOGLE_NOTES_MAX_LENGTH).optional(),
    location: inputText().max(GOOGLE_TITLE_MAX_LENGTH).optional(),
    start: eventTime,
    end: eventTime,
  })
  .refine((body) => body.start.timeZone === body.end.timeZone, {
    message: 'start and end must use the same time zone',
    path: ['end', 'timeZone'],
  })
  .refine(
    (body) => (EVENT_START_MINUTES as readonly number[]).includes(wallClockMinutes(body.start.dateTime) % 60),
    {
      message: 'the start must be on a quarter hour (:00, :15, :30 or :45)',
      path: ['start', 'dateTime'],
    },
  )
  .refine(
    (body) =>
      (EVENT_DURATIONS_MINUTES as readonly number[]).includes(
        wallClockMinutes(body.end.dateTime) - wallClockMinutes(body.start.dateTime),
      ),
    { message: 'the event must last 30, 60 or 120 minutes', path: ['end', 'dateTime'] },
  );
export type CreateEventBody = z.infer<typeof createEventBodySchema>;

const eventTimeAnswer = z.object({
  date: z.string().optional(),
  dateTime: z.string().optional(),
  timeZone: z.string().optional(),
});
export const calendarEventSchema = z.object({
  id: z.string(),
  summary: z.string(),
  description: z.string().optional(),
  location: z.string().optional(),
  start: eventTimeAnswer,
  end: eventTimeAnswer,
  htmlLink: z.string().optional(),
  /** The video entry point of the conference, else the Meet link; null without one. */
  meetingUrl: z.string().nullable(),
});
export type CalendarEvent = z.infer<typeof calendarEventSchema>;
export const calendarEventsResponseSchema = z.object({ items: z.array(calendarEventSchema) });

/** `POST /api/google/tasks` (SPEC §7): `due` is a calendar date; notes default to the source message's. */
export const createTaskBodySchema = z.strictObject({
  title: inputText().trim().min(1).max(GOOGLE_TITLE_MAX_LENGTH),
  notes: inputText().max(GOOGLE_NOTES_MAX_LENGTH).optional(),
  due: inputText()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD')
    .refine((value) => !Number.isNaN(wallClockMinutes(`${value}T00:00`)), 'must be a real date')
    .optional(),
  taskListId: inputText().min(1).max(256).optional(),
  sourceMessage: inputText().max(4000).optional(),
  sourceAuthor: inputText().max(200).optional(),
  sourceUrl: z.url().max(2048).optional(),
});
export type CreateTaskBody = z.infer<typeof createTaskBodySchema>;
export const tasksQuerySchema = z.strictObject({ taskListId: inputText().min(1).max(256).optional() });

export const googleTaskSchema = z.object({
  id: z.string(),
  title: z.string(),
  notes: z.string().optional(),
  status: z.string(),
  due: z.string().optional(),
  updated: z.string().optional(),
  selfLink: z.string().optional(),
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
  'idempotency-key': z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,64}$/, 'must be 16 to 64 letters, digits, - or _')
    .optional(),
});
