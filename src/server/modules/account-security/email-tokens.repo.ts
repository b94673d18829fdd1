import { and, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { emailTokens } from '../../db/schema/email-tokens.ts';

export type EmailTokenRow = typeof emailTokens.$inferSelect;
export type EmailTokenPurpose = EmailTokenRow['purpose'];

export function createEmailTokensRepo(db: Database) {
  return {
    /** Stores a link's token, sweeping links that expired unused. */
    async insert(values: typeof emailTokens.$inferInsert, now: Date): Promise<void> {
      await db.delete(emailTokens).where(lt(emailTokens.expiresAt, now));
      await db.insert(emailTokens).values(values);
    },

    /** Deletes and returns a live token of one of `purposes`: a link works once. */
    async take(
      tokenHash: string,
      purposes: readonly EmailTokenPurpose[],
      now: Date,
    ): Promise<EmailTokenRow | undefined> {
      const [row] = await db
        .delete(emailTokens)
        .where(
          and(
            eq(emailTokens.tokenHash, tokenHash),
            inArray(emailTokens.purpose, [...purposes]),
            gt(emailTokens.expiresAt, now),
          ),
        )
        .returning();
      return row;
    },

    /** A live token of `purpose`, without spending it (to check what it is for before acting on it). */
    async find(tokenHash: string, purpose: EmailTokenPurpose, now: Date): Promise<EmailTokenRow | undefined> {
      const [row] = await db
        .select()
        .from(emailTokens)
        .where(
          and(
            eq(emailTokens.tokenHash, tokenHash),
            eq(emailTokens.purpose, purpose),
            gt(emailTokens.expiresAt, now),
          ),
        )
        .limit(1);
      return row;
    },

    /** Drops a user's other links of one purpose (older reset links once a password was reset). */
    async deleteForUser(userId: string, purpose: EmailTokenPurpose): Promise<void> {
      await db
        .delete(emailTokens)
        .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose)));
    },
  };
}

export type EmailTokensRepo = ReturnType<typeof createEmailTokensRepo>;
