import type { Language } from '../../contract/auth.ts';
import { toBcp47 } from './language.ts';

/** An amount in cents as the visitor's language writes money: "$4.00" in English, "$4.00" or "US$4.00" in Japanese. */
export function formatMoney(cents: number, currency: string, language: Language): string {
  return new Intl.NumberFormat(toBcp47(language), { style: 'currency', currency }).format(cents / 100);
}

/** A month of a year: "January 2024" in English, "2024年1月" in Japanese. */
export function formatMonthYear(year: number, month: number, language: Language): string {
  return new Intl.DateTimeFormat(toBcp47(language), {
    year: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(Date.UTC(year, month - 1, 1));
}

const FILE_SIZE_UNITS = ['B', 'KB', 'MB', 'GB'] as const;
/** Number formats by language and fraction digits: making one costs more than formatting with it, and every card with files formats again. */
const fileSizeFormats = new Map<string, Intl.NumberFormat>();

/**
 * A file's size as ChatWork and most file managers write it, in units of 1,024 with the same symbols in both
 * languages ("93.9 KB"); only the number follows the language. Intl's `kilobyte` would say "kB" (1,000 bytes) in
 * English and "KB" in Japanese for the same file.
 */
export function formatFileSize(bytes: number, language: Language): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < FILE_SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const fractionDigits = unit === 0 ? 0 : 1;
  const key = `${language}:${fractionDigits}`;
  let number = fileSizeFormats.get(key);
  if (!number) {
    number = new Intl.NumberFormat(toBcp47(language), { maximumFractionDigits: fractionDigits });
    fileSizeFormats.set(key, number);
  }
  return `${number.format(value)} ${FILE_SIZE_UNITS[unit]}`;
}

/** Time formats by language: making one costs a phone tens of milliseconds, formatting with it next to nothing. */
const timeOfDayFormats = new Map<Language, Intl.DateTimeFormat>();

/** Makes the time format of `language` now, ahead of its first use (`formatTimeOfDay` makes it when first asked). */
export function prepareTimeOfDay(language: Language): Intl.DateTimeFormat {
  let format = timeOfDayFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(toBcp47(language), { hour: '2-digit', minute: '2-digit' });
    timeOfDayFormats.set(language, format);
  }
  return format;
}

/** A time of day with two-digit hours and minutes: "09:05 AM" in English, "09:05" in Japanese. */
export function formatTimeOfDay(time: number, language: Language): string {
  return prepareTimeOfDay(language).format(time);
}

/** One collator for the list's name orders: `localeCompare` looks the locale's rules up again at every comparison. */
let nameCollator: Intl.Collator | undefined;

/** Makes the collator of `compareNames` now, ahead of its first use; making it costs as much as a time format. */
export function prepareNameOrder(): Intl.Collator {
  nameCollator ??= new Intl.Collator();
  return nameCollator;
}

/** Orders two names as `a.localeCompare(b)` does, in the browser's own locale. */
export function compareNames(a: string, b: string): number {
  return prepareNameOrder().compare(a, b);
}

const longDateFormats = new Map<Language, Intl.DateTimeFormat>();

/** A day with its weekday: "Sunday, November 29" in English, "11月29日日曜日" in Japanese. */
export function formatLongDate(time: number, language: Language): string {
  let format = longDateFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(toBcp47(language), { weekday: 'long', month: 'long', day: 'numeric' });
    longDateFormats.set(language, format);
  }
  return format.format(time);
}
