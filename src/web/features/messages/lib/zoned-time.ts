import { wallClockFields } from '../../../../contract/wall-clock.ts';

/**
 * Wall-clock times in an IANA time zone, with nothing but `Intl.DateTimeFormat`: what a clock in the zone shows at
 * an instant, and the instant at which it shows a given time. Independent of the machine's own time zone.
 */

/** A day of the calendar; `month` runs from 1 to 12. */
export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

/** What a clock in some zone shows, to the minute. */
export interface WallClock extends CalendarDay {
  hour: number;
  minute: number;
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** What a clock in `timeZone` shows at `instant` (seconds dropped). */
export function wallClockAt(instant: Date, timeZone: string): WallClock {
  const { year, month, day, hour, minute } = wallClockFields(instant.getTime(), timeZone);
  return { year, month, day, hour, minute };
}

/** The zone's offset from UTC at an instant, in milliseconds (Tokyo: +9 h). */
function offsetAt(instantMs: number, timeZone: string): number {
  const wall = wallClockFields(instantMs, timeZone);
  const wallAsUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return wallAsUtc - Math.floor(instantMs / 1000) * 1000;
}

/**
 * The instant at which a clock in `timeZone` shows `wall`. A time the clocks skip when summer time starts (02:30 in
 * New York on its spring day) is taken as the same length after the change (03:30); a time they show twice when it
 * ends is taken the first time: the choices of JavaScript's own `Date` and Temporal's `compatible`.
 */
export function instantAt(wall: WallClock, timeZone: string): Date {
  const wallAsUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  const before = offsetAt(wallAsUtc - DAY_MS, timeZone);
  const after = offsetAt(wallAsUtc + DAY_MS, timeZone);
  const matching = [...new Set([before, after])]
    .map((offset) => wallAsUtc - offset)
    .filter((candidate) => offsetAt(candidate, timeZone) === wallAsUtc - candidate);
  return new Date(matching.length > 0 ? Math.min(...matching) : wallAsUtc - before);
}

function fromUtcDay(utc: Date): CalendarDay {
  return { year: utc.getUTCFullYear(), month: utc.getUTCMonth() + 1, day: utc.getUTCDate() };
}

function utcDay({ year, month, day }: CalendarDay): Date {
  return new Date(Date.UTC(year, month - 1, day));
}

/** The day `count` days after `day` (before, when negative). */
export function addDays(day: CalendarDay, count: number): CalendarDay {
  const date = utcDay(day);
  date.setUTCDate(date.getUTCDate() + count);
  return fromUtcDay(date);
}

/** The same day of the month `count` months later, or the month's last day where it has no such day (Jan 31 → Feb 28). */
export function addMonths(day: CalendarDay, count: number): CalendarDay {
  const monthIndex = day.year * 12 + (day.month - 1) + count;
  const year = Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  return { year, month, day: Math.min(day.day, daysInMonth(year, month)) };
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** 0 for Sunday to 6 for Saturday, as `Date#getDay`. */
export function weekdayOf(day: CalendarDay): number {
  return utcDay(day).getUTCDay();
}

/** Negative when `a` comes before `b`, 0 on the same day. */
export function compareDays(a: CalendarDay, b: CalendarDay): number {
  return utcDay(a).getTime() - utcDay(b).getTime();
}

/** The Monday that begins the week of `day` (weeks run from Monday to Sunday, as in ISO 8601). */
export function mondayOf(day: CalendarDay): CalendarDay {
  return addDays(day, -((weekdayOf(day) + 6) % 7));
}
