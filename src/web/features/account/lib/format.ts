import { currentLanguage } from '../../../lib/i18n.ts';
import { toBcp47 } from '../../../lib/language.ts';

/** "January 5, 2026" or "2026年1月5日". */
export function formatLongDate(iso: string): string {
  return new Intl.DateTimeFormat(toBcp47(currentLanguage()), { dateStyle: 'long' }).format(new Date(iso));
}

/** A chart day ("2026-11-24", UTC) as "11/24". */
export function formatShortDay(day: string): string {
  return new Intl.DateTimeFormat(toBcp47(currentLanguage()), {
    month: 'numeric',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}
