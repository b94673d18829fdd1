import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { scopedMessageColumns, scopedMessageUniqueIndex } from './scoped-message.ts';

/**
 * Snoozes and done marks (issue 23, docs/decisions/148): ids, times and thread keys only, never message content.
 * `session_scope` works as on `hidden_messages` (docs/decisions/030): empty for ordinary accounts, the sign-in's
 * session family on a demo account.
 */
export const snoozes = pgTable(
  'snoozes',
  {
    ...scopedMessageColumns(),
    /** When the message comes back into the timeline. */
    until: timestamp('until', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The latest snooze of the message: snoozing it again replaces `until`. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    scopedMessageUniqueIndex('snoozes_user_message_idx', table),
    // A message deleted at the source loses its snoozes, whoever made them.
    index('snoozes_message_idx').on(table.platform, table.platformMessageId),
    // The sweep of long-woken snoozes (decision 153) and the cap's count of waiting ones read by time.
    index('snoozes_until_idx').on(table.until),
  ],
);

export const doneMarks = pgTable(
  'done_marks',
  {
    ...scopedMessageColumns(),
    /** The message's own thread key first, then those of what it replies to (`messageThreadKeys`). */
    threadKeys: text('thread_keys').array().notNull(),
    /** The latest time the message was marked done; replies from then on bring it back. */
    doneAt: timestamp('done_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    scopedMessageUniqueIndex('done_marks_user_message_idx', table),
    index('done_marks_message_idx').on(table.platform, table.platformMessageId),
  ],
);
