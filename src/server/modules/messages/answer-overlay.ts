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

/** Cached results whose folded text is held per process; the least recently asked go first. */
const FOLDED_RESULTS_MAX = 500;

export const foldedTextOf = (message: SourceMessage) => foldText(message.content).text;

/**
 * Messages' text folded once, not on every answer: kept per cached result (a user's platform or connection) beside
 * the cache, with its time limit, never in the database. A live change or a new gathering replaces the result but
 * keeps most of its messages, whose folds are reused while their text is the same; an edited message is folded anew.
 */
export function createFoldedTexts() {
  const byResult = new LRUCache<string, Map<string, { text: string; folded: string }>>({
    max: FOLDED_RESULTS_MAX,
    ttl: PLATFORM_MESSAGES_CACHE_SECONDS * 1000,
  });
  return {
    /** The fold of a message of the cached result under `resultKey`. */
    forResult(resultKey: string): (message: SourceMessage) => string {
      let texts = byResult.get(resultKey);
      if (!texts) {
        texts = new Map();
        byResult.set(resultKey, texts);
      }
      const known = texts;
      return (message) => {
        const seen = known.get(message.platform_message_id);
        if (seen?.text === message.content) return seen.folded;
        const folded = foldedTextOf(message);
        known.set(message.platform_message_id, { text: message.content, folded });
        return folded;
      };
    },
  };
}
