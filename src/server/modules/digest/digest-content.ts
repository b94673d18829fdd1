import type { AwaitingConversation } from '../../../contract/awaiting.ts';
import { displayedType, messageIdOf } from '../../../contract/classification.ts';
import { platformNames, type Platform, type SourceMessage } from '../../../contract/messages.ts';
import type { HiddenIds } from '../../../contract/hidden-messages.ts';
import type { RuleOutcome } from '../../../contract/rules.ts';
import { foldText } from '../../../contract/text-search.ts';
import { isTriagedAway, triageStates, type DoneEntry, type SnoozeEntry } from '../../../contract/triage.ts';

/** The types a digest counts, in the order it shows them (the list's type filters). */
export const digestTypes = ['mention', 'dm', 'reply', 'all-mention'] as const;
export type DigestType = (typeof digestTypes)[number];

/** How many of the oldest unanswered conversations and of the busiest senders a digest names. */
export const DIGEST_LIST_MAX = 3;

/**
 * What a digest says: counts, names, times and ids only. Nothing here holds a word of any message, so the mail
 * cannot carry one (DESIGN.md §4).
 */
export type DigestContent = {
  total: number;
  accounts: { platform: Platform; label: string; counts: Record<DigestType, number>; total: number }[];
  /** The oldest message waiting in the inbox: who wrote it where, and when. */
  oldestWaiting: { sender: string; place: string; platform: Platform; at: Date } | null;
  /** Conversations where the person wrote last and nobody answered, oldest first. */
  unanswered: {
    platform: Platform;
    account: string;
    kind: AwaitingConversation['kind'];
    to: string | null;
    since: Date;
  }[];
  unansweredTotal: number;
  topSenders: { name: string; platform: Platform; count: number }[];
};

export type WaitingInputs = {
  messages: readonly SourceMessage[];
  hidden: HiddenIds;
  triage: { snoozes: readonly SnoozeEntry[]; done: readonly DoneEntry[] };
  /** The person's rules, or null when none applies; a muted message is not waiting in the inbox. */
  decide: ((message: SourceMessage, folded: () => string) => RuleOutcome | null) | null;
  awaiting: readonly AwaitingConversation[];
  now: number;
};

/** The one type a message is counted under: a Slack thread reply counts as a reply. */
function typeOf(message: SourceMessage): DigestType {
  const type = displayedType(message.mention_types, message.platform);
  return type === 'thread' ? 'reply' : type;
}

function accountLabel(message: SourceMessage): string {
  const { workspace_name, account_name } = message.account_info;
  const place = workspace_name ?? platformNames[message.platform];
  return account_name ? `${place} (${account_name})` : place;
}

function placeOf(message: SourceMessage): string {
  return message.platform === 'slack' ? message.conversation_info.name : message.room_info.name;
}

/**
 * The messages waiting in the person's inbox as the list shows it (not hidden, not snoozed or done, not muted by a
 * rule), counted per account and type, with the oldest of them, the busiest senders and the conversations awaiting a
 * reply.
 */
export function digestContent(inputs: WaitingInputs): DigestContent {
  const hidden = new Set([
    ...inputs.hidden.chatwork.map((id) => messageIdOf('chatwork', id)),
    ...inputs.hidden.slack.map((id) => messageIdOf('slack', id)),
  ]);
  const states = triageStates(inputs.messages, inputs.triage, inputs.now);
  const waiting = inputs.messages.filter((message) => {
    const id = messageIdOf(message.platform, message.platform_message_id);
    if (hidden.has(id) || isTriagedAway(states.get(id))) return false;
    const outcome = inputs.decide?.(message, () => foldText(message.content).text) ?? null;
    return outcome?.muted !== true;
  });

  const accounts = new Map<string, DigestContent['accounts'][number]>();
  const senders = new Map<string, DigestContent['topSenders'][number]>();
  const names = new Map<string, string>();
  let oldest: SourceMessage | null = null;
  for (const message of waiting) {
    const key = `${message.platform}:${message.account_info.connection_id}`;
    const account = accounts.get(key) ?? {
      platform: message.platform,
      label: accountLabel(message),
      counts: { mention: 0, dm: 0, reply: 0, 'all-mention': 0 },
      total: 0,
    };
    account.counts[typeOf(message)] += 1;
    account.total += 1;
    accounts.set(key, account);
    const senderKey = `${message.platform}:${message.account.account_id}`;
    const sender = senders.get(senderKey) ?? {
      name: message.account.name,
      platform: message.platform,
      count: 0,
    };
    sender.count += 1;
    senders.set(senderKey, sender);
    if (!oldest || message.send_time < oldest.send_time) oldest = message;
  }
  for (const message of inputs.messages) {
    names.set(`${message.platform}:${message.account.account_id}`, message.account.name);
  }

  const unanswered = [...inputs.awaiting].sort((a, b) => a.written_at.localeCompare(b.written_at));
  return {
    total: waiting.length,
    accounts: [...accounts.values()].sort((a, b) => b.total - a.total || a.label.localeCompare(b.label)),
    oldestWaiting: oldest
      ? {
          sender: oldest.account.name,
          place: placeOf(oldest),
          platform: oldest.platform,
          at: new Date(oldest.send_time * 1000),
        }
      : null,
    unanswered: unanswered.slice(0, DIGEST_LIST_MAX).map((conversation) => ({
      platform: conversation.platform,
      account:
        conversation.workspace_name ?? conversation.account_name ?? platformNames[conversation.platform],
      kind: conversation.kind,
      to: conversation.counterpart_id
        ? (names.get(`${conversation.platform}:${conversation.counterpart_id}`) ?? null)
        : null,
      since: new Date(conversation.written_at),
    })),
    unansweredTotal: unanswered.length,
    topSenders: [...senders.values()]
      .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
      .slice(0, DIGEST_LIST_MAX),
  };
}

/** Whether the day has anything for a digest: a message waiting, or a conversation awaiting a reply. */
export function hasSomethingWaiting(content: DigestContent): boolean {
  return content.total > 0 || content.unansweredTotal > 0;
}
