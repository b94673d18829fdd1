import { and, count, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { platformConnections } from '../../db/schema/platform-connections.ts';
import { slackWorkspaceIntake } from '../../db/schema/slack-workspace-intake.ts';
import type { ConnectionRow } from '../connections/connections.repo.ts';

export type WorkspaceIntakeRow = typeof slackWorkspaceIntake.$inferSelect;

const live = and(
  eq(platformConnections.platform, 'slack'),
  ne(platformConnections.status, 'reauth_required'),
);

/** The Slack connections an event can concern, and what the intake keeps of each workspace's event flow. */
export function createSlackIntakeRepo(db: Database) {
  return {
    /** Every connection of a Slack workspace whose token is still good, of all users. */
    async connectionsOfTeam(teamId: string): Promise<ConnectionRow[]> {
      return db
        .select()
        .from(platformConnections)
        .where(and(live, eq(platformConnections.platformWorkspaceId, teamId)));
    },

    /** How many connected members each workspace has. */
    async memberCounts(teamIds: readonly string[]): Promise<Map<string, number>> {
      if (teamIds.length === 0) return new Map();
      const rows = await db
        .select({ teamId: platformConnections.platformWorkspaceId, members: count() })
        .from(platformConnections)
        .where(and(live, inArray(platformConnections.platformWorkspaceId, [...teamIds])))
        .groupBy(platformConnections.platformWorkspaceId);
      return new Map(rows.map((row) => [row.teamId ?? '', row.members]));
    },

    /** Every workspace with connected members, and their connection ids (for the health counts). */
    async workspacesWithMembers(): Promise<Map<string, string[]>> {
      const rows = await db
        .select({ teamId: platformConnections.platformWorkspaceId, id: platformConnections.id })
        .from(platformConnections)
        .where(and(live, isNotNull(platformConnections.platformWorkspaceId)));
      const byTeam = new Map<string, string[]>();
      for (const row of rows) byTeam.set(row.teamId!, [...(byTeam.get(row.teamId!) ?? []), row.id]);
      return byTeam;
    },

    async workspaces(teamIds: readonly string[]): Promise<Map<string, WorkspaceIntakeRow>> {
      if (teamIds.length === 0) return new Map();
      const rows = await db
        .select()
        .from(slackWorkspaceIntake)
        .where(inArray(slackWorkspaceIntake.teamId, [...teamIds]));
      return new Map(rows.map((row) => [row.teamId, row]));
    },

    /** Events arrived for the workspace up to `at`; `usualGapSeconds` is the caller's running average. */
    async recordEvents(teamId: string, at: Date, events: number, usualGapSeconds: number): Promise<void> {
      await db
        .insert(slackWorkspaceIntake)
        .values({ teamId, firstEventAt: at, lastEventAt: at, usualGapSeconds, eventsSeen: events })
        .onConflictDoUpdate({
          target: slackWorkspaceIntake.teamId,
          set: {
            lastEventAt: sql`greatest(${slackWorkspaceIntake.lastEventAt}, ${at.toISOString()}::timestamptz)`,
            usualGapSeconds,
            eventsSeen: sql`${slackWorkspaceIntake.eventsSeen} + ${events}`,
          },
        });
    },

    /** Slack stopped delivering the workspace's events until `until` (`app_rate_limited`). */
    async pause(teamId: string, at: Date, until: Date): Promise<void> {
      await db
        .insert(slackWorkspaceIntake)
        .values({ teamId, firstEventAt: at, lastEventAt: at, pausedUntil: until })
        .onConflictDoUpdate({ target: slackWorkspaceIntake.teamId, set: { pausedUntil: until } });
    },
  };
}

export type SlackIntakeRepo = ReturnType<typeof createSlackIntakeRepo>;
