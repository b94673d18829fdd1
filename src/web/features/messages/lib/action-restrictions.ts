/** Why some actions are off: a shared demo account, or test mode showing sample data (SPEC §5). */
export type Restriction = 'demo' | 'test-mode';

/** `triage`: hide, done, snooze and undo, which every account may do but only with the server in reach. */
export type GuardedAction =
  'connect' | 'disconnect' | 'refresh' | 'tag' | 'reply' | 'task' | 'view-post' | 'views' | 'triage';

/** Test mode shows sample connections in place of the real ones, so it leaves those alone (docs/decisions/040). */
const blockedActions: Record<Restriction, ReadonlySet<GuardedAction>> = {
  demo: new Set(['connect', 'disconnect', 'refresh', 'tag', 'reply', 'task', 'view-post', 'views']),
  'test-mode': new Set(['connect', 'disconnect', 'tag', 'reply', 'task', 'view-post', 'views']),
};

export function isBlocked(restriction: Restriction | null, action: GuardedAction): boolean {
  return restriction !== null && blockedActions[restriction].has(action);
}
