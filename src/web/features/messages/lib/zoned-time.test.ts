import { describe, expect, it } from 'vitest';
import { addDays, addMonths, instantAt, mondayOf, wallClockAt, weekdayOf } from './zoned-time.ts';

describe('wallClockAt', () => {
  it('shows the clock of the zone, not of the machine', () => {
    const instant = new Date('2026-01-15T01:00:00Z');
    expect(wallClockAt(instant, 'Asia/Tokyo')).toEqual({
      year: 2026,
      month: 1,
      day: 15,
      hour: 10,
      minute: 0,
    });
    expect(wallClockAt(instant, 'America/New_York')).toEqual({
      year: 2026,
      month: 1,
      day: 14,
      hour: 20,
      minute: 0,
    });
  });

  it('shows midnight as 00, not 24', () => {
    expect(wallClockAt(new Date('2026-01-15T15:00:00Z'), 'Asia/Tokyo').hour).toBe(0);
  });
});

describe('instantAt', () => {
  it('finds the instant a clock in the zone shows a time', () => {
    const wall = { year: 2026, month: 1, day: 16, hour: 9, minute: 0 };
    expect(instantAt(wall, 'Asia/Tokyo').toISOString()).toBe('2026-01-16T00:00:00.000Z');
    expect(instantAt(wall, 'Europe/London').toISOString()).toBe('2026-01-16T09:00:00.000Z');
    expect(instantAt(wall, 'America/New_York').toISOString()).toBe('2026-01-16T14:00:00.000Z');
  });

  it('uses the offset of the day itself, on both sides of a change of summer time', () => {
    const morning = (day: number) => ({ year: 2026, month: 3, day, hour: 9, minute: 0 });
    expect(instantAt(morning(7), 'America/New_York').toISOString()).toBe('2026-03-07T14:00:00.000Z');
    expect(instantAt(morning(8), 'America/New_York').toISOString()).toBe('2026-03-08T13:00:00.000Z');
    expect(instantAt(morning(28), 'Europe/London').toISOString()).toBe('2026-03-28T09:00:00.000Z');
    expect(instantAt(morning(29), 'Europe/London').toISOString()).toBe('2026-03-29T08:00:00.000Z');
  });

  it('moves a time the clocks skip forward by the length of the skip', () => {
    const skipped = { year: 2026, month: 3, day: 8, hour: 2, minute: 30 };
    // 02:30 does not exist in New York on 8 March 2026: it is 03:30 EDT.
    expect(instantAt(skipped, 'America/New_York').toISOString()).toBe('2026-03-08T07:30:00.000Z');
  });

  it('takes a time the clocks show twice the first time', () => {
    const twice = { year: 2026, month: 11, day: 1, hour: 1, minute: 30 };
    // 01:30 EDT (05:30Z) comes before 01:30 EST (06:30Z).
    expect(instantAt(twice, 'America/New_York').toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });

  it('round-trips with wallClockAt', () => {
    const wall = { year: 2028, month: 2, day: 29, hour: 23, minute: 45 };
    for (const zone of ['Asia/Tokyo', 'America/New_York', 'Europe/London', 'Asia/Kolkata']) {
      expect(wallClockAt(instantAt(wall, zone), zone)).toEqual(wall);
    }
  });
});

describe('calendar days', () => {
  it('adds days across months, years and a leap day', () => {
    expect(addDays({ year: 2026, month: 1, day: 31 }, 1)).toEqual({ year: 2026, month: 2, day: 1 });
    expect(addDays({ year: 2026, month: 12, day: 31 }, 1)).toEqual({ year: 2027, month: 1, day: 1 });
    expect(addDays({ year: 2028, month: 2, day: 28 }, 1)).toEqual({ year: 2028, month: 2, day: 29 });
    expect(addDays({ year: 2026, month: 3, day: 1 }, -1)).toEqual({ year: 2026, month: 2, day: 28 });
  });

  it('adds months, keeping to the last day of a shorter month', () => {
    expect(addMonths({ year: 2026, month: 1, day: 31 }, 1)).toEqual({ year: 2026, month: 2, day: 28 });
    expect(addMonths({ year: 2026, month: 12, day: 15 }, 1)).toEqual({ year: 2027, month: 1, day: 15 });
    expect(addMonths({ year: 2028, month: 2, day: 29 }, 12)).toEqual({ year: 2029, month: 2, day: 28 });
  });

  it('knows the weekday and the Monday that begins the week', () => {
    expect(weekdayOf({ year: 2026, month: 1, day: 15 })).toBe(4);
    expect(mondayOf({ year: 2026, month: 1, day: 15 })).toEqual({ year: 2026, month: 1, day: 12 });
    expect(mondayOf({ year: 2026, month: 1, day: 18 })).toEqual({ year: 2026, month: 1, day: 12 });
    expect(mondayOf({ year: 2026, month: 1, day: 19 })).toEqual({ year: 2026, month: 1, day: 19 });
  });
});
