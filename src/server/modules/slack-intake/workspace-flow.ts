import type { SlackIntakeState } from '../../../contract/messages.ts';
import { SLACK_ESSENTIAL_SEARCHES, SLACK_SEARCHES_PER_MINUTE } from '../../connectors/slack/slack-client.ts';
import type { WorkspaceIntakeRow } from './slack-intake.repo.ts';

/** How a workspace's messages reach Matome now, before any one member's history is considered. */
export type WorkspaceFlow = Exclude<SlackIntakeState, 'catching_up'>;

/**
 * A workspace is quiet at least this long before its silence counts as a gap: with `message.channels` every public
 * message is an event, so an hour without one while members are reading is unusual, a quarter of an hour is not.
 */
const QUIET_FLOOR_MS = 30 * 60_000;
/** How many usual gaps without an event make a gap. */
const USUAL_GAPS = 6;
/** The weight of a new gap in the running average of gaps. */
const GAP_WEIGHT = 0.1;
/** Polling takes at most half of the workspace's search budget, leaving the rest for histories and refreshes. */
const POLLING_SHARE = 0.5;
const POLL_FLOOR_MINUTES = 5;

export function workspaceFlow(row: WorkspaceIntakeRow | undefined, now: number): WorkspaceFlow {
  if (!row) return 'polling';
  if (row.pausedUntil && row.pausedUntil.getTime() > now) return 'interrupted';
  const quietMs = Math.max(QUIET_FLOOR_MS, USUAL_GAPS * row.usualGapSeconds * 1000);
  return now - row.lastEventAt.getTime() > quietMs ? 'interrupted' : 'live';
}

/**
 * Minutes between searches of one member when the workspace's events do not bring everything: every member's own
 * searches fit in the polling share of the workspace's budget (200 members: an hour).
 */
export function pollEveryMinutes(members: number): number {
  const perMinute = SLACK_SEARCHES_PER_MINUTE * POLLING_SHARE;
  return Math.max(
    POLL_FLOOR_MINUTES,
    Math.ceil((Math.max(1, members) * SLACK_ESSENTIAL_SEARCHES) / perMinute),
  );
}

/** The running average of seconds between a workspace's events, after one more gap. */
export function nextUsualGap(usualGapSeconds: number, gapSeconds: number): number {
  return usualGapSeconds > 0 ? usualGapSeconds * (1 - GAP_WEIGHT) + gapSeconds * GAP_WEIGHT : gapSeconds;
}
