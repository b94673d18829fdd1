import type { SlackUnavailable } from '../../contract/messages.ts';

/** The connection a connector gathers for or replies through, as the connectors need to know it. */
export type ConnectorAccount = {
  connectionId: string;
  /** My id on the platform: ChatWork account id as text, Slack user id. */
  platformUserId: string;
  accountName: string | null;
  workspaceId: string | null;
  workspaceName: string | null;
};

/** A kind of message a gathering could not look for, and why. */
export type Unavailable = SlackUnavailable;

/**
 * What one gathering found for one connection: the messages (newest first), how much was looked at, and what it
 * could not look for.
 */
export type Gathered<M> = {
  messages: M[];
  checked: number;
  total: number;
  unavailable?: Unavailable[];
  /** Slack: the searches this account's history needs, and how many were made (issue 22). */
  backfill?: { done: number; total: number };
  /** Who wrote last in the conversations looked at, as ids and times (docs/decisions/154). */
  turns?: ConversationTurn[];
};

/**
 * One conversation as a gathering or an event saw it: the person's own latest message there, and the latest time
 * anyone else wrote. Ids and times only.
 */
export type ConversationTurn = {
  kind: 'dm' | 'thread' | 'room';
  /** Slack channel id, ChatWork room id. */
  conversationId: string;
  /** A Slack thread's parent `ts`; empty otherwise. */
  threadTs: string;
  /** The person's latest message there: its `platform_message_id`, its order within the conversation (Slack `ts`, ChatWork message id) and send time. */
  own: { messageId: string; order: string; at: number; to: string | null } | null;
  /** Milliseconds since the epoch. */
  otherAt: number | null;
};
/** A turn with the person's own message in it. */
export type OwnTurn = ConversationTurn & { own: NonNullable<ConversationTurn['own']> };

/**
 * Runs `task` over `items` with at most `limit` running at once, keeping the results in order. A failing task
 * fails the whole run, as `Promise.all` does.
 */
export async function mapWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  async function worker(): Promise<void> {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await task(items[index]!);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
