import { currentLanguage } from '../../../lib/i18n.ts';
import { toBcp47 } from '../../../lib/language.ts';

/** A period date as the reader writes dates: "December 1, 2026" or "2026年12月1日". */
export function formatPeriodDate(iso: string): string {
  return new Intl.DateTimeFormat(toBcp47(currentLanguage()), { dateStyle: 'long' }).format(new Date(iso));
}
