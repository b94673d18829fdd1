import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { signInStates } from '../../db/schema/social-sign-in.ts';

export type SignInStateRow = typeof signInStates.$inferSelect;
export type SignInProviderName = SignInStateRow['provider'];

export function createSignInFlowsRepo(db: Database) {
  return {
    /** Sweeps expired states, then counts the ones still open for a browser. */
    async openFor(bindingHash: string, now: Date): Promise<number> {
      await db.delete(signInStates).where(lt(signInStates.expiresAt, now));
      const [pending] = await db
        .select({ open: count() })
        .from(signInStates)
        .where(and(eq(signInStates.bindingHash, bindingHash), gt(signInStates.expiresAt, now)));
      return pending?.open ?? 0;
    },

    async insert(values: typeof signInStates.$inferInsert): Promise<void> {
      await db.insert(signInStates).values(values);
    },

    /** Deletes and returns the state if still valid: a state can be taken once. */
    async take(stateHash: string, now: Date): Promise<SignInStateRow | undefined> {
      const [row] = await db
        .delete(signInStates)
        .where(and(eq(signInStates.stateHash, stateHash), gt(signInStates.expiresAt, now)))
        .returning();
      return row;
    },
  };
}

export type SignInFlowsRepo = ReturnType<typeof createSignInFlowsRepo>;
