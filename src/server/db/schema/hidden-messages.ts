import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Messages a user checked and hid; identifiers only, never message content. */
export const hiddenMessages = pgTable(
  'hidden_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * Empty for ordinary accounts. Many people share a demo account at once, so a demo account's hides belong to
     * the session family (sign-in) that made them and nobody else sees them (docs/decisions/030).
     */
    sessionScope: text('session_scope').notNull().default(''),
    platform: text('platform', { enum: ['chatwork', 'slack'] }).notNull(),
    platformMessageId: text('platform_message_id').notNull(),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('hidden_messages_user_message_idx').on(
      table.userId,
      table.sessionScope,
      table.platform,
      table.platformMessageId,
    ),
  ],
);
