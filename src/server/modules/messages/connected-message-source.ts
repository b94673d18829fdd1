import type { Platform, PlatformConnection } from '../../../contract/messages.ts';
import type { ConnectionMessages, MessageSource } from './message-source.ts';

/**
 * The user's real Slack and ChatWork connections. Connecting accounts arrives with the platform connectors; until
 * then every user has none, which is an empty inbox rather than an error.
 */
export function createConnectedMessageSource(): MessageSource {
  return {
    async listConnections(_userId: string, _platform: Platform): Promise<PlatformConnection[]> {
      return [];
    },

    async fetchMessages<P extends Platform>(
      _userId: string,
      _platform: P,
      _connections: readonly PlatformConnection[],
    ): Promise<ConnectionMessages<P>[]> {
      return [];
    },
  };
}
