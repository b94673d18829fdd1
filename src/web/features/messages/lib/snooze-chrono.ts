/**
 * chrono-node's English and Japanese parsers, with what they lack for snoozing added through chrono's own extension
 * points (parsers and refiners on a clone). What each addition fixes is said beside it; the meanings are decision 148.
 *
 * chrono is given a "floating" reference: a `Date` whose local fields (in the machine's zone) are the wall clock of
 * the person's zone, so its calendar arithmetic runs on the person's dates. Only the components chrono marks as
 * certain are read back (lib/snooze-time.ts); whatever it implies (the hour of "tomorrow", the year of "Jan 20",
 * the offset of its own "in 2 hours") is decided there instead, and the instant is found with lib/zoned-time.ts.
 */
import type { Chrono, Parser, ParsingComponents, ParsingContext, ParsingResult, Refiner } from 'chrono-node';
import { casual as englishCasual } from 'chrono-node/en';
import { casual as japaneseCasual } from 'chrono-node/ja';
import type { Language } from '../../../../contract/auth.ts';
import { addDays, addMonths, daysInMonth, mondayOf, weekdayOf, type CalendarDay } from './zoned-time.ts';

export type DayPart = 'morning' | 'noon' | 'afternoon' | 'evening' | 'night';

/** The hour each vague time of day stands for, in both languages and in the presets (decision 148). */
export const DAY_PART_HOURS: Record<DayPart, number> = {
  morning: 9,
  noon: 12,
  afternoon: 15,
  evening: 18,
  night: 20,
};

/** The time of a date said without one ("tomorrow", "金曜", "Jan 20"). */
export const DEFAULT_HOUR = DAY_PART_HOURS.morning;

/** Tags on chrono's results: a vague time of day, and an exact duration from now ("in 2 hours", "3時間後"). */
const DAY_PART_TAG = 'matome/day-part:';
export const FROM_NOW_TAG = 'matome/from-now-ms:';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** The person's today: the floating reference's local date. */
function today(context: ParsingContext): CalendarDay {
  const reference = context.reference.instant;
  return { year: reference.getFullYear(), month: reference.getMonth() + 1, day: reference.getDate() };
}

function onDay(context: ParsingContext, day: CalendarDay): ParsingComponents {
  return context.createParsingComponents({ ...day, weekday: weekdayOf(day) });
}

function dayPart(context: ParsingContext, part: DayPart, day?: CalendarDay): ParsingComponents {
  return context
    .createParsingComponents({
      ...(day && { ...day, weekday: weekdayOf(day) }),
      hour: DAY_PART_HOURS[part],
      minute: 0,
    })
    .addTag(`${DAY_PART_TAG}${part}`);
}

function parser(
  pattern: RegExp,
  extract: (context: ParsingContext, match: RegExpMatchArray) => ParsingComponents | null,
): Parser {
  return { pattern: () => pattern, extract };
}

// ---------------------------------------------------------------------------------------------------------------
// Weekdays. chrono reads "next fri" as next week's Friday but drops 来週 and 再来週 ("来週月曜" is this coming
// Monday to it) and has no 今度の / この; one rule for both languages instead.

type WeekChoice = 'coming' | 'this' | 'this-week' | 'next-week' | 'week-after-next';

/** A weekday (0 = Sunday) seen from `from`. */
export function weekdayFrom(from: CalendarDay, weekday: number, choice: WeekChoice): CalendarDay {
  const fromMonday = (weekday + 6) % 7;
  switch (choice) {
    case 'coming': // the next such day after today
      return addDays(from, ((weekday - weekdayOf(from) + 6) % 7) + 1);
    case 'this': // the next such day, today included
      return addDays(from, (weekday - weekdayOf(from) + 7) % 7);
    case 'this-week': // in this Monday-to-Sunday week, even when it has passed
      return addDays(mondayOf(from), fromMonday);
    case 'next-week':
      return addDays(mondayOf(from), 7 + fromMonday);
    case 'week-after-next':
      return addDays(mondayOf(from), 14 + fromMonday);
  }
}

const ENGLISH_WEEKDAYS: Record<string, number> = {
  sunday: 0,
  sun: 0,
  monday: 1,
  mon: 1,
  tuesday: 2,
  tues: 2,
  tue: 2,
  wednesday: 3,
  wed: 3,
  thursday: 4,
  thurs: 4,
  thur: 4,
  thu: 4,
  friday: 5,
  fri: 5,
  saturday: 6,
  sat: 6,
};

const englishWeekday = parser(
  new RegExp(`\\b(?:(this|next|coming)\\s+)?(${Object.keys(ENGLISH_WEEKDAYS).join('|')})\\b`, 'i'),
  (context, match) => {
    const weekday = ENGLISH_WEEKDAYS[match[2]!.toLowerCase()]!;
    const modifier = match[1]?.toLowerCase();
    const choice: WeekChoice = modifier === 'next' ? 'next-week' : modifier === 'this' ? 'this' : 'coming';
    return onDay(context, weekdayFrom(today(context), weekday, choice));
  },
);

const JAPANESE_WEEKDAYS = '日月火水木金土';
const JAPANESE_WEEK_CHOICES: Record<string, WeekChoice> = {
  今週: 'this-week',
  来週: 'next-week',
  再来週: 'week-after-next',
  次の: 'coming',
  今度の: 'coming',
  この: 'this',
};

const japaneseWeekday = parser(
  /(今週|来週|再来週|次の|今度の|この)?\s*の?\s*([日月火水木金土])曜日?/,
  (context, match) =>
    onDay(
      context,
      weekdayFrom(
        today(context),
        JAPANESE_WEEKDAYS.indexOf(match[2]!),
        JAPANESE_WEEK_CHOICES[match[1] ?? ''] ?? 'coming',
      ),
    ),
);

// ---------------------------------------------------------------------------------------------------------------
// Weeks, weekends and months. chrono: "next week" is a week from now (at the same hour) and "next month" the same
// day next month; 来週, 来月, 週末 and 週明け it does not know.

function period(
  context: ParsingContext,
  name: 'next-week' | 'week-after-next' | 'weekend' | 'next-weekend' | 'next-month' | 'month-end',
) {
  const from = today(context);
  switch (name) {
    case 'next-week':
      return onDay(context, weekdayFrom(from, 1, 'next-week'));
    case 'week-after-next':
      return onDay(context, weekdayFrom(from, 1, 'week-after-next'));
    case 'weekend':
      return onDay(context, weekdayFrom(from, 6, 'coming'));
    case 'next-weekend':
      return onDay(context, weekdayFrom(from, 6, 'next-week'));
    case 'next-month':
      return onDay(context, { ...addMonths(from, 1), day: 1 });
    case 'month-end':
      return onDay(context, { ...from, day: daysInMonth(from.year, from.month) });
  }
}

const englishPeriod = parser(
  /\b(next\s+week|next\s+month|next\s+weekend|(?:this\s+)?weekend)\b/i,
  (context, match) => {
    const words = match[1]!.toLowerCase().replace(/\s+/g, ' ');
    if (words === 'next week') return period(context, 'next-week');
    if (words === 'next month') return period(context, 'next-month');
    if (words === 'next weekend') return period(context, 'next-weekend');
    return period(context, 'weekend');
  },
);

const japanesePeriod = parser(/再来週|来週末|来週|週明け|来月|今週末|週末|月末/, (context, match) => {
  switch (match[0]) {
    case '再来週':
      return period(context, 'week-after-next');
    case '来週末':
      return period(context, 'next-weekend');
    case '来月':
      return period(context, 'next-month');
    case '今週末':
    case '週末':
      return period(context, 'weekend');
    case '月末':
      return period(context, 'month-end');
    default: // 来週, 週明け
      return period(context, 'next-week');
  }
});

// ---------------------------------------------------------------------------------------------------------------
// Times of day. chrono: morning is 06:00, evening 20:00 and tonight 22:00 in English, and Japanese has none of
// 朝, 昼, 午後, 夕方, 夜 (so "金曜の夕方" was Friday at noon).

const ENGLISH_DAY_PARTS: Record<string, DayPart> = {
  morning: 'morning',
  noon: 'noon',
  midday: 'noon',
  afternoon: 'afternoon',
  evening: 'evening',
  night: 'night',
};

const englishDayPart = parser(
  /\b(?:(this)\s+)?(morning|noon|midday|afternoon|evening|night)\b|\b(tonight|tonite)\b/i,
  (context, match) =>
    match[3]
      ? dayPart(context, 'night', today(context))
      : dayPart(context, ENGLISH_DAY_PARTS[match[2]!.toLowerCase()]!, match[1] ? today(context) : undefined),
);

/** Each word's time of day, and its day when the word names one (今朝: today, 明朝: tomorrow). */
const JAPANESE_DAY_PARTS: Record<string, [DayPart, number | null]> = {
  今朝: ['morning', 0],
  けさ: ['morning', 0],
  明朝: ['morning', 1],
  今夜: ['night', 0],
  こんや: ['night', 0],
  今晩: ['night', 0],
  こんばん: ['night', 0],
  今夕: ['evening', 0],
  午前中: ['morning', null],
  朝: ['morning', null],
  あさ: ['morning', null],
  正午: ['noon', null],
  お昼: ['noon', null],
  昼: ['noon', null],
  午後: ['afternoon', null],
  夕方: ['evening', null],
  ゆうがた: ['evening', null],
  夜: ['night', null],
  晩: ['night', null],
};

const japaneseDayPart = parser(
  // 午後 before a number is chrono's "午後3時"; あさ before って is あさって.
  /今朝|けさ|明朝|今夜|こんや|今晩|こんばん|今夕|午前中|正午|お昼|夕方|ゆうがた|午後(?!\s*[0-9〇一二三四五六七八九十])|朝|あさ(?!って)|昼|夜|晩/,
  (context, match) => {
    const [part, dayOffset] = JAPANESE_DAY_PARTS[match[0]]!;
    return dayPart(context, part, dayOffset === null ? undefined : addDays(today(context), dayOffset));
  },
);

// ---------------------------------------------------------------------------------------------------------------
// The day after tomorrow and the next: chrono's Japanese knows 明日 and あした but not あす, 明後日, あさって,
// 明々後日 or しあさって.

const JAPANESE_DAYS_AHEAD: Record<string, number> = {
  あす: 1,
  明後日: 2,
  あさって: 2,
  明明後日: 3,
  明々後日: 3,
  しあさって: 3,
};

const japaneseDaysAhead = parser(/明明後日|明々後日|しあさって|明後日|あさって|あす/, (context, match) =>
  onDay(context, addDays(today(context), JAPANESE_DAYS_AHEAD[match[0]]!)),
);

// ---------------------------------------------------------------------------------------------------------------
// A day of the month alone ("20日", "the 20th"): chrono reads neither. The next such day, today included.

function dayOfMonth(context: ParsingContext, day: number): ParsingComponents | null {
  if (day < 1 || day > 31) return null;
  const from = today(context);
  let month: CalendarDay = { ...from, day: 1 };
  if (day < from.day) month = addMonths(month, 1);
  while (daysInMonth(month.year, month.month) < day) month = addMonths(month, 1);
  return onDay(context, { ...month, day });
}

const englishDayOfMonth = parser(
  /\b(?:the\s+(\d{1,2})(?:st|nd|rd|th)?|(\d{1,2})(?:st|nd|rd|th))\b/i,
  (context, match) => dayOfMonth(context, Number(match[1] ?? match[2])),
);

const japaneseDayOfMonth = parser(/(\d{1,2})日(?![後前間])/, (context, match) =>
  dayOfMonth(context, Number(match[1])),
);

// ---------------------------------------------------------------------------------------------------------------
// Durations from now. chrono's Japanese has none ("3時間後", "2日後"); its English ones are computed on the floating
// reference, an hour off across a change of summer time. Hours and minutes here are exact durations (a tag the
// caller adds to the instant of now); days, weeks, months and years move the date and leave the time to be said.

type Unit = 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year';

interface Duration {
  unit: Unit;
  amount: number;
}

function fromNow(context: ParsingContext, durations: Duration[], sign: 1 | -1): ParsingComponents | null {
  const exact = durations.filter(({ unit }) => unit === 'minute' || unit === 'hour');
  if (exact.length > 0) {
    if (exact.length !== durations.length) return null;
    const ms = exact.reduce(
      (sum, { unit, amount }) => sum + amount * (unit === 'hour' ? HOUR_MS : MINUTE_MS),
      0,
    );
    return context.createParsingComponents().addTag(`${FROM_NOW_TAG}${Math.round(sign * ms)}`);
  }
  let day = today(context);
  for (const { unit, amount } of durations) {
    if (!Number.isInteger(amount)) return null;
    if (unit === 'day') day = addDays(day, sign * amount);
    else if (unit === 'week') day = addDays(day, sign * 7 * amount);
    else if (unit === 'month') day = addMonths(day, sign * amount);
    else day = addMonths(day, sign * 12 * amount);
  }
  return onDay(context, day);
}

const ENGLISH_UNITS: [RegExp, Unit][] = [
  [/^(?:minutes?|mins?|m)$/, 'minute'],
  [/^(?:hours?|hrs?|h)$/, 'hour'],
  [/^(?:days?|d)$/, 'day'],
  [/^(?:weeks?|wks?|w)$/, 'week'],
  [/^(?:months?|mos?)$/, 'month'],
  [/^(?:years?|yrs?|y)$/, 'year'],
];
const ENGLISH_UNIT = 'minutes?|mins?|hours?|hrs?|days?|weeks?|wks?|months?|mos?|years?|yrs?|m|h|d|w|y';
const ENGLISH_AMOUNT = 'an?|one|half\\s+an?|\\d+(?:\\.\\d+)?';

/** "2 hours", "an hour and a half", "30 min": amount, unit and half, captured or not. */
function englishPiece(group: (source: string) => string): string {
  return `${group(ENGLISH_AMOUNT)}\\s*${group(ENGLISH_UNIT)}(?![a-z])${group('\\s+and\\s+a\\s+half')}?`;
}
const captured = (source: string) => `(${source})`;
const uncaptured = (source: string) => `(?:${source})`;
const englishPieces = new RegExp(englishPiece(captured), 'gi');

const englishFromNow = parser(
  new RegExp(
    `\\b(?:(?:in|for|after|within)\\s+)?(${englishPiece(uncaptured)}(?:(?:\\s*,\\s*|\\s+and\\s+|\\s+)${englishPiece(uncaptured)})*)(?:\\s+(?:later|from\\s+now))?(?![a-z])`,
    'i',
  ),
  (context, match) => {
    const durations = [...match[1]!.matchAll(englishPieces)].map((piece): Duration => {
      const amountWord = piece[1]!.toLowerCase();
      const base = /^half/.test(amountWord) ? 0.5 : /^(an?|one)$/.test(amountWord) ? 1 : Number(amountWord);
      const unit = ENGLISH_UNITS.find(([pattern]) => pattern.test(piece[2]!.toLowerCase()))![1];
      return { unit, amount: base + (piece[3] ? 0.5 : 0) };
    });
    return fromNow(context, durations, 1);
  },
);

const JAPANESE_UNITS: Record<string, Unit> = {
  分: 'minute',
  時間: 'hour',
  日: 'day',
  週間: 'week',
  週: 'week',
  か月: 'month',
  ヶ月: 'month',
  カ月: 'month',
  ヵ月: 'month',
  ケ月: 'month',
  箇月: 'month',
  年: 'year',
};
const KANJI_DIGITS = '〇一二三四五六七八九';

/** "3時間", "1時間半", "三日": amount, unit and half, captured or not. */
function japanesePiece(group: (source: string) => string): string {
  return `${group(`\\d+(?:\\.\\d+)?|[${KANJI_DIGITS}十]+`)}\\s*${group(Object.keys(JAPANESE_UNITS).join('|'))}\\s*${group('半')}?`;
}
const japanesePieces = new RegExp(japanesePiece(captured), 'g');

/** 三 → 3, 十五 → 15, 二十 → 20 (up to 99, as durations are said). */
function kanjiNumber(text: string): number {
  if (/^\d/.test(text)) return Number(text);
  const [tens, ones] = text.includes('十') ? text.split('十') : ['', text];
  const digit = (value: string | undefined) => (value ? KANJI_DIGITS.indexOf(value) : 0);
  return text.includes('十') ? (tens ? digit(tens) : 1) * 10 + digit(ones) : digit(ones);
}

const japaneseFromNow = parser(
  new RegExp(`((?:${japanesePiece(uncaptured)}\\s*)+)(後|ご|前)`),
  (context, match) => {
    const durations = [...match[1]!.matchAll(japanesePieces)].map((piece): Duration => ({
      unit: JAPANESE_UNITS[piece[2]!]!,
      amount: kanjiNumber(piece[1]!) + (piece[3] ? 0.5 : 0),
    }));
    return fromNow(context, durations, match[2] === '前' ? -1 : 1);
  },
);

// ---------------------------------------------------------------------------------------------------------------
// A time of day with a clock time ("夜8時", "tomorrow evening at 7", "7 tonight"): chrono keeps them apart, and
// without the time of day 8時 is 08:00. Merged, the clock time wins and an afternoon-to-night part makes it PM.

const PM_DAY_PARTS = new Set<DayPart>(['afternoon', 'evening', 'night']);

export function dayPartOf(result: { tags(): Set<string> }): DayPart | null {
  for (const tag of result.tags()) {
    if (tag.startsWith(DAY_PART_TAG)) return tag.slice(DAY_PART_TAG.length) as DayPart;
  }
  return null;
}

function isClockTime(result: ParsingResult): boolean {
  return result.start.isCertain('hour') && result.start.isOnlyTime() && dayPartOf(result) === null;
}

const dayPartWithClockTime: Refiner = {
  refine(context, results) {
    const merged: ParsingResult[] = [];
    for (const result of results) {
      const previous = merged.at(-1);
      const between = previous ? context.text.slice(previous.index + previous.text.length, result.index) : '';
      const withPart = previous && dayPartOf(previous) ? previous : dayPartOf(result) ? result : null;
      const clock = withPart === previous ? result : previous;
      if (
        !previous ||
        !withPart ||
        !clock ||
        !isClockTime(clock) ||
        !/^\s*(?:の|に|at|,)?\s*$/i.test(between)
      ) {
        merged.push(result);
        continue;
      }
      const part = dayPartOf(withPart)!;
      let hour = clock.start.get('hour')!;
      if (!clock.start.isCertain('meridiem') && hour < 12) {
        if (PM_DAY_PARTS.has(part) || (part === 'noon' && hour <= 6)) hour += 12;
      }
      const combined = withPart.clone();
      combined.start.addTags(withPart.start.tags());
      combined.start.addTags(clock.start.tags());
      combined.start.assign('hour', hour);
      combined.start.assign('minute', clock.start.get('minute') ?? 0);
      combined.index = previous.index;
      combined.text = previous.text + between + result.text;
      merged[merged.length - 1] = combined;
    }
    return merged;
  },
};

function extended(base: Chrono, parsers: Parser[]): Chrono {
  const chrono = base.clone();
  // In front of chrono's own: of two results over the same words, chrono keeps the one found first.
  chrono.parsers.unshift(...parsers);
  chrono.refiners.push(dayPartWithClockTime);
  return chrono;
}

/** The parser of each language. */
export const snoozeChrono: Record<Language, Chrono> = {
  en: extended(englishCasual, [
    englishFromNow,
    englishPeriod,
    englishWeekday,
    englishDayPart,
    englishDayOfMonth,
  ]),
  jp: extended(japaneseCasual, [
    japaneseFromNow,
    japanesePeriod,
    japaneseWeekday,
    japaneseDayPart,
    japaneseDaysAhead,
    japaneseDayOfMonth,
  ]),
};
