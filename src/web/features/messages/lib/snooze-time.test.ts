import { afterEach, describe, expect, it } from 'vitest';
import type { Language } from '../../../../contract/auth.ts';
import { SNOOZE_MAX_DAYS } from '../../../../contract/triage.ts';
import { formatSnoozeTime } from './snooze-format.ts';
import { parseSnoozePhrase, snoozePresets, type SnoozeClock } from './snooze-time.ts';

/** "2026-01-16 09:00": the wall clock in the zone, written without help from the code under test. */
function wallClock(instant: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(instant)
      .map(({ type, value }) => [type, value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** What a phrase means on a clock: the wall clock of the snooze, or the reason it is refused. */
function meaning(text: string, clock: SnoozeClock, language: Language): string {
  const reading = parseSnoozePhrase(text, { ...clock, language });
  return reading.ok ? wallClock(reading.until, clock.timeZone) : reading.reason;
}

type Table = [phrase: string, means: string][];

/** Rows of [now, phrase, the screen's language, what it means], each on its own clock in Tokyo. */
function readsInTokyo(rows: [now: string, phrase: string, language: Language, means: string][]) {
  it.each(rows)('at %s, "%s" (%s) → %s', (now, phrase, language, means) => {
    expect(meaning(phrase, { now: new Date(now), timeZone: 'Asia/Tokyo' }, language)).toBe(means);
  });
}

/** Thursday 15 January 2026, 10:00 in Tokyo. */
const tokyoThursday: SnoozeClock = { now: new Date('2026-01-15T10:00:00+09:00'), timeZone: 'Asia/Tokyo' };

const english: Table = [
  // days
  ['tomorrow', '2026-01-16 09:00'],
  ['tomorrow 3pm', '2026-01-16 15:00'],
  ['tomorrow at 9:30am', '2026-01-16 09:30'],
  ['tmrw 5pm', '2026-01-16 17:00'],
  ['tomorrow at 5', '2026-01-16 17:00'],
  // times of day
  ['tomorrow morning', '2026-01-16 09:00'],
  ['tomorrow at noon', '2026-01-16 12:00'],
  ['tomorrow afternoon', '2026-01-16 15:00'],
  ['tomorrow evening', '2026-01-16 18:00'],
  ['tomorrow night', '2026-01-16 20:00'],
  ['tomorrow evening at 7', '2026-01-16 19:00'],
  ['this afternoon', '2026-01-15 15:00'],
  ['this evening', '2026-01-15 18:00'],
  ['tonight', '2026-01-15 20:00'],
  ['7pm tonight', '2026-01-15 19:00'],
  ['evening', '2026-01-15 18:00'],
  ['noon', '2026-01-15 12:00'],
  ['morning', '2026-01-16 09:00'], // this morning's 09:00 has passed
  // from now
  ['in 2 hours', '2026-01-15 12:00'],
  ['in 30 min', '2026-01-15 10:30'],
  ['in 90 minutes', '2026-01-15 11:30'],
  ['in half an hour', '2026-01-15 10:30'],
  ['in an hour and a half', '2026-01-15 11:30'],
  ['in 1 hour 30 minutes', '2026-01-15 11:30'],
  ['2 hours later', '2026-01-15 12:00'],
  ['for 45 minutes', '2026-01-15 10:45'],
  ['in 3 days', '2026-01-18 09:00'],
  ['in a week', '2026-01-22 09:00'],
  ['in 2 weeks', '2026-01-29 09:00'],
  ['in a month', '2026-02-15 09:00'],
  ['in 2 days at 3pm', '2026-01-17 15:00'],
  // times
  ['3pm', '2026-01-15 15:00'],
  ['15:00', '2026-01-15 15:00'],
  ['at 3', '2026-01-15 15:00'], // a bare 1 to 6 o'clock is the afternoon
  ['5:30', '2026-01-15 17:30'],
  ['3am', '2026-01-16 03:00'],
  ['9am', '2026-01-16 09:00'], // already past today
  ['at 03:00', '2026-01-16 03:00'], // written as 24-hour time
  // weekdays
  ['fri', '2026-01-16 09:00'],
  ['friday 5pm', '2026-01-16 17:00'],
  ['this friday', '2026-01-16 09:00'],
  ['until friday', '2026-01-16 09:00'],
  ['next fri', '2026-01-23 09:00'], // next week's Friday
  ['next monday', '2026-01-19 09:00'],
  ['next mon 9am', '2026-01-19 09:00'],
  ['thursday', '2026-01-22 09:00'], // today is Thursday: the next one
  ['monday morning', '2026-01-19 09:00'],
  ['sunday evening', '2026-01-18 18:00'],
  ['next week', '2026-01-19 09:00'],
  ['this weekend', '2026-01-17 09:00'],
  ['next weekend', '2026-01-24 09:00'],
  ['next month', '2026-02-01 09:00'],
  // dates
  ['Jan 20', '2026-01-20 09:00'],
  ['jan 20 5pm', '2026-01-20 17:00'],
  ['20 January', '2026-01-20 09:00'],
  ['1/20', '2026-01-20 09:00'],
  ['the 20th', '2026-01-20 09:00'],
  ['Jan 10', '2027-01-10 09:00'], // passed this year
  ['Dec 31', '2026-12-31 09:00'],
  ['Jan 15 2027', '2027-01-15 09:00'],
  // written loosely
  ['  Tomorrow   3PM ', '2026-01-16 15:00'],
  ['ｔｏｍｏｒｒｏｗ ３ｐｍ', '2026-01-16 15:00'],
  ['remind me tomorrow at 3pm please', '2026-01-16 15:00'],
  // refused
  ['this morning', 'past'],
  ['today at 9am', 'past'],
  ['yesterday', 'past'],
  ['3 hours ago', 'past'],
  ['now', 'past'],
  ['Jan 20 2027', 'too-far'],
  ['in 2 years', 'too-far'],
  ['in 400 days', 'too-far'],
  ['banana', 'unparsable'],
  ["tomorrow's meeting", 'unparsable'],
  ['', 'unparsable'],
  ['   ', 'unparsable'],
];

const japanese: Table = [
  // days
  ['明日', '2026-01-16 09:00'],
  ['あした', '2026-01-16 09:00'],
  ['あす', '2026-01-16 09:00'],
  ['明日15時', '2026-01-16 15:00'],
  ['明日１５時', '2026-01-16 15:00'],
  ['明日の午後3時', '2026-01-16 15:00'],
  ['明日15時まで', '2026-01-16 15:00'],
  ['あさって', '2026-01-17 09:00'],
  ['しあさって', '2026-01-18 09:00'],
  // times of day
  ['明日の朝', '2026-01-16 09:00'],
  ['明朝', '2026-01-16 09:00'],
  ['明日の昼', '2026-01-16 12:00'],
  ['明日の夕方', '2026-01-16 18:00'],
  ['明日の夜8時', '2026-01-16 20:00'],
  ['あさっての朝', '2026-01-17 09:00'],
  ['明後日の夕方', '2026-01-17 18:00'],
  ['今日の夕方', '2026-01-15 18:00'],
  ['今夜', '2026-01-15 20:00'],
  ['今晩', '2026-01-15 20:00'],
  ['夕方', '2026-01-15 18:00'],
  ['昼', '2026-01-15 12:00'],
  ['午後', '2026-01-15 15:00'],
  ['夜8時', '2026-01-15 20:00'],
  ['朝', '2026-01-16 09:00'], // this morning's 09:00 has passed
  // from now
  ['3時間後', '2026-01-15 13:00'],
  ['３時間後', '2026-01-15 13:00'],
  ['三時間後', '2026-01-15 13:00'],
  ['30分後', '2026-01-15 10:30'],
  ['90分後', '2026-01-15 11:30'],
  ['1時間半後', '2026-01-15 11:30'],
  ['2日後', '2026-01-17 09:00'],
  ['3日後の朝', '2026-01-18 09:00'],
  ['1週間後', '2026-01-22 09:00'],
  ['1か月後', '2026-02-15 09:00'],
  ['2日後の15時', '2026-01-17 15:00'],
  // times
  ['15時', '2026-01-15 15:00'],
  ['１５：００', '2026-01-15 15:00'],
  ['午後3時', '2026-01-15 15:00'],
  ['15時半', '2026-01-15 15:30'],
  ['3時', '2026-01-15 15:00'], // a bare 1 to 6 o'clock is the afternoon
  ['5時半', '2026-01-15 17:30'],
  ['午前3時', '2026-01-16 03:00'],
  ['9時', '2026-01-16 09:00'], // already past today
  ['15時ごろ', '2026-01-15 15:00'],
  // weekdays
  ['金曜', '2026-01-16 09:00'],
  ['金曜日', '2026-01-16 09:00'],
  ['金曜の夕方', '2026-01-16 18:00'],
  ['金曜18時', '2026-01-16 18:00'],
  ['木曜', '2026-01-22 09:00'], // today is Thursday: the next one
  ['今週金曜', '2026-01-16 09:00'],
  ['来週月曜', '2026-01-19 09:00'],
  ['来週の金曜日', '2026-01-23 09:00'],
  ['来週金曜の15時', '2026-01-23 15:00'],
  ['再来週月曜', '2026-01-26 09:00'],
  ['次の月曜', '2026-01-19 09:00'],
  ['今度の金曜', '2026-01-16 09:00'],
  ['来週', '2026-01-19 09:00'],
  ['週明け', '2026-01-19 09:00'],
  ['週末', '2026-01-17 09:00'],
  ['来週末', '2026-01-24 09:00'],
  ['来月', '2026-02-01 09:00'],
  // dates
  ['1月20日', '2026-01-20 09:00'],
  ['1月20日15時', '2026-01-20 15:00'],
  ['1/20', '2026-01-20 09:00'],
  ['20日', '2026-01-20 09:00'],
  ['10日', '2026-02-10 09:00'], // passed this month
  ['1月10日', '2027-01-10 09:00'], // passed this year
  ['12月31日', '2026-12-31 09:00'],
  // refused
  ['今朝', 'past'],
  ['今週の月曜', 'past'],
  ['昨日', 'past'],
  ['3時間前', 'past'],
  ['2027年1月20日', 'too-far'],
  ['2年後', 'too-far'],
  ['ばなな', 'unparsable'],
  ['明日の会議', 'unparsable'],
];

describe('parseSnoozePhrase on Thursday 15 January 2026, 10:00 in Tokyo', () => {
  it('has at least 40 phrases in each language', () => {
    expect(english.length).toBeGreaterThanOrEqual(40);
    expect(japanese.length).toBeGreaterThanOrEqual(40);
  });

  describe.each<[string, Language, Table]>([
    ['English', 'en', english],
    ['Japanese', 'jp', japanese],
  ])('%s', (_name, language, table) => {
    it.each(table)('"%s" → %s', (phrase, means) => {
      expect(meaning(phrase, tokyoThursday, language)).toBe(means);
    });

    it.each(table)('"%s" means the same on a screen in the other language', (phrase, means) => {
      expect(meaning(phrase, tokyoThursday, language === 'en' ? 'jp' : 'en')).toBe(means);
    });
  });
});

describe('parseSnoozePhrase at the end of a month, a year and February', () => {
  readsInTokyo([
    // Saturday 31 January 2026, 10:00 in Tokyo
    ['2026-01-31T10:00:00+09:00', 'tomorrow', 'en', '2026-02-01 09:00'],
    ['2026-01-31T10:00:00+09:00', '明日の朝', 'jp', '2026-02-01 09:00'],
    ['2026-01-31T10:00:00+09:00', 'in a month', 'en', '2026-02-28 09:00'],
    ['2026-01-31T10:00:00+09:00', 'next month', 'en', '2026-02-01 09:00'],
    ['2026-01-31T10:00:00+09:00', '31日15時', 'jp', '2026-01-31 15:00'],
    ['2026-01-31T10:00:00+09:00', '30日', 'jp', '2026-03-30 09:00'], // February has none
    ['2026-01-31T10:00:00+09:00', 'next fri', 'en', '2026-02-06 09:00'],
    // Thursday 31 December 2026, 23:00 in Tokyo
    ['2026-12-31T23:00:00+09:00', '明日の朝', 'jp', '2027-01-01 09:00'],
    ['2026-12-31T23:00:00+09:00', 'tomorrow morning', 'en', '2027-01-01 09:00'],
    ['2026-12-31T23:00:00+09:00', 'in 2 hours', 'en', '2027-01-01 01:00'],
    ['2026-12-31T23:00:00+09:00', '1時間後', 'jp', '2027-01-01 00:00'],
    ['2026-12-31T23:00:00+09:00', 'Jan 2', 'en', '2027-01-02 09:00'],
    ['2026-12-31T23:00:00+09:00', '1/4', 'en', '2027-01-04 09:00'],
    ['2026-12-31T23:00:00+09:00', '来週月曜', 'jp', '2027-01-04 09:00'],
    ['2026-12-31T23:00:00+09:00', 'next week', 'en', '2027-01-04 09:00'],
    ['2026-12-31T23:00:00+09:00', '来月', 'jp', '2027-01-01 09:00'],
    ['2026-12-31T23:00:00+09:00', '12月31日', 'jp', 'past'],
    // Monday 28 February 2028, 10:00 in Tokyo: a leap year
    ['2028-02-28T10:00:00+09:00', 'tomorrow', 'en', '2028-02-29 09:00'],
    ['2028-02-28T10:00:00+09:00', 'Feb 29 3pm', 'en', '2028-02-29 15:00'],
    ['2028-02-28T10:00:00+09:00', '2月29日', 'jp', '2028-02-29 09:00'],
    ['2028-02-28T10:00:00+09:00', '29日', 'jp', '2028-02-29 09:00'],
    ['2028-02-28T10:00:00+09:00', 'あさって', 'jp', '2028-03-01 09:00'],
    ['2028-02-28T10:00:00+09:00', 'in 2 days', 'en', '2028-03-01 09:00'],
  ]);
});

describe('parseSnoozePhrase across a change of summer time', () => {
  const newYork = (now: string): SnoozeClock => ({ now: new Date(now), timeZone: 'America/New_York' });
  const until = (phrase: string, clock: SnoozeClock, language: Language = 'en') => {
    const reading = parseSnoozePhrase(phrase, { ...clock, language });
    return reading.ok ? reading.until.toISOString() : reading.reason;
  };

  // Saturday 7 March 2026, 12:00 EST; clocks go forward at 02:00 on Sunday.
  const beforeSpring = newYork('2026-03-07T17:00:00Z');

  it('puts a wall-clock time after the change at that day’s offset', () => {
    expect(until('tomorrow 9am', beforeSpring)).toBe('2026-03-08T13:00:00.000Z'); // 09:00 EDT
    expect(until('明日の朝', beforeSpring, 'jp')).toBe('2026-03-08T13:00:00.000Z');
    expect(until('in 2 days', beforeSpring)).toBe('2026-03-09T13:00:00.000Z');
    expect(until('tomorrow evening', beforeSpring)).toBe('2026-03-08T22:00:00.000Z'); // 18:00 EDT
  });

  it('counts hours from now as real hours, whatever the clocks do', () => {
    expect(until('in 24 hours', beforeSpring)).toBe('2026-03-08T17:00:00.000Z'); // 13:00 EDT
    expect(meaning('in 24 hours', beforeSpring, 'en')).toBe('2026-03-08 13:00');
    const justBefore = newYork('2026-03-08T06:30:00Z'); // 01:30 EST
    expect(meaning('in 2 hours', justBefore, 'en')).toBe('2026-03-08 04:30');
    expect(meaning('2時間後', justBefore, 'jp')).toBe('2026-03-08 04:30');
  });

  it('moves a skipped time past the change', () => {
    expect(meaning('tomorrow 2:30am', beforeSpring, 'en')).toBe('2026-03-08 03:30');
  });

  it('takes a time shown twice when the clocks go back the first time', () => {
    // Saturday 31 October 2026, 12:00 EDT; clocks go back at 02:00 on Sunday.
    const beforeAutumn = newYork('2026-10-31T16:00:00Z');
    expect(until('tomorrow 1:30am', beforeAutumn)).toBe('2026-11-01T05:30:00.000Z'); // 01:30 EDT
    expect(until('tomorrow 9am', beforeAutumn)).toBe('2026-11-01T14:00:00.000Z'); // 09:00 EST
  });

  it('works in London too', () => {
    // Saturday 28 March 2026, 18:00 GMT; British Summer Time starts on Sunday at 01:00.
    const london: SnoozeClock = { now: new Date('2026-03-28T18:00:00Z'), timeZone: 'Europe/London' };
    expect(until('tomorrow morning', london)).toBe('2026-03-29T08:00:00.000Z'); // 09:00 BST
    expect(until('next mon 9am', london)).toBe('2026-03-30T08:00:00.000Z');
    expect(meaning('in 12 hours', london, 'en')).toBe('2026-03-29 07:00');
  });
});

describe('parseSnoozePhrase of weekdays seen from a Sunday and a Friday', () => {
  readsInTokyo([
    // Sunday 18 January 2026: next week starts tomorrow
    ['2026-01-18T10:00:00+09:00', 'next mon', 'en', '2026-01-19 09:00'],
    ['2026-01-18T10:00:00+09:00', '来週月曜', 'jp', '2026-01-19 09:00'],
    ['2026-01-18T10:00:00+09:00', 'next fri', 'en', '2026-01-23 09:00'],
    ['2026-01-18T10:00:00+09:00', '今週金曜', 'jp', 'past'],
    ['2026-01-18T10:00:00+09:00', 'sunday', 'en', '2026-01-25 09:00'],
    // Friday 16 January 2026
    ['2026-01-16T10:00:00+09:00', 'fri', 'en', '2026-01-23 09:00'],
    ['2026-01-16T10:00:00+09:00', '金曜', 'jp', '2026-01-23 09:00'],
    ['2026-01-16T10:00:00+09:00', 'this fri 5pm', 'en', '2026-01-16 17:00'],
    ['2026-01-16T10:00:00+09:00', '今週金曜の夕方', 'jp', '2026-01-16 18:00'],
    ['2026-01-16T10:00:00+09:00', 'next fri', 'en', '2026-01-23 09:00'],
    ['2026-01-16T10:00:00+09:00', 'weekend', 'en', '2026-01-17 09:00'],
  ]);
});

describe('parseSnoozePhrase by the time of day', () => {
  const tokyoAt = (time: string): SnoozeClock => ({
    now: new Date(`2026-01-15T${time}:00+09:00`),
    timeZone: 'Asia/Tokyo',
  });

  it('takes a time that has passed today as tomorrow’s', () => {
    expect(meaning('3pm', tokyoAt('16:00'), 'en')).toBe('2026-01-16 15:00');
    expect(meaning('15時', tokyoAt('16:00'), 'jp')).toBe('2026-01-16 15:00');
    expect(meaning('3時', tokyoAt('16:00'), 'jp')).toBe('2026-01-16 15:00');
    expect(meaning('evening', tokyoAt('19:00'), 'en')).toBe('2026-01-16 18:00');
    expect(meaning('夕方', tokyoAt('19:00'), 'jp')).toBe('2026-01-16 18:00');
    expect(meaning('3pm', tokyoAt('14:59'), 'en')).toBe('2026-01-15 15:00');
  });

  it('refuses "this evening" and "tonight" once they have passed, rather than move them to tomorrow', () => {
    expect(meaning('this evening', tokyoAt('19:00'), 'en')).toBe('past');
    expect(meaning('tonight', tokyoAt('21:00'), 'en')).toBe('past');
    expect(meaning('今夜', tokyoAt('21:00'), 'jp')).toBe('past');
  });

  it('takes "midnight" as the coming one', () => {
    expect(meaning('midnight', tokyoAt('22:00'), 'en')).toBe('2026-01-16 00:00');
  });
});

describe('parseSnoozePhrase and the limits', () => {
  it('refuses a time more than SNOOZE_MAX_DAYS days ahead, not one just within', () => {
    const clock = tokyoThursday;
    expect(SNOOZE_MAX_DAYS).toBe(366);
    expect(meaning('in 366 days', clock, 'en')).toBe('2027-01-16 09:00');
    expect(meaning('in 367 days', clock, 'en')).toBe('too-far');
    expect(meaning('in 8784 hours', clock, 'en')).toBe('2027-01-16 10:00'); // 366 × 24 h
    expect(meaning('in 8785 hours', clock, 'en')).toBe('too-far');
  });
});

describe('parseSnoozePhrase on a machine in another time zone', () => {
  const machineZone = process.env.TZ;
  afterEach(() => {
    if (machineZone === undefined) delete process.env.TZ;
    else process.env.TZ = machineZone;
  });

  it('reads a Tokyo phrase the same wherever the code runs, in a summer-time gap of the machine too', () => {
    // Sunday 8 March 2026, 02:30 in Tokyo: a time that does not exist on a New York machine.
    const clock: SnoozeClock = { now: new Date('2026-03-08T02:30:00+09:00'), timeZone: 'Asia/Tokyo' };
    const phrases = [
      'tomorrow 3pm',
      'in 2 hours',
      '明日の朝',
      '3時間後',
      'next fri',
      '来週月曜',
      '20日',
      'evening',
    ];
    const read = () => phrases.map((phrase) => meaning(phrase, clock, 'en'));
    process.env.TZ = 'UTC';
    const onUtc = read();
    process.env.TZ = 'America/New_York';
    expect(read()).toEqual(onUtc);
    process.env.TZ = 'Pacific/Kiritimati';
    expect(read()).toEqual(onUtc);
    expect(onUtc).toEqual([
      '2026-03-09 15:00',
      '2026-03-08 04:30',
      '2026-03-09 09:00',
      '2026-03-08 05:30',
      '2026-03-13 09:00', // a Sunday: next week's Friday
      '2026-03-09 09:00',
      '2026-03-20 09:00',
      '2026-03-08 18:00',
    ]);
  });
});

describe('snoozePresets', () => {
  const presets = (now: string, timeZone = 'Asia/Tokyo') =>
    snoozePresets({ now: new Date(now), timeZone }).map(({ id, until }) => [id, wallClock(until, timeZone)]);

  it('offers later today, this evening, tomorrow morning and next Monday on a weekday morning', () => {
    expect(presets('2026-01-15T10:00:00+09:00')).toEqual([
      ['later-today', '2026-01-15 13:00'],
      ['this-evening', '2026-01-15 18:00'],
      ['tomorrow-morning', '2026-01-16 09:00'],
      ['next-monday', '2026-01-19 09:00'],
    ]);
  });

  it('leaves out this evening once three hours from now reach it', () => {
    expect(presets('2026-01-15T14:59:00+09:00').map(([id]) => id)).toContain('this-evening');
    expect(presets('2026-01-15T16:00:00+09:00')).toEqual([
      ['later-today', '2026-01-15 19:00'],
      ['tomorrow-morning', '2026-01-16 09:00'],
      ['next-monday', '2026-01-19 09:00'],
    ]);
  });

  it('leaves out later today once three hours from now are tomorrow', () => {
    expect(presets('2026-01-15T22:00:00+09:00')).toEqual([
      ['tomorrow-morning', '2026-01-16 09:00'],
      ['next-monday', '2026-01-19 09:00'],
    ]);
  });

  it('offers next Monday once when it is tomorrow morning', () => {
    expect(presets('2026-01-18T10:00:00+09:00').map(([id]) => id)).toEqual([
      'later-today',
      'this-evening',
      'tomorrow-morning',
    ]);
    expect(presets('2026-01-19T10:00:00+09:00').at(-1)).toEqual(['next-monday', '2026-01-26 09:00']);
  });

  it('crosses a month and a year', () => {
    expect(presets('2026-12-31T20:00:00+09:00')).toEqual([
      ['later-today', '2026-12-31 23:00'],
      ['tomorrow-morning', '2027-01-01 09:00'],
      ['next-monday', '2027-01-04 09:00'],
    ]);
  });

  it('keeps to the person’s zone across a change of summer time', () => {
    const [laterToday, , tomorrowMorning] = snoozePresets({
      now: new Date('2026-03-07T17:00:00Z'),
      timeZone: 'America/New_York',
    });
    expect(laterToday?.until.toISOString()).toBe('2026-03-07T20:00:00.000Z'); // 15:00 EST
    expect(tomorrowMorning?.until.toISOString()).toBe('2026-03-08T13:00:00.000Z'); // 09:00 EDT
  });

  it('mean what the same words typed mean', () => {
    const clock = tokyoThursday;
    const byId = Object.fromEntries(snoozePresets(clock).map(({ id, until }) => [id, until.getTime()]));
    const typed = (phrase: string, language: Language) => {
      const reading = parseSnoozePhrase(phrase, { ...clock, language });
      return reading.ok ? reading.until.getTime() : reading.reason;
    };
    expect(typed('in 3 hours', 'en')).toBe(byId['later-today']);
    expect(typed('3時間後', 'jp')).toBe(byId['later-today']);
    expect(typed('this evening', 'en')).toBe(byId['this-evening']);
    expect(typed('今日の夕方', 'jp')).toBe(byId['this-evening']);
    expect(typed('tomorrow morning', 'en')).toBe(byId['tomorrow-morning']);
    expect(typed('明日の朝', 'jp')).toBe(byId['tomorrow-morning']);
    expect(typed('next monday', 'en')).toBe(byId['next-monday']);
    expect(typed('来週月曜の朝', 'jp')).toBe(byId['next-monday']);
  });
});

describe('formatSnoozeTime', () => {
  const clock = tokyoThursday;
  const friday = new Date('2026-01-16T18:00:00+09:00');
  const newYear = new Date('2027-01-01T09:00:00+09:00');

  it('writes the weekday, date and 24-hour time in each language', () => {
    expect(formatSnoozeTime(friday, { ...clock, language: 'en' })).toBe('Fri 16 Jan, 18:00');
    expect(formatSnoozeTime(friday, { ...clock, language: 'jp' })).toBe('1月16日(金) 18:00');
    expect(formatSnoozeTime(new Date('2026-09-07T09:05:00+09:00'), { ...clock, language: 'en' })).toBe(
      'Mon 7 Sep, 09:05',
    );
  });

  it('adds the year when it is not this year', () => {
    expect(formatSnoozeTime(newYear, { ...clock, language: 'en' })).toBe('Fri 1 Jan 2027, 09:00');
    expect(formatSnoozeTime(newYear, { ...clock, language: 'jp' })).toBe('2027年1月1日(金) 09:00');
  });

  it('shows the time in the person’s zone', () => {
    const newYork = { now: clock.now, timeZone: 'America/New_York' };
    expect(formatSnoozeTime(friday, { ...newYork, language: 'en' })).toBe('Fri 16 Jan, 04:00');
    // In New York it is still 2026 at that instant, so no year.
    expect(formatSnoozeTime(newYear, { ...newYork, language: 'en' })).toBe('Thu 31 Dec, 19:00');
  });
});
