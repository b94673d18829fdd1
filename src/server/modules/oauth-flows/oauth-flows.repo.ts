import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { oauthStates } from '../../db/schema/oauth-states.ts';

export type OAuthStateRow = typeof oauthStates.$inferSelect;
export type OAuthStatePlatform = OAuthStateRow['platform'];

export function createOAuthFlowsRepo(db: Database) {
  return {
    /**
     * Stores a consent in progress unless the user already has `cap` pending ones; answers the expiry of the
     * oldest pending one when full. Under a per-user lock, so a burst of starts cannot overshoot the cap. Expired
     * consents (abandoned on the provider's page) are swept first.
     */
    async insertWithinCap(
      values: typeof oauthStates.$inferInsert,
      cap: number,
      now: Date,
    ): Promise<{ stored: true } | { stored: false; oldestExpiresAt: Date }> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`oauth-states:${values.userId}`}))`);
        await tx.delete(oauthStates).where(lt(oauthStates.expiresAt, now));
        const pending = await tx
          .select({ expiresAt: oauthStates.expiresAt })
          .from(oauthStates)
          .where(and(eq(oauthStates.userId, values.userId), gt(oauthStates.expiresAt, now)))
          .orderBy(asc(oauthStates.expiresAt))
          .limit(cap);
        if (pending.length >= cap) return { stored: false, oldestExpiresAt: pending[0]!.expiresAt };
        await tx.insert(oauthStates).values(values);
        return { stored: true };
      });
    },

    /** Whose consent a still-valid state is, without taking it. */
    async ownerOf(stateHash: string, now: Date): Promise<string | undefined> {
      const [row] = await db
        .select({ userId: oauthStates.userId })
        .from(oauthStates)
        .where(and(eq(oauthStates.stateHash, stateHash), gt(oauthStates.expiresAt, now)));
      return row?.userId;
    },

    /** Deletes and returns the state if it is still valid: a state can be taken once. */
    async take(stateHash: string, now: Date): Promise<OAuthStateRow | undefined> {
      const [row] = await db
        .delete(oauthStates)
        .where(and(eq(oauthStates.stateHash, stateHash), gt(oauthStates.expiresAt, now)))
        .returning();
      return row;
    },
  };
}

export type OAuthFlowsRepo = ReturnType<typeof createOAuthFlowsRepo>;
