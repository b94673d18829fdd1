import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { platformConnections } from './platform-connections.ts';

/**
 * The token of a ChatWork account webhook (`mention_to_me`) the user created in ChatWork and pasted into Matome,
 * one per connection, stored only encrypted. It verifies the webhook's signature; it is no API credential.
 */
export const chatworkWebhooks = pgTable('chatwork_webhooks', {
  connectionId: uuid('connection_id')
    .primaryKey()
    .references(() => platformConnections.id, { onDelete: 'cascade' }),
  tokenEncrypted: text('token_encrypted').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
