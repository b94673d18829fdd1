import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A Google or GitHub sign-in in progress. Nobody is signed in yet, so unlike `oauth_states` it belongs to a
 * browser, not a user: the random state is kept only as a hash, with the hash of the browser-binding cookie and
 * the encrypted PKCE verifier; the callback deletes the row as it reads it.
 */
export const signInStates = pgTable(
  'sign_in_states',
  {
    stateHash: text('state_hash').primaryKey(),
    provider: text('provider', { enum: ['google', 'github'] }).notNull(),
    bindingHash: text('binding_hash').notNull(),
    codeVerifierEncrypted: text('code_verifier_encrypted').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('sign_in_states_expires_idx').on(table.expiresAt),
    index('sign_in_states_binding_idx').on(table.bindingHash),
  ],
);

/**
 * The single-use code a finished sign-in hands to the page (decision 101): the page trades it, from the same
 * browser and within a minute, for the session cookie and an access token. Only its hash is kept.
 */
export const signInHandoffs = pgTable(
  'sign_in_handoffs',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bindingHash: text('binding_hash').notNull(),
    provider: text('provider', { enum: ['google', 'github'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sign_in_handoffs_expires_idx').on(table.expiresAt)],
);
