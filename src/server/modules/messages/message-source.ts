import type {
  AccountStatsByPlatform,
  Platform,
  PlatformConnection,
  SourceMessageByPlatform,
} from '../../../contract/messages.ts';
import type { ConversationTurn } from '../../connectors/connector-account.ts';

export type ConnectionMessages<P extends Platform> = {
  stats: AccountStatsByPlatform[P];
  /** Newest first. */
  messages: SourceMessageByPlatform[P][];
  /** Who wrote last in the conversations the gathering looked at (ids and times; docs/decisions/154). */
  turns?: ConversationTurn[];
};

/**
 * Where a user's connections and messages come from. The messages service picks one per request (sample data for
 * demo and test mode, the user's real connections otherwise) and does the caching, merging and counting; a
 * platform connector plugs in as another implementation.
 */
export interface MessageSource {
  /** The user's connections on the platform; never another user's. */
  listConnections(userId: string, platform: Platform): Promise<PlatformConnection[]>;
  /**
   * Gathers messages for the given connections, all of them the user's. One failing connection must not fail the
   * call: it comes back with `status: 'error'` in its stats and no messages.
   */
  fetchMessages<P extends Platform>(
    userId: string,
    platform: P,
    connections: readonly PlatformConnection[],
    options: { forced: boolean },
  ): Promise<ConnectionMessages<P>[]>;
}
