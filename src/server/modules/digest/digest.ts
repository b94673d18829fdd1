import type { Database } from '../../db/client.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { HiddenMessagesService } from '../hidden-messages/hidden-messages.service.ts';
import type { MessagesService } from '../messages/messages.service.ts';
import type { RepliesAwaitedService } from '../replies-awaited/replies-awaited.service.ts';
import type { RulesService } from '../rules/rules.service.ts';
import type { TriageService } from '../triage/triage.service.ts';
import { createDigestRepo } from './digest.repo.ts';
import { createDigestService } from './digest.service.ts';
import { createUnsubscribeTokens } from './unsubscribe-token.ts';

/**
 * The digest service over the other modules' services. A background job has no sign-in, so it reads as the person
 * themself (`sessionFamilyId: ''`, as the replies module's auto-done does); demo accounts, whose state is kept per
 * sign-in, never get a digest. Messages come from the messages service's cache, gathered when missing, and are
 * read in memory only (DESIGN.md §4).
 */
export function createDigest(deps: {
  db: Database;
  /** The server's signing secret; the unsubscribe links' key is derived from it. */
  secret: string;
  mailer: Pick<Mailer, 'send'>;
  publicUrl: string;
  clock: () => number;
  messages: Pick<MessagesService, 'gatheredMessages'>;
  hiddenMessages: Pick<HiddenMessagesService, 'hiddenIds'>;
  triage: Pick<TriageService, 'snoozes' | 'doneMarks'>;
  rules: Pick<RulesService, 'messageRules'>;
  repliesAwaited: Pick<RepliesAwaitedService, 'awaiting'>;
  onError: (error: unknown) => void;
}) {
  const subject = (userId: string) => ({ userId, sessionFamilyId: '' });
  return createDigestService({
    repo: createDigestRepo(deps.db),
    tokens: createUnsubscribeTokens(deps.secret),
    mailer: deps.mailer,
    publicUrl: deps.publicUrl,
    clock: deps.clock,
    gathered: async (userId, platform) =>
      (await deps.messages.gatheredMessages(userId, platform)).read().messages,
    hiddenIds: (userId) => deps.hiddenMessages.hiddenIds(subject(userId)),
    triage: async (userId) => {
      const [snoozes, done] = await Promise.all([
        deps.triage.snoozes(subject(userId)),
        deps.triage.doneMarks(subject(userId)),
      ]);
      return { snoozes, done };
    },
    rules: async (userId) => {
      const rules = await deps.rules.messageRules(userId);
      return rules ? (message, folded) => rules.decide(message, folded) : null;
    },
    // Conversations waiting a day or more: the shortest wait the Awaiting reply view offers.
    awaiting: async (userId) => (await deps.repliesAwaited.awaiting(userId, 1)).conversations,
    onError: deps.onError,
  });
}
