import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** A user's tags. Names are unique per user whatever their letter case. */
export const tags = pgTable(
  'tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    nameJp: text('name_jp'),
    color: text('color').notNull().default('#6B7280'),
    description: text('description'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('tags_user_name_idx').on(table.userId, sql`lower(${table.name})`),
    check('tags_color_check', sql`${table.color} ~ '^#[0-9A-F]{6}$'`),
    check('tags_name_length_check', sql`char_length(${table.name}) between 1 and 50`),
  ],
);

/** Which messages carry which tag; identifiers only, never message content. */
export const messageTags = pgTable(
  'message_tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    platform: text('platform', { enum: ['chatwork', 'slack'] }).notNull(),
    platformMessageId: text('platform_message_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('message_tags_tag_message_idx').on(table.tagId, table.platform, table.platformMessageId),
    index('message_tags_user_message_idx').on(table.userId, table.platform, table.platformMessageId),
  ],
);
