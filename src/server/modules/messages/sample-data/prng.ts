/** 32-bit FNV-1a: a stable seed from text. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * mulberry32: small, fast and good enough for sample data. The same seed gives the same sequence on every
 * platform and Node version, which Math.random cannot promise.
 */
export function createPrng(seed: number) {
  let state = seed >>> 0;

  function next(): number {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  function int(min: number, max: number): number {
    return min + Math.floor(next() * (max - min + 1));
  }

  function pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('cannot pick from an empty list');
    return items[Math.floor(next() * items.length)]!;
  }

  function chance(probability: number): boolean {
    return next() < probability;
  }

  /** A shuffled copy (Fisher–Yates). */
  function shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let index = copy.length - 1; index > 0; index -= 1) {
      const other = Math.floor(next() * (index + 1));
      [copy[index], copy[other]] = [copy[other]!, copy[index]!];
    }
    return copy;
  }

  /** `count` distinct integers from [min, max], ascending. */
  function distinctSorted(count: number, min: number, max: number): number[] {
    const span = max - min + 1;
    if (count > span) throw new RangeError(`cannot pick ${count} distinct values from ${span}`);
    const chosen = new Set<number>();
    while (chosen.size < count) chosen.add(int(min, max));
    return [...chosen].sort((a, b) => a - b);
  }

  /** Upper-case letters and digits, as in Slack and ChatWork ids. */
  function code(length: number): string {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
    let result = '';
    for (let index = 0; index < length; index += 1) result += alphabet[Math.floor(next() * alphabet.length)];
    return result;
  }

  return { next, int, pick, chance, shuffle, distinctSorted, code };
}

export type Prng = ReturnType<typeof createPrng>;
