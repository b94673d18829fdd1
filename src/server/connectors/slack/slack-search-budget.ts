import type { Redis } from 'ioredis';
import { TimestampLogs, uniqueTag, waitForRoom, type Clock } from '../../lib/sliding-window.ts';

/**
 * Slack's `search.messages` is Tier 2: 20 calls a minute per app and workspace, shared by every Matome user of that
 * workspace (docs.slack.dev/apis/web-api/rate-limits). One gathering asks for several searches at once (decision
 * 050), so the budget is handed out per gathering, fairly:
 * - a gathering's essential searches (mentions of me, DMs, group DMs) run all or not at all;
 * - its optional searches (all-mentions, user-group mentions) never take the last `reserve` searches of the
 *   minute, which stay for someone else's essentials;
 * - a user's first gathering in a minute may use that reserve for its essentials; a second one may not.
 * So one user, however often they gather, always leaves room for another user's essential searches.
 *
 * "The minute" slides (decision 146): the searches spent are those of the last 60 s, and a gathering is a repeat
 * when the same spender took within the last 60 s. Fixed windows let twice the limit through across their edge.
 */
export type SearchBudgetOptions = {
  perMinute: number;
  /** Searches kept back from optional and repeated use: one gathering's essential searches. */
  reserve: number;
  clock: Clock;
  /** The sliding window counted: Slack's minute and the margin of `SLACK_LIMIT_WINDOW_MS` (slack-client.ts). */
  windowMs: number;
};

export type SearchGrant = { ok: true; optional: number } | { ok: false; retryAfterSeconds: number };

export interface SearchBudget {
  /**
   * Spends `essential` searches (all or none) and as many of `optional` as the rules allow for `spender` (a
   * connection) in `workspace`; answers how many optional ones may run, or when to try again.
   */
  take(workspace: string, spender: string, essential: number, optional: number): Promise<SearchGrant>;
  /** Searches of `workspace` still unspent in the last 60 s (the reserve included), for a health display. */
  left(workspace: string): Promise<number>;
}

/** How many optional searches a take gets, or undefined when its essential ones do not fit. */
function grantedOptional(
  options: SearchBudgetOptions,
  spent: number,
  repeat: boolean,
  essential: number,
  optional: number,
): number | undefined {
  const remaining = options.perMinute - spent;
  if (essential > 0 && remaining < essential + (repeat ? options.reserve : 0)) return undefined;
  return Math.max(0, Math.min(optional, remaining - essential - options.reserve));
}

/**
 * When a refused take would succeed: once enough of the oldest searches (`spentTimes`, oldest first) have left
 * for its essentials, plus the reserve while it is a repeat; or, for a repeat, once its own last take has left
 * the window too and it may use the reserve again, whichever comes first.
 */
function retryAfterSeconds(
  options: SearchBudgetOptions,
  spentTimes: readonly number[],
  lastTakeMs: number | undefined,
  essential: number,
  now: number,
): number {
  const waitFor = (count: number) => waitForRoom(spentTimes, count, options.perMinute, options.windowMs, now);
  let waitMs = waitFor(essential + (lastTakeMs === undefined ? 0 : options.reserve));
  if (lastTakeMs !== undefined) {
    waitMs = Math.min(waitMs, Math.max(lastTakeMs + options.windowMs - now, waitFor(essential)));
  }
  return Math.max(1, Math.ceil(waitMs / 1000));
}

function refuseImpossible(options: SearchBudgetOptions, essential: number): void {
  if (essential > options.perMinute) {
    throw new RangeError(`${essential} essential searches can never fit in ${options.perMinute} a minute`);
  }
}

/** The budget of one process; `createRedisSearchBudget` counts the same for every instance. */
export function createSearchBudget(options: SearchBudgetOptions): SearchBudget {
  const searches = new TimestampLogs(options.clock);
  /** One entry per take, under workspace and spender: its newest is the spender's last take. */
  const takes = new TimestampLogs(options.clock);
  const spenderKey = (workspace: string, spender: string) => `${workspace}\u0000${spender}`;

  return {
    async take(workspace, spender, essential, optional) {
      refuseImpossible(options, essential);
      const now = options.clock();
      const spentTimes = searches.inWindow(workspace, options.windowMs);
      const lastTakeMs = takes.inWindow(spenderKey(workspace, spender), options.windowMs).at(-1);
      const granted = grantedOptional(
        options,
        spentTimes.length,
        lastTakeMs !== undefined,
        essential,
        optional,
      );
      if (granted === undefined) {
        return {
          ok: false,
          retryAfterSeconds: retryAfterSeconds(options, spentTimes, lastTakeMs, essential, now),
        };
      }
      searches.add(workspace, essential + granted, options.windowMs);
      takes.add(spenderKey(workspace, spender), 1, options.windowMs);
      return { ok: true, optional: granted };
    },
    async left(workspace) {
      return Math.max(0, options.perMinute - searches.inWindow(workspace, options.windowMs).length);
    },
  };
}

/**
 * The same rules in one atomic step in Redis. KEYS[1]: a sorted set with one member per search, scored by its
 * time; KEYS[2]: a sorted set of spenders scored by their last take. Both are trimmed to the last minute first.
 * Answers {1, optional searches granted}, or when refused {0, the spender's last take or -1, the times of the
 * searches in the window, oldest first}, from which the caller works out when to try again.
 */
const TAKE_SCRIPT = `
local now, windowMs, perMinute, reserve = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local spender, essential, optional = ARGV[5], tonumber(ARGV[6]), tonumber(ARGV[7])
local member = ARGV[1] .. ':' .. ARGV[8] .. ':'
redis.call('zremrangebyscore', KEYS[1], '-inf', now - windowMs)
redis.call('zremrangebyscore', KEYS[2], '-inf', now - windowMs)
local remaining = perMinute - redis.call('zcard', KEYS[1])
local lastTake = redis.call('zscore', KEYS[2], spender)
if essential > 0 and remaining < essential + (lastTake and reserve or 0) then
  local answer = {0, lastTake or -1}
  local scored = redis.call('zrange', KEYS[1], 0, -1, 'WITHSCORES')
  for n = 2, #scored, 2 do answer[#answer + 1] = scored[n] end
  return answer
end
local granted = math.max(0, math.min(optional, remaining - essential - reserve))
for n = 1, essential + granted do redis.call('zadd', KEYS[1], now, member .. n) end
redis.call('zadd', KEYS[2], now, spender)
redis.call('pexpire', KEYS[1], windowMs)
redis.call('pexpire', KEYS[2], windowMs)
return {1, granted}`;

export function createRedisSearchBudget(
  redis: Redis,
  prefix: string,
  options: SearchBudgetOptions,
): SearchBudget {
  const keyOf = (workspace: string) => `${prefix}slack-search:${workspace}`;
  return {
    async take(workspace, spender, essential, optional) {
      refuseImpossible(options, essential);
      const now = options.clock();
      const key = keyOf(workspace);
      const [ok, ...rest] = (await redis.eval(
        TAKE_SCRIPT,
        2,
        `${key}:searches`,
        `${key}:spenders`,
        now,
        options.windowMs,
        options.perMinute,
        options.reserve,
        spender,
        essential,
        optional,
        uniqueTag(),
      )) as [number, ...(number | string)[]];
      if (ok === 1) return { ok: true, optional: Number(rest[0]) };
      const [lastTake, ...spentTimes] = rest.map(Number);
      const lastTakeMs = lastTake === undefined || lastTake < 0 ? undefined : lastTake;
      return {
        ok: false,
        retryAfterSeconds: retryAfterSeconds(options, spentTimes, lastTakeMs, essential, now),
      };
    },
    async left(workspace) {
      const spent = await redis.zcount(
        `${keyOf(workspace)}:searches`,
        `(${options.clock() - options.windowMs}`,
        '+inf',
      );
      return Math.max(0, options.perMinute - spent);
    },
  };
}
