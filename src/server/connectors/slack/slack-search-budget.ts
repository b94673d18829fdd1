/**
 * Slack's `search.messages` is Tier 2: 20 calls a minute per app and workspace, shared by every Matome user of that
 * workspace (docs.slack.dev/apis/web-api/rate-limits). One gathering asks for several searches at once (decision
 * 050), so the budget is handed out per gathering, fairly:
 * - a gathering's essential searches (mentions of me, DMs, group DMs) run all or not at all;
 * - its optional searches (all-mentions, user-group mentions) never take the last `reserve` searches of the
 *   minute, which stay for someone else's essentials;
 * - a user's first gathering in a minute may use that reserve for its essentials; a second one may not.
 * So one user, however often they gather, always leaves room for another user's essential searches.
 */
export type SearchBudgetOptions = {
  perMinute: number;
  /** Searches kept back from optional and repeated use: one gathering's essential searches. */
  reserve: number;
  /** Milliseconds since the epoch. */
  clock: () => number;
};

export type SearchGrant = { ok: true; optional: number } | { ok: false; retryAfterSeconds: number };

const WINDOW_MS = 60_000;

export function createSearchBudget(options: SearchBudgetOptions) {
  const windows = new Map<string, { startMs: number; spent: number; spenders: Set<string> }>();

  function windowOf(workspace: string) {
    const now = options.clock();
    let window = windows.get(workspace);
    if (!window || now >= window.startMs + WINDOW_MS) {
      window = { startMs: now, spent: 0, spenders: new Set() };
      windows.set(workspace, window);
    }
    return window;
  }

  return {
    /**
     * Spends `essential` searches (all or none) and as many of `optional` as the rules allow for `spender` (a
     * connection) in `workspace`; answers how many optional ones may run, or when to try again.
     */
    take(workspace: string, spender: string, essential: number, optional: number): SearchGrant {
      const window = windowOf(workspace);
      const remaining = options.perMinute - window.spent;
      const repeat = window.spenders.has(spender);
      if (essential > 0 && remaining < essential + (repeat ? options.reserve : 0)) {
        const waitMs = window.startMs + WINDOW_MS - options.clock();
        return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
      }
      const granted = Math.max(0, Math.min(optional, remaining - essential - options.reserve));
      window.spent += essential + granted;
      window.spenders.add(spender);
      return { ok: true, optional: granted };
    },
  };
}

export type SearchBudget = ReturnType<typeof createSearchBudget>;
