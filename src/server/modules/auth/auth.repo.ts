import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { users } from '../../db/schema/users.ts';

export type UserRow = typeof users.$inferSelect;

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
     * Makes `email` the user's confirmed address; false when another account holds it. Confirming the address
     * the user already has only records when.
     */
    async confirmEmail(id: string, email: string, at: Date): Promise<boolean> {
      try {
        const updated = await db
          .update(users)
          .set({ email, emailVerifiedAt: at, updatedAt: sql`now()` })
          .where(eq(users.id, id))
          .returning({ id: users.id });
        return updated.length > 0;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
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
