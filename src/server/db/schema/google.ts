import { sql } from 'drizzle-orm';
import { check, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A user's Google Calendar and Tasks grant (one per user): the scopes Google actually granted and the tokens,
 * encrypted like the chat connections'. A revoked grant stays as `disconnected`, so the page offers to reconnect.
 */
export const googleConnections = pgTable(
  'google_connections',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['connected', 'disconnected'] }).notNull(),
    /** Space-separated, as Google's token answer lists them. */
    scopes: text('scopes').notNull(),
    accessTokenEncrypted: text('access_token_encrypted').notNull(),
    refreshTokenEncrypted: text('refresh_token_encrypted'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('google_connections_status_check', sql`${table.status} in ('connected', 'disconnected')`),
  ],
);

/**
 * One row per form submission (its idempotency key): claimed before Google is called, then holding what Google
 * created, so a repeated submit answers the same event or task instead of creating another.
 */
export const googleSubmissions = pgTable(
  'google_submissions',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    kind: text('kind', { enum: ['event', 'task'] }).notNull(),
    /** The created resource as answered to the page; null while the first request is still with Google. */
    result: text('result'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.idempotencyKey] })],
);
