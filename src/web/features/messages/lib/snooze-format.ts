/**
 * Snooze times in words, without the phrase reader (chrono-node): the cards' markers and the Snoozed view show times
 * this way without loading it.
 */
import type { Language } from '../../../../contract/auth.ts';
import type { SnoozeClock } from './snooze-time.ts';
import { wallClockAt, weekdayOf, type WallClock } from './zoned-time.ts';

const ENGLISH_WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const ENGLISH_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const JAPANESE_WEEKDAYS = '日月火水木金土';

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * A snooze time as it is shown back before confirming: "Fri 17 Jan, 18:00" / "1月17日(金) 18:00", with the year
 * when it is not this year ("Fri 1 Jan 2027, 09:00" / "2027年1月1日(金) 09:00"). The names are fixed here rather than
 * taken from Intl, whose English month abbreviations differ between engines ("Sep", "Sept").
 */
export function formatSnoozeTime(
  until: Date,
  { language, timeZone, now }: SnoozeClock & { language: Language },
): string {
  const wall: WallClock = wallClockAt(until, timeZone);
  const weekday = weekdayOf(wall);
  const time = `${twoDigits(wall.hour)}:${twoDigits(wall.minute)}`;
  const otherYear = wall.year !== wallClockAt(now, timeZone).year;
  if (language === 'jp') {
    return `${otherYear ? `${wall.year}年` : ''}${wall.month}月${wall.day}日(${JAPANESE_WEEKDAYS[weekday]}) ${time}`;
  }
  const date = `${ENGLISH_WEEKDAYS[weekday]} ${wall.day} ${ENGLISH_MONTHS[wall.month - 1]}`;
  return `${date}${otherYear ? ` ${wall.year}` : ''}, ${time}`;
}
