import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { platformConnections } from './platform-connections.ts';
import { users } from './users.ts';

/**
 * Handled messages and conversations awaiting a reply (issue 24, docs/decisions/154): ids and times only, never
 * content.
 */

/** Whose row it is; it goes with the account. */
const ownerColumn = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** An inbox message the person answered: from Matome's reply box, or by their own message after it. */
export const handledMessages = pgTable(
  'handled_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerColumn(),
    platform: text('platform', { enum: ['chatwork', 'slack'] }).notNull(),
    platformMessageId: text('platform_message_id').notNull(),
    /** `matome`, `slack` or `chatwork`: where the answer was written. */
    via: text('via', { enum: ['matome', 'slack', 'chatwork'] }).notNull(),
    /** The person's answer (its `platform_message_id`) when known: its deletion takes the mark away. */
    byMessageId: text('by_message_id'),
    handledAt: timestamp('handled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('handled_messages_user_message_idx').on(
      table.userId,
      table.platform,
      table.platformMessageId,
    ),
    index('handled_messages_message_idx').on(table.platform, table.platformMessageId),
    index('handled_messages_by_idx').on(table.platform, table.byMessageId),
  ],
);

/**
 * One conversation of one connection: the person's latest message there and the latest anyone else wrote. A DM or
 * ChatWork room has `thread_ts` empty; a Slack thread names its parent.
 */
export const conversationTurns = pgTable(
  'conversation_turns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerColumn(),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => platformConnections.id, { onDelete: 'cascade' }),
    platform: text('platform', { enum: ['chatwork', 'slack'] }).notNull(),
    kind: text('kind', { enum: ['dm', 'thread', 'room'] }).notNull(),
    /** Slack channel id, ChatWork room id. */
    conversationId: text('conversation_id').notNull(),
    threadTs: text('thread_ts').notNull().default(''),
    /** The person's latest message there (`platform_message_id`) and its send time. */
    ownMessageId: text('own_message_id').notNull(),
    ownAt: timestamp('own_at', { withTimezone: true }).notNull(),
    /** Whom that message was for (a Slack user id, a ChatWork account id), when known. */
    counterpartId: text('counterpart_id'),
    /** The latest message of anyone else there that Matome saw. */
    otherAt: timestamp('other_at', { withTimezone: true }),
    /** The person took it off their Awaiting reply list; a newer message of theirs puts it back. */
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('conversation_turns_conversation_idx').on(
      table.connectionId,
      table.conversationId,
      table.threadTs,
    ),
    index('conversation_turns_user_idx').on(table.userId, table.ownAt),
    index('conversation_turns_own_message_idx').on(table.platform, table.ownMessageId),
    check('conversation_turns_kind_check', sql`${table.kind} in ('dm', 'thread', 'room')`),
  ],
);

/** The person's choices: auto-done when they reply, and how long a conversation waits before it is listed. */
export const replySettings = pgTable(
  'reply_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    autoDone: boolean('auto_done').notNull().default(false),
    awaitingDays: smallint('awaiting_days').notNull().default(3),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('reply_settings_days_check', sql`${table.awaitingDays} in (1, 3, 7)`)],
);
