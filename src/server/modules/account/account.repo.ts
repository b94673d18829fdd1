import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';

export function createAccountRepo(db: Database) {
  return {
    /**
     * Deletes the user and, through the foreign keys' cascades in the same statement, everything that was theirs:
     * tags and their links, hidden ids, sessions, connections and their tokens, e-mail tokens, billing records.
     */
    async deleteUser(userId: string): Promise<boolean> {
      const deleted = await db.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
      return deleted.length > 0;
    },

    async rename(userId: string, name: string): Promise<boolean> {
      const renamed = await db
        .update(users)
        .set({ name, updatedAt: sql`now()` })
        .where(eq(users.id, userId))
        .returning({ id: users.id });
      return renamed.length > 0;
    },
  };
}

export type AccountRepo = ReturnType<typeof createAccountRepo>;
