import { text, uniqueIndex, uuid, type PgColumn } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * The columns of a row that one person keeps about one message (a hide, a snooze, a done mark): identifiers only,
 * never content. A function, so that each table gets builders of its own.
 */
export function scopedMessageColumns() {
  return {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * Empty for ordinary accounts. Many people share a demo account at once, so a demo account's rows belong to
     * the session family (sign-in) that made them and nobody else sees them (docs/decisions/030).
     */
    sessionScope: text('session_scope').notNull().default(''),
    platform: text('platform', { enum: ['chatwork', 'slack'] }).notNull(),
    platformMessageId: text('platform_message_id').notNull(),
  };
}

/** One row per person (and demo sign-in) and message. */
export function scopedMessageUniqueIndex(
  name: string,
  table: { userId: PgColumn; sessionScope: PgColumn; platform: PgColumn; platformMessageId: PgColumn },
) {
  return uniqueIndex(name).on(table.userId, table.sessionScope, table.platform, table.platformMessageId);
}
