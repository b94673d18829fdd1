import {
  MESSAGE_WINDOW_SIZE,
  type SlackIntake,
  type SlackIntakeState,
  type SlackSourceMessage,
} from '../../../contract/messages.ts';
import type { Gathered } from '../../connectors/connector-account.ts';
import { ProviderError } from '../../connectors/provider-error.ts';
import { SLACK_ESSENTIAL_SEARCHES } from '../../connectors/slack/slack-client.ts';
import { SLACK_LOOKBACK_DAYS } from '../../connectors/slack/slack-searches.ts';
import type { ConnectionRow } from '../connections/connections.repo.ts';
import type { HistoryRetries } from './history-retries.ts';
import type { KeptMessages, KeptState } from './kept-messages.ts';
import type { SlackIntakeRepo } from './slack-intake.repo.ts';
import { pollEveryMinutes, workspaceFlow, type WorkspaceFlow } from './workspace-flow.ts';

/** A person's refresh searches a live connection again at most this often; between, events keep it current. */
export const REFRESH_SEARCH_EVERY_MS = 2 * 60_000;
/** Search finds a new message only seconds after it is posted: events this recent are kept over a search's answer. */
const INDEX_LAG_MS = 60_000;
/** The health counts are made at most this often. */
const HEALTH_EVERY_MS = 15_000;

export type SlackIntakeDeps = {
  repo: SlackIntakeRepo;
  kept: KeptMessages;
  /** Searches a connection's history with its valid token (the connector's gathering). */
  search: (row: ConnectionRow, sharedMaxAgeSeconds: number) => Promise<Gathered<SlackSourceMessage>>;
  /** Searches of the workspace's budget still free in the last 60 s. */
  searchBudgetLeft: (teamId: string) => Promise<number>;
  /** Whether private conversations reach every member live (an app-level token is set). */
  privateLive: boolean;
  /** Milliseconds since the epoch. */
  clock: () => number;
  /** Told of messages a history search found after the person's answer was made, to lay over it and stream. */
  onCaughtUp: (row: ConnectionRow, messages: SlackSourceMessage[]) => Promise<void>;
  /** Where a history the budget had no room for waits to be searched again. */
  retries: HistoryRetries;
};

export type IntakeGathered = Gathered<SlackSourceMessage>;

const teamOf = (row: ConnectionRow) => row.platformWorkspaceId ?? row.id;

function caughtUp(state: KeptState | undefined): state is KeptState & { searchedAt: number } {
  return state !== undefined && state.searchedAt !== null && state.backfill.done >= state.backfill.total;
}

/**
 * A Slack connection's inbox from the workspace's intake (issue 22, decision 147): what its searches found and
 * events brought since. Search fills only what events cannot: a connection's history (new, or lost with a restart
 * that kept nothing), a workspace whose events stopped or never came (at the polling interval its members share),
 * private conversations that events cannot fan out without an app-level token, and a person's refresh (at most
 * every two minutes). A search the workspace's budget has no room for leaves the connection catching up: it shows
 * what events brought and is searched again when the budget allows, in the background.
 */
export function createSlackIntakeService(deps: SlackIntakeDeps) {
  let health: { at: number; counts: Promise<Record<SlackIntakeState, number>> } | undefined;

  async function flowOf(
    teamId: string,
  ): Promise<{ flow: WorkspaceFlow; members: number; lastEventAt: Date | null }> {
    const [rows, counts] = await Promise.all([
      deps.repo.workspaces([teamId]),
      deps.repo.memberCounts([teamId]),
    ]);
    const row = rows.get(teamId);
    return {
      flow: workspaceFlow(row, deps.clock()),
      members: counts.get(teamId) ?? 1,
      lastEventAt: row?.lastEventAt ?? null,
    };
  }

  /** Why the connection is to be searched now, or null when its kept messages are current. */
  function searchReason(state: KeptState | undefined, flow: WorkspaceFlow, members: number, forced: boolean) {
    if (!caughtUp(state)) return 'history';
    const since = deps.clock() - state.searchedAt;
    const pollMs = pollEveryMinutes(members) * 60_000;
    if ((flow !== 'live' || !deps.privateLive) && since >= pollMs) return 'poll';
    if (forced && since >= REFRESH_SEARCH_EVERY_MS) return 'refresh';
    return null;
  }

  /** The latest 100 of the last 7 days, newest first, each ranked within its conversation. */
  function inboxOf(messages: readonly SlackSourceMessage[], state: KeptState | undefined): IntakeGathered {
    const since = deps.clock() / 1000 - SLACK_LOOKBACK_DAYS * 86_400;
    const ranks = new Map<string, number>();
    const latest = messages
      .filter((message) => message.send_time >= since)
      .sort((a, b) => Number(b.ts) - Number(a.ts))
      .slice(0, MESSAGE_WINDOW_SIZE)
      .map((message) => {
        const rank = (ranks.get(message.conversation_info.id) ?? 0) + 1;
        ranks.set(message.conversation_info.id, rank);
        return { ...message, position_index: rank };
      });
    return {
      messages: latest,
      checked: ranks.size,
      total: ranks.size,
      backfill: state?.backfill ?? { done: 0, total: SLACK_ESSENTIAL_SEARCHES },
      ...(state?.unavailable?.length ? { unavailable: state.unavailable } : {}),
    };
  }

  /** A history the budget had no room for, searched in the background; what it found reaches the open inbox. */
  async function catchUp(row: ConnectionRow): Promise<void> {
    const before = await deps.kept.read(row.id);
    const known = new Set(before.messages.map((message) => message.platform_message_id));
    const gathered = await gather(row, { forced: false });
    if (!caughtUp(await deps.kept.state(row.id))) return;
    const found = gathered.messages.filter((message) => !known.has(message.platform_message_id));
    if (found.length > 0) await deps.onCaughtUp(row, found);
  }

  /** Searches the connection's history into its kept messages; answers who wrote last in its DMs (decision 154). */
  async function searchInto(
    row: ConnectionRow,
    flow: WorkspaceFlow,
    members: number,
  ): Promise<IntakeGathered['turns']> {
    const startedAt = deps.clock();
    const sharedMaxAgeSeconds = flow === 'live' ? 24 * 60 * 60 : pollEveryMinutes(members) * 60;
    const found = await deps.search(row, sharedMaxAgeSeconds);
    const foundIds = new Set(found.messages.map((message) => message.platform_message_id));
    const before = await deps.kept.read(row.id);
    // A mention of the member or a DM the member's own searches no longer find was deleted, or an edit took the
    // mention out while events did not come; unless an event brought it after the search's index was made. Other
    // kinds come from shared searches made earlier, or only from events (thread replies): their deletions and
    // edits are the events' to tell.
    const gone = before.messages
      .filter(
        (message) =>
          (message.mention_types.is_direct_mention || message.is_dm) &&
          !foundIds.has(message.platform_message_id) &&
          message.send_time * 1000 < startedAt - INDEX_LAG_MS,
      )
      .map((message) => message.platform_message_id);
    await deps.kept.put(row.id, found.messages);
    await deps.kept.remove(row.id, gone);
    await deps.kept.setState(row.id, {
      searchedAt: startedAt,
      backfill: found.backfill ?? { done: SLACK_ESSENTIAL_SEARCHES, total: SLACK_ESSENTIAL_SEARCHES },
      ...(found.unavailable ? { unavailable: found.unavailable } : {}),
    });
    return found.turns;
  }

  /**
   * The connection's inbox: searched first when `searchReason` says so; a budget without room (ours or Slack's
   * own 429) leaves it catching up instead of failing. Any other provider fault fails the account as before.
   */
  async function gather(row: ConnectionRow, options: { forced: boolean }): Promise<IntakeGathered> {
    const { flow, members } = await flowOf(teamOf(row));
    const state = await deps.kept.state(row.id);
    const reason = searchReason(state, flow, members, options.forced);
    let turns: IntakeGathered['turns'];
    if (reason) {
      try {
        turns = await searchInto(row, flow, members);
      } catch (error) {
        if (!(error instanceof ProviderError) || error.failure !== 'rate_limited') throw error;
        if (!state)
          await deps.kept.setState(row.id, {
            searchedAt: null,
            backfill: { done: 0, total: SLACK_ESSENTIAL_SEARCHES },
          });
        if (reason === 'history') deps.retries.later(row, error.retryAfterSeconds ?? 60);
      }
    }
    const kept = await deps.kept.read(row.id);
    const overflow = kept.messages.length - 2 * MESSAGE_WINDOW_SIZE;
    const inbox = inboxOf(kept.messages, kept.state);
    if (overflow > 0) {
      const shown = new Set(inbox.messages.map((message) => message.platform_message_id));
      await deps.kept.remove(
        row.id,
        kept.messages.map((message) => message.platform_message_id).filter((id) => !shown.has(id)),
      );
    }
    return turns?.length ? { ...inbox, turns } : inbox;
  }

  async function statusOf(row: ConnectionRow): Promise<SlackIntake> {
    const teamId = teamOf(row);
    const [{ flow, members, lastEventAt }, state, left] = await Promise.all([
      flowOf(teamId),
      deps.kept.state(row.id),
      deps.searchBudgetLeft(teamId),
    ]);
    return {
      state: caughtUp(state) ? flow : 'catching_up',
      last_event_at: lastEventAt?.toISOString() ?? null,
      backfill: state?.backfill ?? { done: 0, total: SLACK_ESSENTIAL_SEARCHES },
      polls_every_minutes: flow === 'live' ? null : pollEveryMinutes(members),
      search_budget_left: Math.max(0, left),
      private_live: deps.privateLive,
    };
  }

  async function countWorkspaces(): Promise<Record<SlackIntakeState, number>> {
    const teams = await deps.repo.workspacesWithMembers();
    const rows = await deps.repo.workspaces([...teams.keys()]);
    const counts: Record<SlackIntakeState, number> = { live: 0, catching_up: 0, polling: 0, interrupted: 0 };
    for (const [teamId, connectionIds] of teams) {
      const states = await Promise.all(connectionIds.map((id) => deps.kept.state(id)));
      const state = states.every(caughtUp) ? workspaceFlow(rows.get(teamId), deps.clock()) : 'catching_up';
      counts[state] += 1;
    }
    return counts;
  }

  return {
    gather,
    catchUp,
    statusOf,

    /** Workspaces with connected members by state, for `GET /api/health`; made at most every 15 s. */
    async health(): Promise<{ private_live: boolean; workspaces: Record<SlackIntakeState, number> }> {
      const now = deps.clock();
      if (!health || now - health.at >= HEALTH_EVERY_MS) {
        health = { at: now, counts: countWorkspaces() };
        health.counts.catch(() => (health = undefined));
      }
      return { private_live: deps.privateLive, workspaces: await health.counts };
    },
  };
}

export type SlackIntakeService = ReturnType<typeof createSlackIntakeService>;
