/**
 * Whose rows: the user, narrowed to one sign-in (session family) on a shared demo account, where many visitors use
 * one user row at once and must not see each other's hides, snoozes or done marks (docs/decisions/030). `scope` is
 * empty for ordinary accounts, whose rows follow the person across devices.
 */
export type ScopedOwner = { userId: string; scope: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SWEEP_PAGE_SIZE = 500;

export async function scopedOwner(
  subject: { userId: string; sessionFamilyId: string },
  isDemo: (userId: string) => Promise<boolean>,
): Promise<ScopedOwner> {
  const scope = (await isDemo(subject.userId)) ? subject.sessionFamilyId : '';
  return { userId: subject.userId, scope };
}

/**
 * Deletes the rows of demo sign-ins that have ended (decisions 030 and 074): nobody can see them any more. Walks the
 * owners narrowed to a sign-in in pages, in a stable order; a scope that is not a session id counts as ended.
 * Answers how many rows were deleted.
 */
export async function sweepEndedSignIns(deps: {
  /** Owners with a non-empty scope, ordered by (userId, scope), after `after`. */
  listScopedOwners: (after: ScopedOwner | null, limit: number) => Promise<ScopedOwner[]>;
  isSignInLive: (userId: string, sessionFamilyId: string) => Promise<boolean>;
  /** Deletes the owner's rows and answers how many. */
  removeAll: (owner: ScopedOwner) => Promise<number>;
}): Promise<number> {
  let removed = 0;
  let after: ScopedOwner | null = null;
  for (;;) {
    const owners = await deps.listScopedOwners(after, SWEEP_PAGE_SIZE);
    for (const owner of owners) {
      const live = UUID.test(owner.scope) && (await deps.isSignInLive(owner.userId, owner.scope));
      if (!live) removed += await deps.removeAll(owner);
    }
    if (owners.length < SWEEP_PAGE_SIZE) return removed;
    after = owners.at(-1)!;
  }
}
