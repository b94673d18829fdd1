import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A Slack workspace or ChatWork account a user connected. Tokens are stored only encrypted (AES-256-GCM; each
 * value carries the id of the key that sealed it). Connecting the same workspace and platform user again updates
 * this row (the unique key below), so a reconnect never duplicates a connection.
 */
export const platformConnections = pgTable(
  'platform_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform', { enum: ['slack', 'chatwork'] }).notNull(),
    /** Slack user id; ChatWork account id as text. */
    platformUserId: text('platform_user_id').notNull(),
    platformUserName: text('platform_user_name'),
    /** Slack team id; ChatWork organisation id, null for an account outside any organisation. */
    platformWorkspaceId: text('platform_workspace_id'),
    platformWorkspaceName: text('platform_workspace_name'),
    platformUserEmail: text('platform_user_email'),
    platformAvatarUrl: text('platform_avatar_url'),
    /** The scopes the provider granted, as it listed them. */
    scopes: text('scopes').notNull().default(''),
    accessTokenEncrypted: text('access_token_encrypted').notNull(),
    /** Null when the provider issues no refresh token (Slack without token rotation). */
    refreshTokenEncrypted: text('refresh_token_encrypted'),
    /** Null when the access token does not expire. */
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    status: text('status', { enum: ['active', 'error', 'reauth_required'] })
      .notNull()
      .default('active'),
    /** The last successful gathering (the column keeps its first name; a failed gathering does not write it). */
    lastSuccessAt: timestamp('last_fetched_at', { withTimezone: true }),
    /** Who holds the right to refresh the tokens, and until when: one refresh at a time across instances. */
    refreshLeaseOwner: text('refresh_lease_owner'),
    refreshLeaseUntil: timestamp('refresh_lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('platform_connections_identity_unique')
      .on(table.userId, table.platform, table.platformWorkspaceId, table.platformUserId)
      .nullsNotDistinct(),
    index('platform_connections_user_idx').on(table.userId, table.platform),
    check('platform_connections_platform_check', sql`${table.platform} in ('slack', 'chatwork')`),
    check(
      'platform_connections_status_check',
      sql`${table.status} in ('active', 'error', 'reauth_required')`,
    ),
  ],
);
