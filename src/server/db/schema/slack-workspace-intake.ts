import { doublePrecision, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What the Slack intake knows of a workspace's event flow (decision 147): ids and times only, no message. It
 * outlives a restart, so a workspace whose events flowed is not mistaken for one that sends none.
 */
export const slackWorkspaceIntake = pgTable('slack_workspace_intake', {
  teamId: text('team_id').primaryKey(),
  firstEventAt: timestamp('first_event_at', { withTimezone: true }).notNull(),
  lastEventAt: timestamp('last_event_at', { withTimezone: true }).notNull(),
  /** A moving average of the seconds between the workspace's events: its usual quiet. */
  usualGapSeconds: doublePrecision('usual_gap_seconds').notNull().default(0),
  eventsSeen: integer('events_seen').notNull().default(0),
  /** Slack paused the workspace's events (`app_rate_limited`) until this time; search fills in meanwhile. */
  pausedUntil: timestamp('paused_until', { withTimezone: true }),
});
