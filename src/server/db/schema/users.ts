import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    /** When the owner proved they receive mail at `email`; null until then (accounts from before verification). */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    name: text('name').notNull(),
    /** argon2id PHC string; null for users who only sign in through OAuth. */
    passwordHash: text('password_hash'),
    planType: text('plan_type', { enum: ['free', 'pro', 'proplus'] })
      .notNull()
      .default('free'),
    onboardingCompleted: boolean('onboarding_completed').notNull().default(false),
    onboardingStep: integer('onboarding_step').notNull().default(0),
    isFirstLogin: boolean('is_first_login').notNull().default(true),
    oauthProvider: text('oauth_provider', { enum: ['google', 'github'] }),
    isDemo: boolean('is_demo').notNull().default(false),
    /** Honoured only while the email is listed in TEST_MODE_EMAILS. */
    testModeEnabled: boolean('test_mode_enabled').notNull().default(false),
    testModeLanguage: text('test_mode_language', { enum: ['en', 'jp'] })
      .notNull()
      .default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('users_plan_type_check', sql`${table.planType} in ('free', 'pro', 'proplus')`),
    check('users_email_lowercase_check', sql`${table.email} = lower(${table.email})`),
    check('users_test_mode_language_check', sql`${table.testModeLanguage} in ('en', 'jp')`),
  ],
);
