import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { SavedViewFilters } from '../../../contract/saved-views.ts';
import { users } from './users.ts';

/**
 * A user's saved views (issue 24, docs/decisions/157): a name in their own words, the list's filters (ids and the
 * search words they typed) and a place in their order. The defaults are rows too, marked by `default_kind`, so
 * they move and take names like the rest; their `name` stays null until renamed.
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name'),
    defaultKind: text('default_kind', { enum: ['all', 'mentions', 'dms'] }),
    filters: jsonb('filters').$type<SavedViewFilters>().notNull(),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('saved_views_user_default_idx')
      .on(table.userId, table.defaultKind)
      .where(sql`${table.defaultKind} is not null`),
    uniqueIndex('saved_views_user_name_idx')
      .on(table.userId, sql`lower(${table.name})`)
      .where(sql`${table.name} is not null`),
    check('saved_views_name_check', sql`${table.name} is not null or ${table.defaultKind} is not null`),
    check('saved_views_name_length_check', sql`char_length(${table.name}) between 1 and 40`),
  ],
);
