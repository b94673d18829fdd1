import type { Platform, PlatformConnection } from '../../../../contract/messages.ts';
import { generateChatworkConnections, generateChatworkSample } from './chatwork-sample.ts';
import type { SampleAccount, SampleOptions } from './sample-common.ts';
import { generateSlackConnections, generateSlackSample } from './slack-sample.ts';

/**
 * Deterministic sample data: the same language and size always give the same people, rooms, texts, ids, positions
 * and tags; `now` only moves the send times, and `ownerId` only the connection ids. Content is seeded by language
 * rather than by user, so every demo looks the same (and screenshots and end-to-end checks can rely on it).
 */
export function generateSample<P extends Platform>(platform: P, options: SampleOptions): SampleAccount<P>[] {
  const generated = platform === 'chatwork' ? generateChatworkSample(options) : generateSlackSample(options);
  return generated as SampleAccount<P>[];
}

/** The fake connections alone, without generating messages. */
export function generateSampleConnections(platform: Platform, options: SampleOptions): PlatformConnection[] {
  return platform === 'chatwork' ? generateChatworkConnections(options) : generateSlackConnections(options);
}
