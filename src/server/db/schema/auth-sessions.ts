import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * One sign-in (a browser or device): what the sessions list shows and what every request's access token is
 * checked against. Its refresh tokens (`refresh_sessions`) share its id as their family. A session ends at
 * `expiresAt` whatever happens (absolute lifetime), earlier when it has not been used for the idle limit, and
 * at once when `endedAt` is set (sign out, sign out everywhere, password change or reset, refresh-token reuse).
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The browser's User-Agent when it signed in, cut to a bounded length. */
    userAgent: text('user_agent'),
    /** The client address it signed in from, as the server saw it (TRUST_PROXY decides which one). */
    ipAddress: text('ip_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last sign-in or refresh: access tokens live 15 minutes, so an open tab refreshes at least that often. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [index('auth_sessions_user_idx').on(table.userId)],
);
