import type { Language } from '../../contract/auth.ts';
import { toBcp47 } from './language.ts';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

export type RelativeTime =
  | { kind: 'just-now' }
  | { kind: 'minutes' | 'hours' | 'days'; count: number }
  | { kind: 'date'; text: string };

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(language: Language): Intl.DateTimeFormat {
  let format = dateFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(toBcp47(language), {
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    });
    dateFormats.set(language, format);
  }
  return format;
}

/** A message's time as a date: the month, day and time, in one format wherever a card shows one (a quote's too). */
export function formatMessageDate(unixSeconds: number, language: Language): string {
  return dateFormat(language).format(new Date(unixSeconds * 1000));
}

/**
 * SPEC §9: under a minute 'just now', then minutes, hours and days ago, and from seven days on the month, day and
 * time. A time slightly in the future (clock skew between the platform and this device) reads as 'just now'.
 */
export function relativeTime(sendTimeSeconds: number, nowMs: number, language: Language): RelativeTime {
  const elapsed = Math.floor(nowMs / 1000) - sendTimeSeconds;
  if (elapsed < MINUTE) return { kind: 'just-now' };
  if (elapsed < HOUR) return { kind: 'minutes', count: Math.floor(elapsed / MINUTE) };
  if (elapsed < DAY) return { kind: 'hours', count: Math.floor(elapsed / HOUR) };
  if (elapsed < WEEK) return { kind: 'days', count: Math.floor(elapsed / DAY) };
  return { kind: 'date', text: formatMessageDate(sendTimeSeconds, language) };
}

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

/** "5 minutes ago" / "5 分前": minutes, hours and days ago as Intl words them in the reader's language. */
export function formatTimeAgo(count: number, unit: 'minutes' | 'hours' | 'days', language: Language): string {
  let format = relativeFormats.get(language);
  if (!format) {
    format = new Intl.RelativeTimeFormat(toBcp47(language), { numeric: 'always' });
    relativeFormats.set(language, format);
  }
  return format.format(-count, unit);
}
