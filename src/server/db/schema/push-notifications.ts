import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { NotificationKind } from '../../../contract/push-notifications.ts';
import { users } from './users.ts';

/**
 * A device's Web Push subscription (issue 25, docs/decisions/159). The endpoint is the push service's address for
 * the device; its two keys (p256dh, auth) are sealed like provider tokens. The label is read from the browser's
 * user agent when it subscribed; the language is that page's, for the words of what the device is sent.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** `{p256dh, auth}` as JSON, sealed with the token cipher. */
    keysSealed: text('keys_sealed').notNull(),
    /** "Chrome 130 on macOS" (as sessions describe a browser); null when the user agent said nothing useful. */
    deviceLabel: text('device_label'),
    language: text('language', { enum: ['en', 'jp'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(table.endpoint),
    index('push_subscriptions_user_idx').on(table.userId),
    check('push_subscriptions_language_check', sql`${table.language} in ('en', 'jp')`),
  ],
);

/** What a person wants pushed (one row a person; absent: the defaults, direct mentions and DMs only). */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  kinds: jsonb('kinds').$type<NotificationKind[]>().notNull(),
  /** Only these connections notify; null: every connection. */
  connectionIds: jsonb('connection_ids').$type<string[]>(),
  includeFirstLine: boolean('include_first_line').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per message pushed to a person: the claim that makes a message go out once (to each of their devices)
 * across instances and replays when there is no Redis. Ids only; rows older than a day are swept.
 */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `platform:platform_message_id`. */
    messageKey: text('message_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.messageKey] }),
    index('push_deliveries_created_idx').on(table.createdAt),
  ],
);

/** A person's current burst of notifications: mentions within a minute of its start collapse into one. */
export const pushBursts = pgTable('push_bursts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

/**
 * What the quiet hours held back for a person: how many notifications, the newest message's place in Matome (ids
 * only) and when the hours end. At that time one notification says how many came; the row goes with it.
 */
export const pushHeld = pgTable(
  'push_held',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    count: integer('count').notNull(),
    latestUrl: text('latest_url').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('push_held_due_idx').on(table.dueAt)],
);
