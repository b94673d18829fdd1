import { credentialDigest, type CallCount } from '../emulators/core/call-counts.ts';
import { slackMethods } from '../emulators/slack/slack-methods.ts';
import { LOAD_WORKSPACES, loadChatworkToken, loadSlackToken, loadTeamId, workspacesOf } from './load-seed.ts';

/**
 * The figures of the load scenario, worked out from the emulators' call counts against the limits Slack and
 * ChatWork publish (shared/providers/slack.md, Tiers: Tier 2 20+/min, Tier 3 50+/min, Tier 4 100+/min, per
 * workspace, app and method; chatwork.md: 300 requests per 5 minutes per token).
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

export type ProviderFigures = { lines: string[]; exceeded: string[] };

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
  const slack = group(slackCalls, (call) => {
    const workspace = workspaceOfToken.get(call.credential);
    return workspace === undefined ? undefined : `${workspace} ${call.method}`;
  });
  for (let workspace = 0; workspace < LOAD_WORKSPACES; workspace += 1) {
    const methods = [...slack.entries()].filter(([key]) => key.startsWith(`${workspace} `));
    const parts = methods.sort().map(([key, series]) => {
      const method = key.slice(key.indexOf(' ') + 1);
      const limit = slackMethods[method]?.perMinute ?? Number.NaN;
      const peak = peakInWindow(series.perSecond, 60);
      // The emulator counts as Slack describes: fixed one-minute windows. A sliding minute may see up to two
      // windows' worth across a boundary; it is printed, and a refusal is what counts as exceeding.
      if (series.refused > 0) exceeded.push(`${loadTeamId(workspace)} ${method}: ${series.refused} refused`);
      return `${method} ${(series.total / minutes).toFixed(1)}/min (peak ${peak} in 60 s; ${tierNames[limit] ?? 'limit'} ${limit}/min${series.refused ? `; ${series.refused} refused` : ''})`;
    });
    lines.push(`  ${loadTeamId(workspace)}: ${parts.join(', ') || 'no calls'}`);
  }
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
  const peaks = perToken.map((series) => peakInWindow(series.perSecond, CHATWORK_WINDOW_SECONDS));
  const refused = perToken.reduce((sum, series) => sum + series.refused, 0);
  const busiest = Math.max(0, ...peaks);
  const totals = perToken.map((series) => series.total);
  lines.push(
    `  ChatWork: ${perToken.length} of ${chatworkTokens.size} tokens called; per token ${(totals.reduce((x, y) => x + y, 0) / Math.max(1, perToken.length) / minutes).toFixed(1)}/min on average, busiest ${busiest} in any 5 min (limit ${CHATWORK_LIMIT} per 5 min)${refused ? `; ${refused} refused` : ''}`,
  );
  if (refused > 0) exceeded.push(`ChatWork: ${refused} refused`);
  return { lines, exceeded };
}
