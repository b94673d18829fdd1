import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A link sent by e-mail: only the SHA-256 of its random token is kept, and following it deletes the row, so a
 * link works once until it expires.
 * - `register`: a sign-up waiting for its address to be confirmed; the account is created only when the link
 *   is followed, with the name and password hash kept here (no user row yet).
 * - `verify_email`: confirms `email` for `userId` (an e-mail change, or an existing unverified address).
 * - `reset_password`: lets the holder set a new password for `userId`.
 */
export const emailTokens = pgTable(
  'email_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    purpose: text('purpose', { enum: ['register', 'verify_email', 'reset_password'] }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name'),
    passwordHash: text('password_hash'),
    language: text('language', { enum: ['en', 'jp'] })
      .notNull()
      .default('en'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('email_tokens_expires_idx').on(table.expiresAt),
    index('email_tokens_user_idx').on(table.userId),
    check(
      'email_tokens_purpose_check',
      sql`${table.purpose} in ('register', 'verify_email', 'reset_password')`,
    ),
  ],
);
