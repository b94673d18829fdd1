import { and, count, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { authSessions } from '../../db/schema/auth-sessions.ts';
import { refreshSessions } from '../../db/schema/refresh-sessions.ts';

export type AuthSessionRow = typeof authSessions.$inferSelect;

export type RotationResult =
  | { kind: 'rotated'; userId: string; sessionId: string; expiresAt: Date }
  | { kind: 'reused'; userId: string; sessionId: string }
  | { kind: 'invalid' };

/** The moment a question is asked, and the last use a session must have had since to count as live. */
export type Moment = { now: Date; idleCutoff: Date };

/** A session is live until it is ended, passes its absolute expiry, or goes unused past the idle cutoff. */
const live = ({ now, idleCutoff }: Moment) =>
  and(isNull(authSessions.endedAt), gt(authSessions.expiresAt, now), gt(authSessions.lastUsedAt, idleCutoff));

export function createSessionsRepo(db: Database) {
  const endWhere = (condition: ReturnType<typeof and>, now: Date) =>
    db
      .update(authSessions)
      .set({ endedAt: now })
      .where(and(condition, isNull(authSessions.endedAt)))
      .returning({ id: authSessions.id });

  return {
    async create(
      values: { userId: string; userAgent: string | null; ipAddress: string | null; expiresAt: Date },
      refreshTokenHash: string,
      now: Date,
    ): Promise<string> {
      return db.transaction(async (tx) => {
        const [session] = await tx
          .insert(authSessions)
          .values({ ...values, createdAt: now, lastUsedAt: now })
          .returning({ id: authSessions.id });
        await tx.insert(refreshSessions).values({
          userId: values.userId,
          familyId: session!.id,
          tokenHash: refreshTokenHash,
          expiresAt: values.expiresAt,
        });
        return session!.id;
      });
    },

    async isLive(userId: string, sessionId: string, moment: Moment): Promise<boolean> {
      const [row] = await db
        .select({ id: authSessions.id })
        .from(authSessions)
        .where(and(eq(authSessions.id, sessionId), eq(authSessions.userId, userId), live(moment)))
        .limit(1);
      return row !== undefined;
    },

    /**
     * Swaps the refresh token behind `tokenHash` for `nextHash`, atomically, while its session is live, and marks
     * the session used now. A token that was already swapped is reuse: a copy is in someone else's hands, so the
     * session ends for both holders; unless it was swapped after `graceCutoff` and its successor is still unused,
     * when the browser most likely never received the answer (a tab closed or navigated mid-request) and
     * `nextHash` takes the unused successor's place.
     */
    async rotate(
      tokenHash: string,
      nextHash: string,
      moment: Moment,
      graceCutoff: Date,
    ): Promise<RotationResult> {
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(refreshSessions)
          .where(eq(refreshSessions.tokenHash, tokenHash))
          .for('update')
          .limit(1);
        if (!current) return { kind: 'invalid' } as const;
        const endAsReused = async () => {
          await tx
            .update(authSessions)
            .set({ endedAt: moment.now })
            .where(and(eq(authSessions.id, current.familyId), isNull(authSessions.endedAt)));
          return { kind: 'reused', userId: current.userId, sessionId: current.familyId } as const;
        };
        if (current.revokedAt && current.revokedAt <= graceCutoff) return endAsReused();
        // Within the grace period the token's successor must be unused: a browser that spent it got the answer.
        const [lostSuccessor] = current.revokedAt
          ? await tx
              .select()
              .from(refreshSessions)
              .where(eq(refreshSessions.id, current.replacedById!))
              .for('update')
              .limit(1)
          : [];
        if (current.revokedAt && (!lostSuccessor || lostSuccessor.revokedAt)) return endAsReused();
        const [session] = await tx
          .update(authSessions)
          .set({ lastUsedAt: moment.now })
          .where(and(eq(authSessions.id, current.familyId), live(moment)))
          .returning();
        if (!session) return { kind: 'invalid' } as const;
        const [created] = await tx
          .insert(refreshSessions)
          .values({
            userId: current.userId,
            familyId: current.familyId,
            tokenHash: nextHash,
            expiresAt: session.expiresAt,
          })
          .returning({ id: refreshSessions.id });
        // One live token per session: the new one replaces the presented token, or the successor whose answer
        // was lost (so whoever does hold that successor ends the session when they use it after the grace period).
        await tx
          .update(refreshSessions)
          .set({ revokedAt: moment.now, replacedById: created!.id })
          .where(eq(refreshSessions.id, lostSuccessor?.id ?? current.id));
        return {
          kind: 'rotated',
          userId: session.userId,
          sessionId: session.id,
          expiresAt: session.expiresAt,
        } as const;
      });
    },

    async findSessionOfToken(tokenHash: string): Promise<{ userId: string; sessionId: string } | undefined> {
      const [row] = await db
        .select({ userId: refreshSessions.userId, sessionId: refreshSessions.familyId })
        .from(refreshSessions)
        .where(eq(refreshSessions.tokenHash, tokenHash))
        .limit(1);
      return row;
    },

    /** How many sessions are live, everyone's together: a figure for the operator's metrics, no one's data. */
    async countLive(moment: Moment): Promise<number> {
      const [row] = await db.select({ live: count() }).from(authSessions).where(live(moment));
      return row?.live ?? 0;
    },

    async listLive(userId: string, moment: Moment): Promise<AuthSessionRow[]> {
      return db
        .select()
        .from(authSessions)
        .where(and(eq(authSessions.userId, userId), live(moment)))
        .orderBy(desc(authSessions.lastUsedAt), desc(authSessions.id));
    },

    /** Ends one of the user's sessions; false when it is not theirs or already ended. */
    async end(userId: string, sessionId: string, now: Date): Promise<boolean> {
      const ended = await endWhere(and(eq(authSessions.id, sessionId), eq(authSessions.userId, userId)), now);
      return ended.length > 0;
    },

    async endAll(userId: string, now: Date, exceptSessionId?: string): Promise<void> {
      await endWhere(
        exceptSessionId
          ? and(eq(authSessions.userId, userId), ne(authSessions.id, exceptSessionId))
          : eq(authSessions.userId, userId),
        now,
      );
    },
  };
}

export type SessionsRepo = ReturnType<typeof createSessionsRepo>;
