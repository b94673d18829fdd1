import { DIGEST_LATE_MINUTES } from '../../../contract/digest.ts';
import { wallClock } from '../../../contract/wall-clock.ts';

const MINUTES_PER_DAY = 24 * 60;

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
