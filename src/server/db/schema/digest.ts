import { sql } from 'drizzle-orm';
import { boolean, check, date, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * The morning digest (issue 25, docs/decisions/160): a person's choice of an e-mail at a local time, and the days
 * one was sent. Counts, names and ids go into the mail; nothing of it is stored here.
 */
export const digestSettings = pgTable(
  'digest_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
    /** `HH:MM` on the wall clock of `time_zone`. */
    sendAt: text('send_at').notNull().default('08:30'),
    /** IANA time zone, e.g. `Asia/Tokyo`; the browser's when the person first saved. */
    timeZone: text('time_zone').notNull(),
    /** The language of the mail: the interface language the person last saved in. */
    language: text('language', { enum: ['en', 'jp'] })
      .notNull()
      .default('en'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('digest_settings_send_at_check', sql`${table.sendAt} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check('digest_settings_language_check', sql`${table.language} in ('en', 'jp')`),
  ],
);

/**
 * One row per person per local day a digest was claimed: inserted before the mail goes out, so two instances or a
 * job that runs again never send that day's digest twice.
 */
export const digestSends = pgTable(
  'digest_sends',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The day on the person's own calendar the digest belongs to. */
    localDate: date('local_date', { mode: 'string' }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.localDate] })],
);
