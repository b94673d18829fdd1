import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { CallCount } from '../emulators/core/call-counts.ts';
import type { Completeness, ConnectionStatus, EventKind, PostedEvent } from './load-events.ts';
import {
  OWN_SEARCHES,
  SHARED_SEARCHES,
  catchingUpAnswers,
  percentile,
  searchedSince,
  workspaceHistories,
} from './load-report.ts';
import { LOAD_USER_GROUPS, loadTeamId, type SeededUser } from './load-seed.ts';
import type { Completeness as Answers } from './load-traffic.ts';

/**
 * The figures of the Slack intake in the load scenario (issue 22's "Proof", decision 147), each printed on a line
 * of its own that starts with its name.
 */

type Print = (line?: string) => void;

/** Slack's search budget per workspace, a minute (Tier 2). */
const SEARCHES_A_MINUTE = 20;

let clockTicks: number | undefined;

/** A process's user + system CPU time so far, in ms (`/proc/<pid>/stat` fields 14 and 15, in clock ticks). */
export function cpuMs(pid: number): number {
  clockTicks ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Field 2 (the command) is in parentheses and may hold spaces: count from after it, where field 3 begins.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[14 - 3]) + Number(fields[15 - 3])) * 1000) / clockTicks;
}

const ms = (value: number) => (Number.isNaN(value) ? 'n/a' : `${value.toFixed(value < 10 ? 1 : 0)} ms`);
const count = (items: PostedEvent[], kind: EventKind) => items.filter((event) => event.kind === kind).length;

export type IntakeRun = {
  users: SeededUser[];
  listeners: SeededUser[];
  posted: PostedEvent[];
  failedPosts: number;
  /** Arrival times (`performance.now()`) on the listeners' streams, by `${user index} ${message id}`. */
  arrivals: Map<string, number>;
  accounts: Answers;
  slackCalls: CallCount[];
  endSecond: number;
  runMinutes: number;
  statuses: ConnectionStatus[];
  health: unknown;
  completeness: Completeness;
  /** Instance E's CPU time over the run, in ms. */
  eventsCpuMs: number;
};

export function printIntake(print: Print, run: IntakeRun): void {
  const { posted, accounts } = run;
  print('\nSlack intake (issue 22, decision 147):');
  print(
    `events posted through the emulator to instance E: ${posted.length} (${count(posted, 'mention')} mentions, ` +
      `${count(posted, 'dm')} DMs, ${count(posted, 'here')} <!here>)${run.failedPosts ? `, ${run.failedPosts} posts failed` : ''}`,
  );

  const rateLimited = accounts.failed.RATE_LIMITED ?? 0;
  const catching = catchingUpAnswers(run.slackCalls, accounts.slack);
  print(
    `account answers RATE_LIMITED: ${rateLimited} (goal 0); of ${accounts.slack.length} Slack account answers ` +
      `${catching} came while the account was catching up (its 3 searches not yet answered, from the emulator's calls)`,
  );
  const searched = run.statuses.filter((status) => status.state !== null && status.state !== 'catching_up');
  const catchingUp = run.statuses.filter((status) => status.state === 'catching_up');
  const done = run.statuses.reduce((sum, status) => sum + status.done, 0);
  const total = run.statuses.reduce((sum, status) => sum + status.total, 0);
  const states = run.statuses.reduce<Record<string, number>>(
    (tally, status) => ({ ...tally, [status.state ?? 'none']: (tally[status.state ?? 'none'] ?? 0) + 1 }),
    {},
  );
  print(
    `history: ${searched.length} of ${run.statuses.length} Slack connections searched, ${catchingUp.length} catching up ` +
      `(done/total searches ${done}/${total}; states ${Object.entries(states)
        .map(([state, n]) => `${state} ${n}`)
        .join(', ')}; GET /api/health: ${JSON.stringify(run.health)})`,
  );

  const { pairs, found, missing, asked, failed } = run.completeness;
  const missed = [...missing].map(([kind, n]) => `${kind} ${n}`).join(', ');
  print(
    `live completeness: ${pairs ? ((found / pairs) * 100).toFixed(2) : 'n/a'} % (goal 100 %): ${found} of ${pairs} ` +
      `(message, concerned member) pairs in the member's GET /api/slack/messages, every concerned member asked ` +
      `(${asked} users${failed ? `, ${failed} answers failed` : ''})${missed ? `; missing: ${missed}` : ''}`,
  );
  if (run.completeness.missed.length)
    print(
      `  of the ${run.completeness.missed.length} missing pairs, ${searchedSince(run.slackCalls, run.completeness.missed)} ` +
        `are of members whose own searches were answered after the message was posted (the emulator's calls)`,
    );

  const listening = new Set(run.listeners.map((user) => user.index));
  const latencies: number[] = [];
  let lost = 0;
  for (const event of posted) {
    for (const index of event.concerned.filter((user) => listening.has(user))) {
      const arrived = run.arrivals.get(`${index} ${event.id}`);
      if (arrived === undefined) lost += 1;
      else latencies.push(arrived - event.at);
    }
  }
  print(
    `event-to-inbox p50 ${ms(percentile(latencies, 0.5))}, p99 ${ms(percentile(latencies, 0.99))}, ` +
      `max ${ms(Math.max(...latencies))} (goal p99 < 2 s) over ${latencies.length + lost} (event, listening member) ` +
      `pairs: post to the emulator → delivery to E → arrival on the member's stream on B; ${lost} not arrived 10 s after the end`,
  );

  const histories = workspaceHistories(run.slackCalls, run.users.length, run.endSecond);
  const members = Math.max(...histories.map((history) => history.members));
  const perWorkspace = OWN_SEARCHES * members + SHARED_SEARCHES;
  const needMinutes = perWorkspace / SEARCHES_A_MINUTE;
  const complete = histories.filter((history) => history.completeAt !== null).length;
  print(
    `backfill: ${OWN_SEARCHES} searches a member, ${SHARED_SEARCHES} shared by a workspace (3 all-mentions + ` +
      `${LOAD_USER_GROUPS} user groups), ${perWorkspace} for a ${members}-member workspace = ${needMinutes.toFixed(1)} min ` +
      `at ${SEARCHES_A_MINUTE} a minute (the ${histories.length} workspaces in parallel); reached in this run: ` +
      `${done} of ${total} own searches per the statuses, ${histories.map((history) => history.searched).reduce((x, y) => x + y, 0)} ` +
      `members searched per the calls, ${complete} of ${histories.length} workspaces complete`,
  );

  const steady = histories.map((history) => {
    const name = loadTeamId(history.workspace);
    if (!history.after)
      return `${name} n/a (history not complete within the run: ${history.searched}/${history.members} members, ${history.searches} searches)`;
    const { calls, seconds } = history.after;
    return `${name} ${seconds > 0 ? ((calls * 60) / seconds).toFixed(2) : 'n/a'} (${calls} in ${seconds} s)`;
  });
  const averages = histories.flatMap((history) =>
    history.after && history.after.seconds > 0 ? [(history.after.calls * 60) / history.after.seconds] : [],
  );
  const average = averages.length
    ? (averages.reduce((x, y) => x + y, 0) / averages.length).toFixed(2)
    : 'n/a';
  print(
    `search calls per workspace per minute after the backfill: ${average} on average (goal ≤ 2 on average); ${steady.join('; ')}`,
  );
  if (complete < histories.length)
    print(
      `  note: a ${members}-member workspace's history takes about ${Math.ceil(needMinutes)} min at ${SEARCHES_A_MINUTE} ` +
        `searches a minute; this run lasted ${run.runMinutes.toFixed(1)} min. The steady-state search figure needs ` +
        `\`--minutes ${Math.ceil(needMinutes) + 10}\` or more (the history, then ten minutes of steady state).`,
    );

  const deliveries = posted.reduce((sum, event) => sum + event.concerned.length, 0);
  print(
    `CPU per event fanned out: ${ms(run.eventsCpuMs / Math.max(1, posted.length))} per event, ` +
      `${ms(run.eventsCpuMs / Math.max(1, deliveries))} per member delivery (instance E's utime+stime ` +
      `${(run.eventsCpuMs / 1000).toFixed(1)} s over the run for ${posted.length} events and ${deliveries} ` +
      `(event × concerned member) deliveries; E gets no page loads)`,
  );
}
