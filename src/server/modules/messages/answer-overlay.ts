import { LRUCache } from 'lru-cache';
import {
  PLATFORM_MESSAGES_CACHE_SECONDS,
  type MessageResultByPlatform,
  type Platform,
  type SourceMessage,
  type Tag,
} from '../../../contract/messages.ts';
import { withOutcome, type RuleOutcome } from '../../../contract/rules.ts';
import { foldText } from '../../../contract/text-search.ts';

/**
 * The person's rules as the messages service applies them (decision 156): `decide` says what they do to a message,
 * given its text folded for words (asked for only when a rule has words).
 */
export type MessageRules = {
  needsText: boolean;
  decide(message: SourceMessage, folded: () => string): RuleOutcome | null;
};

/** What is laid over a gathered result when an answer is encoded. */
export type Overlay = {
  /** The user's own tags by `platform_message_id`; null where the messages carry theirs already (sample data). */
  tags: ReadonlyMap<string, Tag[]> | null;
  rules: MessageRules | null;
  folded: (message: SourceMessage) => string;
};

/** The encoded result with the user's tags and the outcome of their rules on its messages. */
export function overlayAnswer<P extends Platform>(json: string, overlay: Overlay): string {
  const tags = overlay.tags && overlay.tags.size > 0 ? overlay.tags : null;
  // Gathered messages carry no tags and no marks, so a result with neither to lay over goes out as it was cached.
  if (!tags && !overlay.rules) return json;
  const result = JSON.parse(json) as MessageResultByPlatform[P];
  const { rules } = overlay;
  result.messages = result.messages.map((message) => {
    if (tags) message.tags = tags.get(message.platform_message_id) ?? [];
    return rules
      ? withOutcome(
          message,
          rules.decide(message, () => overlay.folded(message)),
        )
      : message;
  }) as MessageResultByPlatform[P]['messages'];
  return JSON.stringify(result);
}

/** Gathered results whose folded text is held per process; the least recently asked go first. */
const FOLDED_RESULTS_MAX = 500;

export const foldedTextOf = (message: SourceMessage) => foldText(message.content).text;

/**
 * Messages' text folded once per gathered result, not on every answer: kept beside the cache, with its time limit,
 * never in the database. A result replaced by a live change or a new gathering gets a new id, and so new entries.
 */
export function createFoldedTexts() {
  const byResult = new LRUCache<string, Map<string, string>>({
    max: FOLDED_RESULTS_MAX,
    ttl: PLATFORM_MESSAGES_CACHE_SECONDS * 1000,
  });
  return {
    /** The fold of a message of the gathered result `resultId`. */
    forResult(resultId: string): (message: SourceMessage) => string {
      let texts = byResult.get(resultId);
      if (!texts) {
        texts = new Map();
        byResult.set(resultId, texts);
      }
      const known = texts;
      return (message) => {
        let folded = known.get(message.platform_message_id);
        if (folded === undefined) {
          folded = foldedTextOf(message);
          known.set(message.platform_message_id, folded);
        }
        return folded;
      };
    },
  };
}
