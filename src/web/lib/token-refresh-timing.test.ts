import { describe, expect, it } from 'vitest';
import { isExpiringSoon, refreshDelayMs } from './token-refresh-timing.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const now = Date.UTC(2025, 0, 1, 9, 0, 0);
const expiringIn = (ms: number) => (now + ms) / 1000;

describe('isExpiringSoon', () => {
  it('is true when 12 hours or less remain', () => {
    expect(isExpiringSoon(expiringIn(12 * HOUR), now)).toBe(true);
    expect(isExpiringSoon(expiringIn(HOUR), now)).toBe(true);
  });

  it('is true for an expired token and for one whose expiry cannot be read', () => {
    expect(isExpiringSoon(expiringIn(-HOUR), now)).toBe(true);
    expect(isExpiringSoon(null, now)).toBe(true);
  });

  it('is false when more than 12 hours remain', () => {
    expect(isExpiringSoon(expiringIn(12 * HOUR + 1000), now)).toBe(false);
    expect(isExpiringSoon(expiringIn(24 * HOUR), now)).toBe(false);
  });
});

describe('refreshDelayMs', () => {
  it('schedules the refresh 12 hours before expiry', () => {
    expect(refreshDelayMs(expiringIn(24 * HOUR), now)).toBe(12 * HOUR);
    expect(refreshDelayMs(expiringIn(13 * HOUR), now)).toBe(HOUR);
  });

  it('never schedules sooner than 5 minutes from now', () => {
    expect(refreshDelayMs(expiringIn(12 * HOUR + MINUTE), now)).toBe(5 * MINUTE);
    expect(refreshDelayMs(expiringIn(6 * HOUR), now)).toBe(5 * MINUTE);
    expect(refreshDelayMs(expiringIn(5 * MINUTE + 1000), now)).toBe(5 * MINUTE);
  });

  it('skips scheduling when 5 minutes or less remain', () => {
    expect(refreshDelayMs(expiringIn(5 * MINUTE), now)).toBeNull();
    expect(refreshDelayMs(expiringIn(MINUTE), now)).toBeNull();
    expect(refreshDelayMs(expiringIn(-MINUTE), now)).toBeNull();
  });

  it('skips scheduling when the expiry cannot be read', () => {
    expect(refreshDelayMs(null, now)).toBeNull();
  });

  it('stays within what setTimeout can wait for', () => {
    expect(refreshDelayMs(expiringIn(100 * 24 * HOUR), now)).toBe(2 ** 31 - 1);
  });
});
