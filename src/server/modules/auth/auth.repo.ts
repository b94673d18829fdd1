import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { oauthIdentities } from '../../db/schema/oauth-identities.ts';
import { users } from '../../db/schema/users.ts';

export type UserRow = typeof users.$inferSelect;
export type SignInProvider = (typeof oauthIdentities.$inferSelect)['provider'];
/** What confirming an address did: false when another account holds it; the sign-ins it removed (decision 139). */
export type AddressConfirmation = { confirmed: boolean; unlinked: SignInProvider[] };

export function createAuthRepo(db: Database) {
  return {
    async findUserByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return row;
    },

    async findUserById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    /** Returns undefined when the email is already registered. */
    async insertUser(values: {
      email: string;
      name: string;
      passwordHash: string;
      emailVerifiedAt: Date | null;
      isDemo?: boolean;
    }): Promise<UserRow | undefined> {
      const [row] = await db
        .insert(users)
        .values(values)
        .onConflictDoNothing({ target: users.email })
        .returning();
      return row;
    },

    async updateDemoUser(id: string, values: { passwordHash: string }): Promise<void> {
      await db
        .update(users)
        .set({ ...values, isDemo: true, updatedAt: sql`now()` })
        .where(eq(users.id, id));
    },

    async setPassword(id: string, passwordHash: string): Promise<void> {
      await db
        .update(users)
        .set({ passwordHash, updatedAt: sql`now()` })
        .where(eq(users.id, id));
    },

    /**
     * Makes `email` the user's confirmed address. Confirming the address the user already has only records when.
     * An account whose address was never confirmed loses every Google or GitHub sign-in linked to it: none was
     * linked by someone who had proven the address (only accounts from before decision 139 can have one).
     */
    async confirmEmail(id: string, email: string, at: Date): Promise<AddressConfirmation> {
      try {
        return await db.transaction(async (tx) => {
          const [before] = await tx
            .select({ verifiedAt: users.emailVerifiedAt })
            .from(users)
            .where(eq(users.id, id));
          if (!before) return { confirmed: false, unlinked: [] };
          await tx
            .update(users)
            .set({ email, emailVerifiedAt: at, updatedAt: sql`now()` })
            .where(eq(users.id, id));
          if (before.verifiedAt) return { confirmed: true, unlinked: [] };
          const removed = await tx
            .delete(oauthIdentities)
            .where(eq(oauthIdentities.userId, id))
            .returning({ provider: oauthIdentities.provider });
          return { confirmed: true, unlinked: removed.map((row) => row.provider) };
        });
      } catch (error) {
        if (isUniqueViolation(error)) return { confirmed: false, unlinked: [] };
        throw error;
      }
    },

    async markDemoVerified(at: Date): Promise<void> {
      await db
        .update(users)
        .set({ emailVerifiedAt: at })
        .where(and(eq(users.isDemo, true), isNull(users.emailVerifiedAt)));
    },
  };
}

export type AuthRepo = ReturnType<typeof createAuthRepo>;
