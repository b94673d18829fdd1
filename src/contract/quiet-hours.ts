import type { QuietHours } from './rules.ts';
import { wallClock } from './wall-clock.ts';

const MINUTES_PER_DAY = 24 * 60;

function minutesOf(clock: string): number {
  const [hours, minutes] = clock.split(':').map(Number);
  return hours! * 60 + minutes!;
}

/**
 * When the quiet hours around `at` end, or null when `at` is outside them. Hours that cross midnight (22:00–07:00)
 * hold from the start until the end on the next day. The end is counted in wall-clock minutes from `at`, so on the
 * night a clock changes for daylight saving it can be an hour early or late.
 */
export function quietHoursEndAt(hours: QuietHours | null, at: Date): Date | null {
  if (!hours) return null;
  const now = wallClock(at, hours.time_zone).minutes;
  const start = minutesOf(hours.start);
  const end = minutesOf(hours.end);
  const inside = start < end ? now >= start && now < end : now >= start || now < end;
  if (!inside) return null;
  const left = (end - now + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return new Date(at.getTime() + Math.round(left * 60_000));
}
