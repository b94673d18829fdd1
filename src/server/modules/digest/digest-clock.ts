import { DIGEST_LATE_MINUTES } from '../../../contract/digest.ts';

const MINUTES_PER_DAY = 24 * 60;

/** The date (`YYYY-MM-DD`) and minutes since midnight of `at` on the wall clock of `timeZone`. */
function wallClock(at: Date, timeZone: string): { date: string; minutes: number } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(at);
  const part = (type: string) => parts.find((candidate) => candidate.type === type)?.value ?? '00';
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    minutes: Number(part('hour')) * 60 + Number(part('minute')),
  };
}

function dayBefore(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

/**
 * The local day whose digest is due at `at`, for a person who wants it at `time` (`HH:MM`) in `timeZone`: the
 * latest `time` on their wall clock at or before `at`, if it passed at most `DIGEST_LATE_MINUTES` ago; otherwise
 * null (too early today, or too late to be a morning digest). A time before midnight whose run falls just after it
 * still counts for the day it belongs to. Minutes are wall-clock minutes, so on the night a clock changes for
 * daylight saving the window is an hour longer or shorter.
 */
export function dueDigestDay(at: Date, time: string, timeZone: string): string | null {
  const [hours, minutes] = time.split(':').map(Number);
  const wanted = hours! * 60 + minutes!;
  const now = wallClock(at, timeZone);
  const late = (now.minutes - wanted + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  if (late > DIGEST_LATE_MINUTES) return null;
  return now.minutes >= wanted ? now.date : dayBefore(now.date);
}
