import { describe, expect, it } from 'vitest';
import {
  compareNames,
  formatFileSize,
  formatLongDate,
  formatTimeOfDay,
  prepareNameOrder,
  prepareTimeOfDay,
} from './intl-format.ts';

describe('formatFileSize', () => {
  it.each(['en', 'jp'] as const)('writes sizes with the same units in %s', (language) => {
    expect(formatFileSize(900, language)).toBe('900 B');
    expect(formatFileSize(96_123, language)).toBe('93.9 KB');
    expect(formatFileSize(5 * 1024 * 1024, language)).toBe('5 MB');
    expect(formatFileSize(3.25 * 1024 ** 3, language)).toBe('3.3 GB');
  });

  it('groups the digits of a large number as the language does', () => {
    expect(formatFileSize(2000 * 1024 ** 3, 'en')).toBe('2,000 GB');
  });
});

describe('formatLongDate', () => {
  // Noon UTC, so the day is the same in any zone the tests run in.
  const day = Date.UTC(2026, 10, 29, 12);

  it('names the weekday, month and day in each language', () => {
    expect(formatLongDate(day, 'en')).toBe('Sunday, November 29');
    expect(formatLongDate(day, 'jp')).toBe('11月29日日曜日');
  });
});

describe('compareNames', () => {
  it('orders names as the browser’s own localeCompare does, not by code point', () => {
    const names = ['zoe', 'Émile', 'adam', 'Zack', 'éva'];
    expect([...names].sort(compareNames)).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect([...names].sort(compareNames)).not.toEqual([...names].sort());
  });
});

describe('formats made ahead of their first use', () => {
  it('are the ones the list formats and orders with afterwards, made once per language', () => {
    const morning = new Date(2026, 10, 29, 9, 5).getTime();
    const english = prepareTimeOfDay('en');
    expect(prepareTimeOfDay('en')).toBe(english);
    expect(prepareTimeOfDay('jp')).not.toBe(english);
    expect(formatTimeOfDay(morning, 'en')).toBe(english.format(morning));
    expect(formatTimeOfDay(morning, 'jp')).toBe('09:05');
    const collator = prepareNameOrder();
    expect(prepareNameOrder()).toBe(collator);
    expect(compareNames('adam', 'Émile')).toBe(collator.compare('adam', 'Émile'));
  });
});
