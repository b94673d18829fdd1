import { accountCounts } from '../../../contract/classification.ts';
import type {
  AccountStats,
  AccountStatsByPlatform,
  Platform,
  PlatformConnection,
  SourceMessageByPlatform,
} from '../../../contract/messages.ts';
import { mapWithConcurrency, type Gathered } from '../../connectors/connector-account.ts';
import { ProviderError } from '../../connectors/provider-error.ts';
import type { ConnectionRow } from '../connections/connections.repo.ts';
import {
  failureOf,
  toPlatformConnection,
  type AccountFailure,
  type ConnectionsService,
} from '../connections/connections.service.ts';
import type { ProviderCalls } from '../connections/provider-calls.ts';
import type { SlackIntakeService } from '../slack-intake/slack-intake.service.ts';
import type { ConnectionMessages, MessageSource } from './message-source.ts';

/** Connections gathered at once for one user and platform (10, the largest plan, all at once). */
export const CONNECTIONS_GATHERED_AT_ONCE = 10;
/**
 * A connection is gathered from its provider at most once per 30 seconds: a request within that time of a
 * gathering that is running or has just succeeded (a forced refresh, the panel's refresh of one account, the
 * timeline's refresh of all) shares its result instead of calling the provider again, and says so (`reused`). A
 * failed gathering is shared only while it runs, so a retry asks the provider again (decision 144).
 */
export const GATHERING_SHARED_FOR_MS = 30_000;

export type ConnectedMessageSourceDeps = {
  connections: ConnectionsService;
  calls: ProviderCalls;
  /** Where a Slack connection's inbox comes from: events first, search for what they cannot bring (issue 22). */
  slackIntake: SlackIntakeService;
  /** Milliseconds since the epoch. */
  clock: () => number;
  /** Told about a failure that is not the provider's (a bug), which the account then reports as an error. */
  onUnexpectedError: (error: unknown) => void;
};

/**
 * The user's real Slack and ChatWork connections, read from the database and gathered through the connectors,
 * all connections at once. A connection that fails reports its error in its stats and gives no messages; the
 * others are unaffected.
 */
export function createConnectedMessageSource(deps: ConnectedMessageSourceDeps): MessageSource {
  function stats<P extends Platform>(
    platform: P,
    row: ConnectionRow,
    gathered: Gathered<SourceMessageByPlatform[P]>,
    failure: AccountFailure | null,
  ): AccountStatsByPlatform[P] {
    const now = new Date(deps.clock()).toISOString();
    const common = {
      account_name: row.platformUserName,
      workspace_name: row.platformWorkspaceName,
      connection_id: row.id,
      ...accountCounts(gathered.messages),
      status: failure ? ('error' as const) : ('completed' as const),
      ...(failure ? { error: failure } : {}),
      fetched_at: now,
      last_success_at: failure ? (row.lastSuccessAt?.toISOString() ?? null) : now,
      stale: false,
    };
    const result: AccountStats =
      platform === 'slack'
        ? {
            platform: 'slack',
            ...common,
            channels_checked: gathered.checked,
            total_channels: gathered.total,
            ...(gathered.unavailable ? { unavailable: gathered.unavailable } : {}),
          }
        : { platform: 'chatwork', ...common, rooms_checked: gathered.checked, total_rooms: gathered.total };
    return result as AccountStatsByPlatform[P];
  }

  async function gatherOne<P extends Platform>(
    platform: P,
    row: ConnectionRow,
    forced: boolean,
  ): Promise<ConnectionMessages<P>> {
    let gathered: Gathered<SourceMessageByPlatform[P]>;
    let failure: AccountFailure | null = null;
    try {
      gathered = (await (platform === 'slack'
        ? deps.slackIntake.gather(row, { forced })
        : deps.calls.gatherChatwork(row))) as Gathered<SourceMessageByPlatform[P]>;
    } catch (error) {
      failure = failureOf(error);
      if (!(error instanceof ProviderError)) deps.onUnexpectedError(error);
      gathered = { messages: [], checked: 0, total: 0 };
    }
    await deps.connections.recordFetch(row, failure);
    return {
      stats: stats(platform, row, gathered, failure),
      messages: gathered.messages,
      ...(gathered.turns ? { turns: gathered.turns } : {}),
    };
  }

  /** Recent gatherings per connection and token: running, or finished at `finishedAt`. */
  const recent = new Map<string, { result: Promise<ConnectionMessages<Platform>>; finishedAt?: number }>();

  function sharedGathering<P extends Platform>(
    platform: P,
    row: ConnectionRow,
    forced: boolean,
  ): Promise<ConnectionMessages<P>> {
    const now = deps.clock();
    for (const [key, entry] of recent) {
      if (entry.finishedAt !== undefined && now - entry.finishedAt >= GATHERING_SHARED_FOR_MS)
        recent.delete(key);
    }
    // A reconnected account has new tokens, so it is gathered afresh at once.
    const key = `${row.id}:${row.accessTokenEncrypted}`;
    const shared = recent.get(key);
    if (shared?.finishedAt !== undefined) {
      const reused = {
        next_gathering_at: new Date(shared.finishedAt + GATHERING_SHARED_FOR_MS).toISOString(),
      };
      return shared.result.then((part) => ({ ...part, stats: { ...part.stats, reused } })) as Promise<
        ConnectionMessages<P>
      >;
    }
    // A gathering still running is this request's own, as fresh as one it would start.
    if (shared) return shared.result as Promise<ConnectionMessages<P>>;
    const entry: { result: Promise<ConnectionMessages<Platform>>; finishedAt?: number } = {
      result: gatherOne(platform, row, forced),
    };
    const forget = () => {
      if (recent.get(key) === entry) recent.delete(key);
    };
    entry.result.then((part) => {
      if (part.stats.status === 'error') forget();
      else entry.finishedAt = deps.clock();
    }, forget);
    recent.set(key, entry);
    return entry.result as Promise<ConnectionMessages<P>>;
  }

  return {
    async listConnections(userId: string, platform: Platform): Promise<PlatformConnection[]> {
      if (platform !== 'slack') return deps.connections.list(userId, platform);
      const rows = await deps.connections.listRows(userId, platform);
      return Promise.all(
        rows.map(async (row) => ({
          ...toPlatformConnection(row),
          ...(row.status === 'reauth_required' ? {} : { slack_intake: await deps.slackIntake.statusOf(row) }),
        })),
      );
    },

    async fetchMessages<P extends Platform>(
      userId: string,
      platform: P,
      connections: readonly PlatformConnection[],
      options: { forced: boolean },
    ): Promise<ConnectionMessages<P>[]> {
      const wanted = new Set(connections.map((connection) => connection.id));
      const rows = (await deps.connections.listRows(userId, platform)).filter((row) => wanted.has(row.id));
      return mapWithConcurrency(rows, CONNECTIONS_GATHERED_AT_ONCE, (row) =>
        sharedGathering(platform, row, options.forced),
      );
    },
  };
}
