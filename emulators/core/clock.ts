/**
 * The emulator's notion of "now". Tests move it forward to expire codes, tokens and rate-limit windows without
 * waiting; it otherwise follows the real clock.
 */
export class Clock {
  private offsetMs = 0;

  now(): number {
    return Date.now() + this.offsetMs;
  }

  nowSeconds(): number {
    return Math.floor(this.now() / 1000);
  }

  set(atMs: number): void {
    this.offsetMs = atMs - Date.now();
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }

  reset(): void {
    this.offsetMs = 0;
  }
}
