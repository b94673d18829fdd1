import type { Redis } from 'ioredis';

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

export interface SearchBudget {
  /**
   * Spends `essential` searches (all or none) and as many of `optional` as the rules allow for `spender` (a
   * connection) in `workspace`; answers how many optional ones may run, or when to try again.
   */
  take(workspace: string, spender: string, essential: number, optional: number): Promise<SearchGrant>;
}

/** The budget of one process; `createRedisSearchBudget` counts the same for every instance. */
export function createSearchBudget(options: SearchBudgetOptions): SearchBudget {
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
    async take(workspace, spender, essential, optional) {
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

/** The same rules in one atomic step in Redis: the window's start and count in a hash, its spenders in a set. */
const TAKE_SCRIPT = `
local now, windowMs, perMinute, reserve = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local spender, essential, optional = ARGV[5], tonumber(ARGV[6]), tonumber(ARGV[7])
local start = tonumber(redis.call('hget', KEYS[1], 'start'))
if not start or now >= start + windowMs then
  start = now
  redis.call('del', KEYS[1], KEYS[2])
  redis.call('hset', KEYS[1], 'start', start, 'spent', 0)
  redis.call('pexpire', KEYS[1], windowMs * 2)
end
local remaining = perMinute - tonumber(redis.call('hget', KEYS[1], 'spent'))
local repeated = redis.call('sismember', KEYS[2], spender) == 1
if essential > 0 and remaining < essential + (repeated and reserve or 0) then
  return {0, start + windowMs - now}
end
local granted = math.max(0, math.min(optional, remaining - essential - reserve))
redis.call('hincrby', KEYS[1], 'spent', essential + granted)
redis.call('sadd', KEYS[2], spender)
redis.call('pexpire', KEYS[2], windowMs * 2)
return {1, granted}`;

export function createRedisSearchBudget(
  redis: Redis,
  prefix: string,
  options: SearchBudgetOptions,
): SearchBudget {
  return {
    async take(workspace, spender, essential, optional) {
      const key = `${prefix}slack-search:${workspace}`;
      const [ok, amount] = (await redis.eval(
        TAKE_SCRIPT,
        2,
        `${key}:window`,
        `${key}:spenders`,
        options.clock(),
        WINDOW_MS,
        options.perMinute,
        options.reserve,
        spender,
        essential,
        optional,
      )) as [number, number];
      return ok === 1
        ? { ok: true, optional: amount }
        : { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(amount / 1000)) };
    },
  };
}
