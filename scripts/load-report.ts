import { credentialDigest, type CallCount } from '../emulators/core/call-counts.ts';
import { SANDBOX_SLACK_APP_TOKEN } from '../emulators/sandbox-seed/sandbox-slack-seed.ts';
import { slackAppMethods } from '../emulators/slack/slack-event-authorizations.ts';
import { slackMethods } from '../emulators/slack/slack-methods.ts';
import {
  LOAD_USER_GROUPS,
  LOAD_WORKSPACES,
  loadChatworkToken,
  loadSlackToken,
  loadTeamId,
  membersOf,
  workspacesOf,
} from './load-seed.ts';

/**
 * The figures of the load scenario, worked out from the emulators' call counts against the limits Slack and
 * ChatWork publish (shared/providers/slack.md, Tiers: Tier 2 20+/min, Tier 3 50+/min, Tier 4 100+/min, per
 * workspace, app and method; chatwork.md: 300 requests per 5 minutes per token). The app counts Slack's limits over a
 * sliding minute (decision 146): no 60 s, wherever it starts, may hold more calls of a method per workspace than its
 * tier, so the most in any sliding 60 s is held against the tier itself.
 */

const CHATWORK_LIMIT = 300;
const CHATWORK_WINDOW_SECONDS = 300;
const tierNames: Record<number, string> = { 20: 'Tier 2', 50: 'Tier 3', 100: 'Tier 4' };

export function percentile(values: number[], fraction: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

/** The most calls in any `windowSeconds` seconds, from counts per second. */
function peakInWindow(perSecond: Map<number, number>, windowSeconds: number): number {
  const seconds = [...perSecond.keys()].sort((x, y) => x - y);
  let peak = 0;
  let sum = 0;
  let first = 0;
  for (const second of seconds) {
    sum += perSecond.get(second)!;
    while (seconds[first]! <= second - windowSeconds) sum -= perSecond.get(seconds[first++]!)!;
    peak = Math.max(peak, sum);
  }
  return peak;
}

type Series = { perSecond: Map<number, number>; total: number; refused: number };

function group(calls: CallCount[], keyOf: (call: CallCount) => string | undefined): Map<string, Series> {
  const groups = new Map<string, Series>();
  for (const call of calls) {
    const key = keyOf(call);
    if (key === undefined) continue;
    const series = groups.get(key) ?? { perSecond: new Map(), total: 0, refused: 0 };
    groups.set(key, series);
    if (call.refused) {
      series.refused += call.count;
      continue;
    }
    series.perSecond.set(call.second, (series.perSecond.get(call.second) ?? 0) + call.count);
    series.total += call.count;
  }
  return groups;
}

export type ProviderFigures = {
  lines: string[];
  exceeded: string[];
  /** `most calls in any sliding 60 s: …`, per method the most over workspaces beside its tier. */
  slidingPeaks: string;
};

const limitOf = (method: string) =>
  slackMethods[method]?.perMinute ?? slackAppMethods[method]?.perMinute ?? Number.NaN;

/** Slack per workspace and method, ChatWork per token; `minutes` is how long the calls were counted. */
export function providerFigures(
  slackCalls: CallCount[],
  chatworkCalls: CallCount[],
  userCount: number,
  minutes: number,
): ProviderFigures {
  const workspaceOfToken = new Map<string, number>();
  const chatworkTokens = new Set<string>();
  for (let user = 0; user < userCount; user += 1) {
    for (const workspace of workspacesOf(user)) {
      workspaceOfToken.set(credentialDigest(loadSlackToken(workspace, user)), workspace);
    }
    chatworkTokens.add(credentialDigest(loadChatworkToken(user)));
  }
  const lines: string[] = [];
  const exceeded: string[] = [];
  const peaks = new Map<string, { peak: number; where: string }>();
  const appToken = credentialDigest(SANDBOX_SLACK_APP_TOKEN);
  const slack = group(slackCalls, (call) => {
    // The app-level token is one for every workspace: its calls are counted together.
    const workspace = call.credential === appToken ? 'app' : workspaceOfToken.get(call.credential);
    return workspace === undefined ? undefined : `${workspace} ${call.method}`;
  });
  for (const workspace of [...Array.from({ length: LOAD_WORKSPACES }, (_, n) => n), 'app' as const]) {
    const name = workspace === 'app' ? 'app-level token (all workspaces together)' : loadTeamId(workspace);
    const methods = [...slack.entries()].filter(([key]) => key.startsWith(`${workspace} `));
    const parts = methods.sort().map(([key, series]) => {
      const method = key.slice(key.indexOf(' ') + 1);
      const limit = limitOf(method);
      const peak = peakInWindow(series.perSecond, 60);
      if (peak > (peaks.get(method)?.peak ?? -1)) peaks.set(method, { peak, where: name });
      // The emulator counts fixed one-minute windows, more leniently than the app's sliding minute (decision
      // 146): a refusal means a bug in the app's budget; a sliding 60 s above the tier is flagged below.
      if (series.refused > 0) exceeded.push(`${name} ${method}: ${series.refused} refused`);
      return `${method} ${(series.total / minutes).toFixed(1)}/min (peak ${peak} in 60 s; ${tierNames[limit] ?? 'limit'} ${limit}/min${series.refused ? `; ${series.refused} refused` : ''})`;
    });
    if (workspace !== 'app' || parts.length) lines.push(`  ${name}: ${parts.join(', ') || 'no calls'}`);
  }
  const slidingPeaks = [...peaks]
    .sort(([x], [y]) => x.localeCompare(y))
    .map(([method, { peak, where }]) => {
      const limit = limitOf(method);
      const above = peak > limit ? ` ABOVE TIER (${where})` : '';
      return `${method} ${peak} (${tierNames[limit] ?? 'limit'} ${limit})${above}`;
    });
  const searchers = new Set(
    slackCalls
      .filter((call) => call.method === 'search.messages' && !call.refused)
      .map((call) => call.credential),
  );
  lines.push(`  Slack connections searched at least once: ${searchers.size} of ${workspaceOfToken.size}`);

  const chatwork = group(chatworkCalls, (call) =>
    chatworkTokens.has(call.credential) ? call.credential : undefined,
  );
  const perToken = [...chatwork.values()];
  const chatworkPeaks = perToken.map((series) => peakInWindow(series.perSecond, CHATWORK_WINDOW_SECONDS));
  const refused = perToken.reduce((sum, series) => sum + series.refused, 0);
  const busiest = Math.max(0, ...chatworkPeaks);
  const totals = perToken.map((series) => series.total);
  lines.push(
    `  ChatWork: ${perToken.length} of ${chatworkTokens.size} tokens called; per token ${(totals.reduce((x, y) => x + y, 0) / Math.max(1, perToken.length) / minutes).toFixed(1)}/min on average, busiest ${busiest} in any 5 min (limit ${CHATWORK_LIMIT} per 5 min)${refused ? `; ${refused} refused` : ''}`,
  );
  if (refused > 0) exceeded.push(`ChatWork: ${refused} refused`);
  return {
    lines,
    exceeded,
    slidingPeaks: `most calls in any sliding 60 s: ${slidingPeaks.join(', ') || 'none'} (per method, the most of any workspace)`,
  };
}

/** Each Slack token's search.messages calls the emulator answered, by the second, earliest first. */
function searchesByToken(slackCalls: CallCount[]): Map<string, number[]> {
  const byToken = new Map<string, number[]>();
  for (const call of slackCalls) {
    if (call.method !== 'search.messages' || call.refused) continue;
    const seconds = byToken.get(call.credential) ?? [];
    byToken.set(call.credential, seconds);
    for (let k = 0; k < call.count; k += 1) seconds.push(call.second);
  }
  for (const seconds of byToken.values()) seconds.sort((x, y) => x - y);
  return byToken;
}

/** Searches a member's history needs, and those its workspace shares (decision 147). */
export const OWN_SEARCHES = 3;
export const SHARED_SEARCHES = 3 + LOAD_USER_GROUPS;

export type WorkspaceHistory = {
  workspace: number;
  members: number;
  /** Members whose token made its first 3 searches. */
  searched: number;
  searches: number;
  /** The epoch second the whole workspace's history was searched, or null when it was not within the run. */
  completeAt: number | null;
  /** search.messages calls after `completeAt`, and over how many seconds. */
  after: { calls: number; seconds: number } | null;
};

/**
 * Each workspace's history, from the emulator's calls: a member is searched once their token made 3 searches; the
 * workspace is complete at the second its last member's third search was answered and its searches reached
 * 3 a member plus the shared ones. Searches after that second are the steady state's.
 */
export function workspaceHistories(
  slackCalls: CallCount[],
  userCount: number,
  endSecond: number,
): WorkspaceHistory[] {
  const byToken = searchesByToken(slackCalls);
  return Array.from({ length: LOAD_WORKSPACES }, (_, workspace) => {
    const members = membersOf(workspace, userCount);
    const seconds = members.map(
      (user) => byToken.get(credentialDigest(loadSlackToken(workspace, user))) ?? [],
    );
    const all = seconds.flat().sort((x, y) => x - y);
    const needed = OWN_SEARCHES * members.length + SHARED_SEARCHES;
    const searched = seconds.filter((own) => own.length >= OWN_SEARCHES).length;
    const completeAt =
      searched === members.length && all.length >= needed
        ? Math.max(all[needed - 1]!, ...seconds.map((own) => own[OWN_SEARCHES - 1]!))
        : null;
    return {
      workspace,
      members: members.length,
      searched,
      searches: all.length,
      completeAt,
      after:
        completeAt === null
          ? null
          : { calls: all.filter((second) => second > completeAt).length, seconds: endSecond - completeAt },
    };
  });
}

/** How many of `pairs` (a member, a workspace, a second) had their own searches answered at or after that second. */
export function searchedSince(
  slackCalls: CallCount[],
  pairs: { user: number; workspace: number; second: number }[],
): number {
  const byToken = searchesByToken(slackCalls);
  return pairs.filter(({ user, workspace, second }) =>
    (byToken.get(credentialDigest(loadSlackToken(workspace, user))) ?? []).some((at) => at >= second),
  ).length;
}

/** Slack account answers given while the account's own 3 searches had not all been answered: catching up. */
export function catchingUpAnswers(
  slackCalls: CallCount[],
  answers: { user: number; workspace: number; second: number }[],
): number {
  const byToken = searchesByToken(slackCalls);
  return answers.filter(({ user, workspace, second }) => {
    const own = byToken.get(credentialDigest(loadSlackToken(workspace, user))) ?? [];
    return own.filter((searchedAt) => searchedAt <= second).length < OWN_SEARCHES;
  }).length;
}
