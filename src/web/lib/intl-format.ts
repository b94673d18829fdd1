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
