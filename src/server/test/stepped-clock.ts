const MINUTE = 60_000;

/** 00:00 of some day: tests of minute budgets speak of times as mm:ss after it. */
export const TEST_DAY = Date.UTC(2025, 0, 6);

/** mm:ss after 00:00 of `TEST_DAY`. */
export const at = (minutes: number, seconds = 0) => TEST_DAY + minutes * MINUTE + seconds * 1000;

/** A clock the test moves by hand. */
export function steppedClock(start = TEST_DAY) {
  let now = start;
  return { clock: () => now, set: (time: number) => (now = time) };
}
