import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { RuleActions, RuleConditions } from '../../../contract/rules.ts';
import { users } from './users.ts';

/**
 * A person's rules (issue 24, decision 156): ids of connections, channels, rooms, senders and tags, and the person's
 * own words only, never message content. `position` orders them (0 first).
 */
export const rules = pgTable(
  'rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name'),
    conditions: jsonb('conditions').$type<RuleConditions>().notNull(),
    actions: jsonb('actions').$type<RuleActions>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('rules_user_position_idx').on(table.userId, table.position)],
);

/** How a person's rules combine, and their quiet hours (for live pills now, notifications later). */
export const rulePreferences = pgTable(
  'rule_preferences',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    matchMode: text('match_mode', { enum: ['first', 'all'] })
      .notNull()
      .default('all'),
    /** `HH:MM`, with `quiet_end` and `quiet_time_zone`; all three null when there are no quiet hours. */
    quietStart: text('quiet_start'),
    quietEnd: text('quiet_end'),
    quietTimeZone: text('quiet_time_zone'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'rule_preferences_quiet_check',
      sql`(${table.quietStart} is null) = (${table.quietEnd} is null) and (${table.quietStart} is null) = (${table.quietTimeZone} is null)`,
    ),
  ],
);
