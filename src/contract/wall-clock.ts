/** What a clock in some zone shows, to the second; `month` runs from 1 to 12. */
export interface WallClockFields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone: building one costs far more than formatting with it. */
function format(timeZone: string): Intl.DateTimeFormat {
  let found = formats.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, found);
  }
  return found;
}

/**
 * What a clock in the IANA zone `timeZone` shows at `instantMs`, with nothing but `Intl.DateTimeFormat`: independent
 * of the machine's own zone. Quiet hours, the morning digest and snooze all read the wall clock here.
 */
export function wallClockFields(instantMs: number, timeZone: string): WallClockFields {
  const values: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of format(timeZone).formatToParts(instantMs)) {
    if (part.type !== 'literal') values[part.type] = Number(part.value);
  }
  return {
    year: values.year ?? 0,
    month: values.month ?? 1,
    day: values.day ?? 1,
    hour: values.hour ?? 0,
    minute: values.minute ?? 0,
    second: values.second ?? 0,
  };
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * The date (`YYYY-MM-DD`) and the minutes since midnight (seconds as a fraction) of `at` on the wall clock of
 * `timeZone`: what quiet hours and the morning digest are set in.
 */
export function wallClock(at: Date, timeZone: string): { date: string; minutes: number } {
  const { year, month, day, hour, minute, second } = wallClockFields(at.getTime(), timeZone);
  return {
    date: `${year}-${twoDigits(month)}-${twoDigits(day)}`,
    minutes: hour * 60 + minute + second / 60,
  };
}
