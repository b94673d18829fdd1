export interface LimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** When the current window ends, in epoch milliseconds. */
  resetAtMs: number;
}

/** Counts calls per key in fixed windows, the way both providers describe their limits. */
export class FixedWindowLimiter {
  private readonly windows = new Map<string, { startMs: number; count: number }>();

  hit(key: string, limit: number, windowMs: number, nowMs: number): LimitDecision {
    let window = this.windows.get(key);
    if (!window || nowMs >= window.startMs + windowMs) {
      window = { startMs: nowMs, count: 0 };
      this.windows.set(key, window);
    }
    const resetAtMs = window.startMs + windowMs;
    if (window.count >= limit) return { allowed: false, limit, remaining: 0, resetAtMs };
    window.count += 1;
    return { allowed: true, limit, remaining: limit - window.count, resetAtMs };
  }

  clear(): void {
    this.windows.clear();
  }
}
