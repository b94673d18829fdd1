import { and, count, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { oauthStates } from '../../db/schema/oauth-states.ts';
import { platformConnections } from '../../db/schema/platform-connections.ts';

export type ConnectionRow = typeof platformConnections.$inferSelect;
export type ConnectionPlatform = ConnectionRow['platform'];
export type ConnectionStatus = ConnectionRow['status'];
export type OAuthStateRow = typeof oauthStates.$inferSelect;

export type ConnectionIdentity = {
  userId: string;
  platform: ConnectionPlatform;
  platformUserId: string;
  platformWorkspaceId: string | null;
};

export type ConnectionValues = ConnectionIdentity & {
  platformUserName: string | null;
  platformWorkspaceName: string | null;
  platformUserEmail: string | null;
  platformAvatarUrl: string | null;
  scopes: string;
  accessTokenEncrypted: string;
  refreshTokenEncrypted: string | null;
  tokenExpiresAt: Date | null;
};

export type SealedTokens = Pick<
  ConnectionValues,
  'accessTokenEncrypted' | 'refreshTokenEncrypted' | 'tokenExpiresAt' | 'scopes'
>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createConnectionsRepo(db: Database) {
  const ownedBy = (userId: string, platform: ConnectionPlatform, id: string) =>
    and(
      eq(platformConnections.id, id),
      eq(platformConnections.userId, userId),
      eq(platformConnections.platform, platform),
    );

  return {
    async listForUser(userId: string, platform: ConnectionPlatform): Promise<ConnectionRow[]> {
      return db
        .select()
        .from(platformConnections)
        .where(and(eq(platformConnections.userId, userId), eq(platformConnections.platform, platform)))
        .orderBy(platformConnections.createdAt, platformConnections.id);
    },

    async findForUser(
      userId: string,
      platform: ConnectionPlatform,
      id: string,
    ): Promise<ConnectionRow | undefined> {
      if (!UUID.test(id)) return undefined;
      const [row] = await db
        .select()
        .from(platformConnections)
        .where(ownedBy(userId, platform, id))
        .limit(1);
      return row;
    },

    async findById(id: string): Promise<ConnectionRow | undefined> {
      const [row] = await db
        .select()
        .from(platformConnections)
        .where(eq(platformConnections.id, id))
        .limit(1);
      return row;
    },

    async countForUser(userId: string): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(platformConnections)
        .where(eq(platformConnections.userId, userId));
      return row?.total ?? 0;
    },

    async hasReauthRequired(userId: string, platform: ConnectionPlatform): Promise<boolean> {
      const [row] = await db
        .select({ id: platformConnections.id })
        .from(platformConnections)
        .where(
          and(
            eq(platformConnections.userId, userId),
            eq(platformConnections.platform, platform),
            eq(platformConnections.status, 'reauth_required'),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /**
     * Stores a connection, or updates the one with the same identity (a reconnect), unless that would take the
     * user past `limit` connections. Connections of one user are counted and written under a per-user lock, so
     * two callbacks at once cannot both squeeze in under the limit.
     */
    async upsertWithinLimit(
      values: ConnectionValues,
      limit: number,
    ): Promise<{ row: ConnectionRow; created: boolean } | 'limit'> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`connections:${values.userId}`}))`);
        const [existing] = await tx
          .select({ id: platformConnections.id })
          .from(platformConnections)
          .where(
            and(
              eq(platformConnections.userId, values.userId),
              eq(platformConnections.platform, values.platform),
              eq(platformConnections.platformUserId, values.platformUserId),
              values.platformWorkspaceId === null
                ? isNull(platformConnections.platformWorkspaceId)
                : eq(platformConnections.platformWorkspaceId, values.platformWorkspaceId),
            ),
          )
          .limit(1);
        if (existing) {
          const [row] = await tx
            .update(platformConnections)
            .set({
              ...values,
              status: 'active',
              refreshLeaseOwner: null,
              refreshLeaseUntil: null,
              updatedAt: sql`now()`,
            })
            .where(eq(platformConnections.id, existing.id))
            .returning();
          return { row: row!, created: false };
        }
        const [used] = await tx
          .select({ total: count() })
          .from(platformConnections)
          .where(eq(platformConnections.userId, values.userId));
        if ((used?.total ?? 0) >= limit) return 'limit';
        const [row] = await tx.insert(platformConnections).values(values).returning();
        return { row: row!, created: true };
      });
    },

    async deleteForUser(
      userId: string,
      platform: ConnectionPlatform,
      id: string,
    ): Promise<ConnectionRow | undefined> {
      if (!UUID.test(id)) return undefined;
      const [row] = await db
        .delete(platformConnections)
        .where(ownedBy(userId, platform, id))
        .returning();
      return row;
    },

    /** Takes the refresh lease when nobody holds a live one; the row as it is now, or undefined when taken. */
    async acquireRefreshLease(
      id: string,
      owner: string,
      until: Date,
      now: Date,
    ): Promise<ConnectionRow | undefined> {
      const [row] = await db
        .update(platformConnections)
        .set({ refreshLeaseOwner: owner, refreshLeaseUntil: until })
        .where(
          and(
            eq(platformConnections.id, id),
            or(isNull(platformConnections.refreshLeaseUntil), lt(platformConnections.refreshLeaseUntil, now)),
          ),
        )
        .returning();
      return row;
    },

    /** Stores refreshed tokens and gives up the lease, in one statement; false when the lease was lost. */
    async storeRefreshedTokens(id: string, owner: string, tokens: SealedTokens): Promise<boolean> {
      const rows = await db
        .update(platformConnections)
        .set({
          ...tokens,
          status: 'active',
          refreshLeaseOwner: null,
          refreshLeaseUntil: null,
          updatedAt: sql`now()`,
        })
        .where(and(eq(platformConnections.id, id), eq(platformConnections.refreshLeaseOwner, owner)))
        .returning({ id: platformConnections.id });
      return rows.length > 0;
    },

    async releaseRefreshLease(id: string, owner: string): Promise<void> {
      await db
        .update(platformConnections)
        .set({ refreshLeaseOwner: null, refreshLeaseUntil: null })
        .where(and(eq(platformConnections.id, id), eq(platformConnections.refreshLeaseOwner, owner)));
    },

    async setStatus(id: string, status: ConnectionStatus): Promise<void> {
      await db
        .update(platformConnections)
        .set({ status, updatedAt: sql`now()` })
        .where(and(eq(platformConnections.id, id), ne(platformConnections.status, status)));
    },

    /** After a gathering: when it happened, and `active` again unless the connection needs re-authorisation. */
    async recordFetch(id: string, at: Date, status: ConnectionStatus): Promise<void> {
      await db
        .update(platformConnections)
        .set({
          lastFetchedAt: at,
          status: sql`case when ${platformConnections.status} = 'reauth_required' then 'reauth_required' else ${status} end`,
        })
        .where(eq(platformConnections.id, id));
    },

    /** Stores a consent in progress, sweeping consents that were abandoned and have expired. */
    async insertState(values: typeof oauthStates.$inferInsert, now: Date): Promise<void> {
      await db.delete(oauthStates).where(lt(oauthStates.expiresAt, now));
      await db.insert(oauthStates).values(values);
    },

    /** Whose consent a still-valid state is, without taking it. */
    async stateOwner(stateHash: string, now: Date): Promise<string | undefined> {
      const [row] = await db
        .select({ userId: oauthStates.userId })
        .from(oauthStates)
        .where(and(eq(oauthStates.stateHash, stateHash), gt(oauthStates.expiresAt, now)));
      return row?.userId;
    },

    /** Deletes and returns the state if it is still valid: a state can be taken once. */
    async takeState(stateHash: string, now: Date): Promise<OAuthStateRow | undefined> {
      const [row] = await db
        .delete(oauthStates)
        .where(and(eq(oauthStates.stateHash, stateHash), gt(oauthStates.expiresAt, now)))
        .returning();
      return row;
    },
  };
}

export type ConnectionsRepo = ReturnType<typeof createConnectionsRepo>;
