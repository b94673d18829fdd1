/** Why some actions are off: a shared demo account, or test mode showing sample data (SPEC §5). */
export type Restriction = 'demo' | 'test-mode';

export type GuardedAction = 'refresh' | 'tag' | 'reply' | 'task' | 'view-post';

const blockedActions: Record<Restriction, ReadonlySet<GuardedAction>> = {
  demo: new Set(['refresh', 'tag', 'reply', 'task', 'view-post']),
  'test-mode': new Set(['tag', 'reply', 'task', 'view-post']),
};

export function isBlocked(restriction: Restriction | null, action: GuardedAction): boolean {
  return restriction !== null && blockedActions[restriction].has(action);
}
