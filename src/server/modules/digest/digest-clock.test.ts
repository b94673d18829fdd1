import { describe, expect, it } from 'vitest';
import { dueDigestDay } from './digest-clock.ts';

describe('dueDigestDay', () => {
  it('is the local day once the local time has come, for up to three hours', () => {
    expect(dueDigestDay(new Date('2026-12-01T23:30:00Z'), '08:30', 'Asia/Tokyo')).toBe('2026-12-02');
    expect(dueDigestDay(new Date('2026-12-02T02:30:00Z'), '08:30', 'Asia/Tokyo')).toBe('2026-12-02');
    expect(dueDigestDay(new Date('2026-12-02T02:31:00Z'), '08:30', 'Asia/Tokyo')).toBeNull();
    expect(dueDigestDay(new Date('2026-12-01T23:29:00Z'), '08:30', 'Asia/Tokyo')).toBeNull();
  });

  it('follows the zone’s offset, daylight saving included', () => {
    // New York is UTC-4 in summer and UTC-5 in winter.
    expect(dueDigestDay(new Date('2026-07-01T12:30:00Z'), '08:30', 'America/New_York')).toBe('2026-07-01');
    expect(dueDigestDay(new Date('2026-12-01T12:30:00Z'), '08:30', 'America/New_York')).toBeNull();
    expect(dueDigestDay(new Date('2026-12-01T13:30:00Z'), '08:30', 'America/New_York')).toBe('2026-12-01');
  });

  it('counts a run just after midnight for the day of a time just before it', () => {
    expect(dueDigestDay(new Date('2026-12-31T23:10:00Z'), '23:50', 'UTC')).toBeNull();
    expect(dueDigestDay(new Date('2027-01-01T00:20:00Z'), '23:50', 'UTC')).toBe('2026-12-31');
  });
});
