import { describe, expect, it } from 'vitest';
import { quietHoursEndAt } from './quiet-hours.ts';

const at = (iso: string) => new Date(iso);

describe('quiet hours', () => {
  it('hold across midnight in their own time zone', () => {
    const night = { start: '22:00', end: '07:00', time_zone: 'Asia/Tokyo' };
    // 23:30 in Tokyo is 14:30 UTC; the hours end at 07:00 Tokyo, 22:00 UTC.
    expect(quietHoursEndAt(night, at('2026-11-28T14:30:00Z'))?.toISOString()).toBe(
      '2026-11-28T22:00:00.000Z',
    );
    // 03:15 in Tokyo, after midnight.
    expect(quietHoursEndAt(night, at('2026-11-28T18:15:00Z'))?.toISOString()).toBe(
      '2026-11-28T22:00:00.000Z',
    );
    // 07:00 and 12:00 in Tokyo are outside them; 22:00 starts them.
    expect(quietHoursEndAt(night, at('2026-11-28T22:00:00Z'))).toBeNull();
    expect(quietHoursEndAt(night, at('2026-11-29T03:00:00Z'))).toBeNull();
    expect(quietHoursEndAt(night, at('2026-11-29T13:00:00Z'))?.toISOString()).toBe(
      '2026-11-29T22:00:00.000Z',
    );
  });

  it('read the same instant differently in other time zones', () => {
    const instant = at('2026-11-28T14:30:00Z');
    expect(
      quietHoursEndAt({ start: '22:00', end: '07:00', time_zone: 'Asia/Tokyo' }, instant),
    ).not.toBeNull();
    // 09:30 in New York (EST).
    expect(
      quietHoursEndAt({ start: '22:00', end: '07:00', time_zone: 'America/New_York' }, instant),
    ).toBeNull();
    expect(
      quietHoursEndAt(
        { start: '09:00', end: '17:00', time_zone: 'America/New_York' },
        instant,
      )?.toISOString(),
    ).toBe('2026-11-28T22:00:00.000Z');
  });

  it('are never on without a setting', () => {
    expect(quietHoursEndAt(null, at('2026-11-28T14:30:00Z'))).toBeNull();
  });
});
