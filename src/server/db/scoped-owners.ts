import { and, ne, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { MessageRef } from '../../contract/tags.ts';
import type { ScopedOwner } from '../lib/sign-in-scope.ts';
import type { Database } from './client.ts';

/** A table whose rows belong to a user, narrowed to a sign-in on a demo account (docs/decisions/030). */
export type ScopedTable = PgTable & { userId: PgColumn; sessionScope: PgColumn };

/**
 * The owners of rows of `table` narrowed to a sign-in (demo accounts), in a stable order, after `after`: the pages
 * the sweep of ended demo sign-ins walks (decision 074).
 */
export async function listScopedOwners(
  db: Database,
  table: ScopedTable,
  after: ScopedOwner | null,
  limit: number,
): Promise<ScopedOwner[]> {
  const rows = await db
    .selectDistinct({ userId: table.userId, scope: table.sessionScope })
    .from(table)
    .where(
      and(
        ne(table.sessionScope, ''),
        after ? sql`(${table.userId}, ${table.sessionScope}) > (${after.userId}, ${after.scope})` : undefined,
      ),
    )
    .orderBy(table.userId, table.sessionScope)
    .limit(limit);
  return rows as ScopedOwner[];
}

/** The columns that say whose row it is and which message it is about (`scopedMessageColumns`). */
export function scopedMessageRow(owner: ScopedOwner, ref: MessageRef) {
  return {
    userId: owner.userId,
    sessionScope: owner.scope,
    platform: ref.platform,
    platformMessageId: ref.platform_message_id,
  };
}
