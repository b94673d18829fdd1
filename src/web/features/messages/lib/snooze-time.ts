/**
 * Snoozing in the person's own words (issue 23): a phrase in English or Japanese, or one of four presets, read in the
 * person's time zone, and the result shown back in their language. The meanings are decision 148.
 */
import type { ParsedResult } from 'chrono-node';
import type { Language } from '../../../../contract/auth.ts';
import { SNOOZE_MAX_DAYS } from '../../../../contract/triage.ts';
import {
  dayPartOf,
  DAY_PART_HOURS,
  DEFAULT_HOUR,
  FROM_NOW_TAG,
  snoozeChrono,
  weekdayFrom,
} from './snooze-chrono.ts';
import { addDays, compareDays, instantAt, wallClockAt, type CalendarDay } from './zoned-time.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const LATER_TODAY_MS = 3 * 60 * 60 * 1000;

export interface SnoozeClock {
  /** The instant the phrase is read at. */
  now: Date;
  /** The person's IANA time zone, e.g. `Intl.DateTimeFormat().resolvedOptions().timeZone`. */
  timeZone: string;
}

export type SnoozeRefusal = 'unparsable' | 'past' | 'too-far';

export type SnoozeReading = { ok: true; until: Date } | { ok: false; reason: SnoozeRefusal };

/** A time in the future, no further than the server allows. */
export function checkSnoozeTime(until: Date, now: Date): SnoozeReading {
  if (until.getTime() <= now.getTime()) return { ok: false, reason: 'past' };
  if (until.getTime() - now.getTime() > SNOOZE_MAX_DAYS * DAY_MS) return { ok: false, reason: 'too-far' };
  return { ok: true, until };
}

/**
 * Full-width digits and letters to half-width (１５時 → 15時, ：→ :), one space between words. NFKC is also what
 * makes chrono's Japanese read "１５時" whole; on its own it reads the "５時" in it.
 */
function normalise(text: string): string {
  return text.normalize('NFKC').replace(/\s+/g, ' ').trim();
}

/** Words around a time that change nothing: "until Friday", "明日の15時まで", "3時ごろに". */
const FILLERS = [
  /\b(?:at|on|by|until|till|til|around|about|from|snooze|remind me|please)\b/gi,
  /まで|ごろ|頃|ころ|くらい|ぐらい|から|に|の|で|は|へ|を|スヌーズ/g,
  /[\s.,!?、。・()「」]/g,
];

/** Whether the phrase says nothing but the parsed time: "tomorrow please" yes, "tomorrow's meeting" no. */
function saysOnly(text: string, result: ParsedResult): boolean {
  let rest = text.slice(0, result.index) + ' ' + text.slice(result.index + result.text.length);
  for (const filler of FILLERS) rest = rest.replace(filler, '');
  return rest === '';
}

/** The next such month and day, today included. */
function nextDate(today: CalendarDay, month: number, day: number): CalendarDay {
  const thisYear = { year: today.year, month, day };
  return compareDays(thisYear, today) < 0 ? { ...thisYear, year: today.year + 1 } : thisYear;
}

/** The hour as the person means it: a bare 1 to 6 o'clock is the afternoon ("at 3", "3時"), 03:00 is not. */
function meantHour(result: ParsedResult): number {
  const hour = result.start.get('hour') ?? DEFAULT_HOUR;
  const bare = !result.start.isCertain('meridiem') && dayPartOf(result) === null;
  const writtenAsTwoDigits = /(?:^|\D)0\d\s*[:時]/.test(result.text);
  return bare && !writtenAsTwoDigits && hour >= 1 && hour <= 6 ? hour + 12 : hour;
}

/** The instant a result of chrono's stands for, by the rules of decision 148; null where it names no time. */
function resolve(result: ParsedResult, now: Date, timeZone: string): Date | null {
  const fromNow = [...result.tags()].find((tag) => tag.startsWith(FROM_NOW_TAG));
  if (fromNow) return new Date(now.getTime() + Number(fromNow.slice(FROM_NOW_TAG.length)));

  const { start } = result;
  const wall = wallClockAt(now, timeZone);
  const today: CalendarDay = { year: wall.year, month: wall.month, day: wall.day };
  let day: CalendarDay | null = null;
  if (start.isCertain('month')) {
    const month = start.get('month')!;
    const dayOfMonth = start.isCertain('day') ? start.get('day')! : 1;
    day = start.isCertain('year')
      ? { year: start.get('year')!, month, day: dayOfMonth }
      : nextDate(today, month, dayOfMonth);
  } else if (start.isCertain('weekday')) {
    day = weekdayFrom(today, start.get('weekday')!, 'coming');
  }
  const timed = start.isCertain('hour');
  if (!day && !timed) return null;

  const time = timed
    ? { hour: meantHour(result), minute: start.get('minute') ?? 0 }
    : { hour: DEFAULT_HOUR, minute: 0 };
  if (day) return instantAt({ ...day, ...time }, timeZone);
  // A time alone is the next time the clock shows it: "3pm" at 16:00 is tomorrow.
  const todayAt = instantAt({ ...today, ...time }, timeZone);
  return todayAt.getTime() > now.getTime() ? todayAt : instantAt({ ...addDays(today, 1), ...time }, timeZone);
}

function read(language: Language, text: string, now: Date, timeZone: string): Date | null {
  const wall = wallClockAt(now, timeZone);
  // chrono's calendar arithmetic runs on local dates; this one's local fields are the person's wall clock.
  const floating = new Date(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  const results = snoozeChrono[language].parse(text, floating);
  if (results.length !== 1 || !saysOnly(text, results[0]!)) return null;
  return resolve(results[0]!, now, timeZone);
}

/**
 * Reads a phrase such as "tomorrow 3pm", "in 2 hours", "next fri", "明日15時", "あさっての朝" or "金曜の夕方" in
 * the person's time zone: in the language of the screen first, then in the other, so either works in both.
 */
export function parseSnoozePhrase(
  text: string,
  { now, timeZone, language }: SnoozeClock & { language: Language },
): SnoozeReading {
  const phrase = normalise(text);
  if (phrase === '') return { ok: false, reason: 'unparsable' };
  const languages: Language[] = language === 'jp' ? ['jp', 'en'] : ['en', 'jp'];
  for (const each of languages) {
    const until = read(each, phrase, now, timeZone);
    if (until) return checkSnoozeTime(until, now);
  }
  return { ok: false, reason: 'unparsable' };
}

export type SnoozePresetId = 'later-today' | 'this-evening' | 'tomorrow-morning' | 'next-monday';

export interface SnoozePreset {
  id: SnoozePresetId;
  until: Date;
}

/**
 * The quick choices, earliest first: three hours from now while that is still today; this evening at 18:00 while
 * that is more than three hours away (later, "later today" already reaches it); tomorrow at 09:00; and the next
 * Monday at 09:00, unless that is tomorrow morning.
 */
export function snoozePresets({ now, timeZone }: SnoozeClock): SnoozePreset[] {
  const wall = wallClockAt(now, timeZone);
  const today: CalendarDay = { year: wall.year, month: wall.month, day: wall.day };
  const at = (day: CalendarDay, hour: number) => instantAt({ ...day, hour, minute: 0 }, timeZone);

  const laterToday = new Date(now.getTime() + LATER_TODAY_MS);
  const thisEvening = at(today, DAY_PART_HOURS.evening);
  const tomorrowMorning = at(addDays(today, 1), DAY_PART_HOURS.morning);
  const nextMonday = at(weekdayFrom(today, 1, 'next-week'), DAY_PART_HOURS.morning);

  const presets: SnoozePreset[] = [];
  if (compareDays(wallClockAt(laterToday, timeZone), today) === 0) {
    presets.push({ id: 'later-today', until: laterToday });
  }
  if (thisEvening.getTime() > laterToday.getTime()) presets.push({ id: 'this-evening', until: thisEvening });
  presets.push({ id: 'tomorrow-morning', until: tomorrowMorning });
  if (nextMonday.getTime() !== tomorrowMorning.getTime())
    presets.push({ id: 'next-monday', until: nextMonday });
  return presets;
}
