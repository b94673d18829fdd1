import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { refreshSessions } from '../../db/schema/refresh-sessions.ts';
import { users } from '../../db/schema/users.ts';

export type UserRow = typeof users.$inferSelect;

export type RotationResult =
  | { kind: 'rotated'; userId: string; familyId: string }
  | { kind: 'reused'; familyId: string }
  | { kind: 'expired' }
  | { kind: 'unknown' };

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

    async insertSession(values: {
      userId: string;
      familyId: string;
      tokenHash: string;
      expiresAt: Date;
    }): Promise<void> {
      await db.insert(refreshSessions).values(values);
    },

    /**
     * Swaps the session behind `tokenHash` for a new one in the same family, atomically. A token that was
     * already rotated or revoked is reported as reused and its whole family is revoked.
     */
    async rotateSession(
      tokenHash: string,
      next: { tokenHash: string; expiresAt: Date },
    ): Promise<RotationResult> {
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(refreshSessions)
          .where(eq(refreshSessions.tokenHash, tokenHash))
          .for('update')
          .limit(1);
        if (!current) return { kind: 'unknown' } as const;
        if (current.revokedAt) {
          await tx
            .update(refreshSessions)
            .set({ revokedAt: sql`now()` })
            .where(and(eq(refreshSessions.familyId, current.familyId), isNull(refreshSessions.revokedAt)));
          return { kind: 'reused', familyId: current.familyId } as const;
        }
        if (current.expiresAt.getTime() <= Date.now()) return { kind: 'expired' } as const;
        const [created] = await tx
          .insert(refreshSessions)
          .values({ userId: current.userId, familyId: current.familyId, ...next })
          .returning({ id: refreshSessions.id });
        await tx
          .update(refreshSessions)
          .set({ revokedAt: sql`now()`, replacedById: created!.id })
          .where(eq(refreshSessions.id, current.id));
        return { kind: 'rotated', userId: current.userId, familyId: current.familyId } as const;
      });
    },

    async revokeFamily(userId: string, familyId: string): Promise<void> {
      await db
        .update(refreshSessions)
        .set({ revokedAt: sql`now()` })
        .where(
          and(
            eq(refreshSessions.userId, userId),
            eq(refreshSessions.familyId, familyId),
            isNull(refreshSessions.revokedAt),
          ),
        );
    },

    async findFamilyOfToken(userId: string, tokenHash: string): Promise<string | undefined> {
      const [row] = await db
        .select({ familyId: refreshSessions.familyId })
        .from(refreshSessions)
        .where(and(eq(refreshSessions.userId, userId), eq(refreshSessions.tokenHash, tokenHash)))
        .limit(1);
      return row?.familyId;
    },

    /** A family is live while one of its sessions is neither revoked nor expired. */
    async isFamilyActive(userId: string, familyId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: refreshSessions.id })
        .from(refreshSessions)
        .where(
          and(
            eq(refreshSessions.userId, userId),
            eq(refreshSessions.familyId, familyId),
            isNull(refreshSessions.revokedAt),
            sql`${refreshSessions.expiresAt} > now()`,
          ),
        )
        .limit(1);
      return row !== undefined;
    },
  };
}

export type AuthRepo = ReturnType<typeof createAuthRepo>;
