import { describe, expect, it } from 'vitest';
import { formatTimeAgo, relativeTime } from './relative-time.ts';

const now = Date.UTC(2026, 10, 22, 12, 0, 0);
const secondsAgo = (seconds: number) => Math.floor(now / 1000) - seconds;

describe('relativeTime', () => {
  it.each([
    [0, { kind: 'just-now' }],
    [59, { kind: 'just-now' }],
    [60, { kind: 'minutes', count: 1 }],
    [59 * 60 + 59, { kind: 'minutes', count: 59 }],
    [60 * 60, { kind: 'hours', count: 1 }],
    [24 * 3600 - 1, { kind: 'hours', count: 23 }],
    [24 * 3600, { kind: 'days', count: 1 }],
    [7 * 24 * 3600 - 1, { kind: 'days', count: 6 }],
    [-30, { kind: 'just-now' }],
  ])('%i seconds ago is %o', (seconds, expected) => {
    expect(relativeTime(secondsAgo(seconds), now, 'en')).toEqual(expected);
  });

  it('shows month, day and time from seven days on, in the reader’s language', () => {
    const sent = secondsAgo(7 * 24 * 3600);
    const english = relativeTime(sent, now, 'en');
    const japanese = relativeTime(sent, now, 'jp');
    expect(english.kind).toBe('date');
    expect(english.kind === 'date' && english.text).toMatch(/Nov 15/);
    expect(japanese.kind === 'date' && japanese.text).toMatch(/11月15日/);
  });

  it('words minutes, hours and days ago through Intl in each language', () => {
    expect(formatTimeAgo(5, 'minutes', 'en')).toBe('5 minutes ago');
    expect(formatTimeAgo(1, 'hours', 'en')).toBe('1 hour ago');
    expect(formatTimeAgo(3, 'days', 'jp')).toMatch(/^3\s?日前$/);
  });
});
