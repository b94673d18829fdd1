import { pgTable, timestamp } from 'drizzle-orm/pg-core';
import { scopedMessageColumns, scopedMessageUniqueIndex } from './scoped-message.ts';

/** Messages a user checked and hid; identifiers only, never message content. */
export const hiddenMessages = pgTable(
  'hidden_messages',
  {
    ...scopedMessageColumns(),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [scopedMessageUniqueIndex('hidden_messages_user_message_idx', table)],
);
