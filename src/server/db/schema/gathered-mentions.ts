import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * How many messages gathering found per user, connection, platform and UTC day they were sent; counts only, never
 * content or ids (DESIGN §4, decision 124). A day's count is the largest any gathering saw, so gathering the same
 * messages again does not count them twice.
 */
export const gatheredMentionDays = pgTable(
  'gathered_mention_days',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Not a foreign key: sample connections have no row, and the history outlives a disconnection. */
    connectionId: text('connection_id').notNull(),
    platform: text('platform', { enum: ['chatwork', 'slack'] }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.platform, table.connectionId, table.day] }),
    check('gathered_mention_days_count_check', sql`${table.count} >= 0`),
  ],
);
