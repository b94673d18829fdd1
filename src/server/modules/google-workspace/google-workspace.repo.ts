import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { googleConnections, googleSubmissions } from '../../db/schema/google.ts';

export type GoogleConnectionRow = typeof googleConnections.$inferSelect;

export function createGoogleWorkspaceRepo(db: Database) {
  return {
    async connection(userId: string): Promise<GoogleConnectionRow | undefined> {
      const [row] = await db.select().from(googleConnections).where(eq(googleConnections.userId, userId));
      return row;
    },

    /** Stores a new grant; a refresh token Google did not resend keeps the one stored. */
    async saveGrant(
      values: Omit<typeof googleConnections.$inferInsert, 'status' | 'createdAt' | 'updatedAt'>,
    ) {
      await db
        .insert(googleConnections)
        .values({ ...values, status: 'connected' })
        .onConflictDoUpdate({
          target: googleConnections.userId,
          set: {
            status: 'connected',
            scopes: values.scopes,
            accessTokenEncrypted: values.accessTokenEncrypted,
            refreshTokenEncrypted: values.refreshTokenEncrypted
              ? values.refreshTokenEncrypted
              : sql`${googleConnections.refreshTokenEncrypted}`,
            tokenExpiresAt: values.tokenExpiresAt,
            updatedAt: sql`now()`,
          },
        });
    },

    async saveAccessToken(userId: string, accessTokenEncrypted: string, tokenExpiresAt: Date) {
      await db
        .update(googleConnections)
        .set({ accessTokenEncrypted, tokenExpiresAt, updatedAt: sql`now()` })
        .where(eq(googleConnections.userId, userId));
    },

    async markDisconnected(userId: string) {
      await db
        .update(googleConnections)
        .set({ status: 'disconnected', updatedAt: sql`now()` })
        .where(eq(googleConnections.userId, userId));
    },

    /**
     * Claims a submission key; answers what an earlier submit with it created, or 'pending' while it runs. The
     * user's submissions older than `forgetBefore` go first: a repeated submit comes within seconds, and what
     * Google created (a message's text among it) is not kept longer than that window needs.
     */
    async claim(
      userId: string,
      idempotencyKey: string,
      kind: 'event' | 'task',
      forgetBefore: Date,
    ): Promise<'claimed' | 'pending' | 'other-kind' | { result: string }> {
      await db
        .delete(googleSubmissions)
        .where(and(eq(googleSubmissions.userId, userId), lt(googleSubmissions.createdAt, forgetBefore)));
      try {
        await db.insert(googleSubmissions).values({ userId, idempotencyKey, kind });
        return 'claimed';
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
      const [row] = await db
        .select()
        .from(googleSubmissions)
        .where(
          and(eq(googleSubmissions.userId, userId), eq(googleSubmissions.idempotencyKey, idempotencyKey)),
        );
      if (!row) return 'pending';
      if (row.kind !== kind) return 'other-kind';
      return row.result === null ? 'pending' : { result: row.result };
    },

    async complete(userId: string, idempotencyKey: string, result: string) {
      await db
        .update(googleSubmissions)
        .set({ result })
        .where(
          and(eq(googleSubmissions.userId, userId), eq(googleSubmissions.idempotencyKey, idempotencyKey)),
        );
    },

    /** Gives a key back after a failure, so the same form can be sent again. */
    async release(userId: string, idempotencyKey: string) {
      await db
        .delete(googleSubmissions)
        .where(
          and(
            eq(googleSubmissions.userId, userId),
            eq(googleSubmissions.idempotencyKey, idempotencyKey),
            isNull(googleSubmissions.result),
          ),
        );
    },
  };
}

export type GoogleWorkspaceRepo = ReturnType<typeof createGoogleWorkspaceRepo>;
