import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * An OAuth consent in progress. The state sent to the provider is random and only its SHA-256 is kept; the
 * callback deletes the row as it reads it, so a state works once, for its user, until it expires.
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform', { enum: ['slack', 'chatwork', 'google-calendar'] }).notNull(),
    /**
     * SHA-256 of the browser-binding nonce set as a cookie in the browser that started the consent: the callback
     * is accepted only from that browser (RFC 9700 §4.7.1). Null only on rows from before binding existed,
     * which never match.
     */
    bindingHash: text('binding_hash'),
    /** PKCE verifier, encrypted like provider tokens. */
    codeVerifierEncrypted: text('code_verifier_encrypted'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('oauth_states_expires_idx').on(table.expiresAt),
    index('oauth_states_user_idx').on(table.userId),
  ],
);
