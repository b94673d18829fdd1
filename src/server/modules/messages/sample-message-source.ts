import type { Language } from '../../../contract/auth.ts';
import type { Platform, PlatformConnection } from '../../../contract/messages.ts';
import type { ConnectionMessages, MessageSource } from './message-source.ts';
import { generateSample, generateSampleConnections } from './sample-data/generate-sample-data.ts';

/** Sample data in one language, generated on demand; nothing of it is stored. */
export function createSampleMessageSource(options: {
  language: Language;
  perPlatform: number;
  /** Milliseconds since the epoch. */
  clock: () => number;
}): MessageSource {
  const sampleOptions = (ownerId: string) => ({
    language: options.language,
    ownerId,
    now: Math.floor(options.clock() / 1000),
    perPlatform: options.perPlatform,
  });

  return {
    async listConnections(userId: string, platform: Platform): Promise<PlatformConnection[]> {
      return generateSampleConnections(platform, sampleOptions(userId));
    },

    async fetchMessages<P extends Platform>(
      userId: string,
      platform: P,
      connections: readonly PlatformConnection[],
    ): Promise<ConnectionMessages<P>[]> {
      const onlyConnectionIds = new Set(connections.map((connection) => connection.id));
      return generateSample(platform, { ...sampleOptions(userId), onlyConnectionIds }).map(
        ({ stats, messages }) => ({ stats, messages }),
      );
    },
  };
}
