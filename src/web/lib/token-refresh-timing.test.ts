import { describe, expect, it } from 'vitest';
import { renewDelayMs } from './token-refresh-timing.ts';

const MINUTE = 60_000;
const now = Date.UTC(2025, 0, 1, 9, 0, 0);
const expiringIn = (ms: number) => (now + ms) / 1000;

describe('renewDelayMs', () => {
  it('renews a 15-minute token a minute before it expires', () => {
    expect(renewDelayMs(expiringIn(15 * MINUTE), now)).toBe(14 * MINUTE);
  });

  it('renews soon, but not in a tight loop, a token that is nearly or already expired or unreadable', () => {
    expect(renewDelayMs(expiringIn(30_000), now)).toBe(5_000);
    expect(renewDelayMs(expiringIn(-MINUTE), now)).toBe(5_000);
    expect(renewDelayMs(null, now)).toBe(5_000);
  });
});
