import {
  DEFAULT_AWAITING_DAYS,
  HANDLED_KEPT_DAYS,
  awaitingErrorCodes,
  type AwaitingConversation,
  type AwaitingDays,
  type AwaitingResponse,
  type HandledMark,
  type HandledVia,
  type ReplySettings,
  type ReplySettingsUpdate,
} from '../../../contract/awaiting.ts';
import type { Platform, SourceMessage } from '../../../contract/messages.ts';
import type { MessageRef } from '../../../contract/tags.ts';
import { doneItemOf, type DoneItem } from '../../../contract/triage.ts';
import { chatworkMessageUrl } from '../../connectors/chatwork/chatwork-inbound.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { ConnectionRow } from '../connections/connections.repo.ts';
import type { ConnectionMessages } from '../messages/message-source.ts';
import type { SlackPosted } from '../slack-intake/slack-event-intake.ts';
import type { RepliesAwaitedRepo, TurnRow } from './replies-awaited.repo.ts';
import { replyDoneItem, replyTurn, type MatomeReply } from './matome-reply.ts';
import { answers, slackOwnTurn, slackPlaceOf } from './turns.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The most conversations the Awaiting reply view lists, longest waiting first. */
export const AWAITING_LIST_MAX = 200;

export type RepliesAwaitedServiceDeps = {
  repo: RepliesAwaitedRepo;
  /** Milliseconds since the epoch. */
  clock: () => number;
  /** The person's connections on both platforms, to name the accounts of their conversations. */
  connectionsOf: (userId: string) => Promise<ConnectionRow[]>;
  /** Marks messages done through the triage service (auto-done when I reply). */
  markDone: (userId: string, items: DoneItem[]) => Promise<void>;
  /** Told after the person's handled marks or conversations changed (the `replies_changed` live event). */
  onChanged: (userId: string) => Promise<void>;
};

type HandledItem = { ref: MessageRef; done: DoneItem | null };

function linkOf(row: TurnRow, connection: ConnectionRow): string {
  if (row.platform === 'chatwork') return chatworkMessageUrl(row.conversationId, row.ownMessageId);
  // Slack's permalinks need the workspace's domain, which is not kept; its redirect opens the conversation.
  const query = new URLSearchParams({
    channel: row.conversationId,
    ...(connection.platformWorkspaceId ? { team: connection.platformWorkspaceId } : {}),
  });
  return `https://slack.com/app_redirect?${query}`;
}

/**
 * Handled messages and conversations awaiting a reply (issue 24, docs/decisions/154): what the person's own
 * messages answered, seen from Matome's reply, Slack events and gathering, and where they wrote last.
 */
export function createRepliesAwaitedService(deps: RepliesAwaitedServiceDeps) {
  const { repo } = deps;

  async function settingsOf(userId: string): Promise<ReplySettings> {
    const row = await repo.settings(userId);
    return { auto_done: row?.autoDone ?? false, awaiting_days: row?.awaitingDays ?? DEFAULT_AWAITING_DAYS };
  }

  /** Marks messages handled once each; a message handled for the first time is done when the person chose so. */
  async function handle(userId: string, items: readonly HandledItem[], via: HandledVia, by: string | null) {
    const now = deps.clock();
    const fresh = await repo.markHandled(
      userId,
      items.map((item) => item.ref),
      via,
      by,
      new Date(now),
    );
    if (fresh.length === 0) return false;
    await repo.sweepHandled(userId, new Date(now - HANDLED_KEPT_DAYS * DAY_MS));
    if ((await settingsOf(userId)).auto_done) {
      const freshIds = new Set(fresh.map((ref) => `${ref.platform}:${ref.platform_message_id}`));
      const done = items.flatMap((item) =>
        item.done && freshIds.has(`${item.ref.platform}:${item.ref.platform_message_id}`) ? [item.done] : [],
      );
      if (done.length > 0) await deps.markDone(userId, done);
    }
    return true;
  }

  const itemOf = (message: SourceMessage): HandledItem => ({
    ref: { platform: message.platform, platform_message_id: message.platform_message_id },
    done: doneItemOf(message),
  });

  return {
    async handled(userId: string): Promise<HandledMark[]> {
      const since = new Date(deps.clock() - HANDLED_KEPT_DAYS * DAY_MS);
      return (await repo.listHandled(userId, since)).map((row) => ({
        platform: row.platform,
        platform_message_id: row.platformMessageId,
        handled_at: row.handledAt.toISOString(),
        via: row.via,
      }));
    },

    settings: settingsOf,

    async updateSettings(userId: string, update: ReplySettingsUpdate): Promise<ReplySettings> {
      const current = await settingsOf(userId);
      const next = { ...current, ...update };
      await repo.saveSettings(
        userId,
        { autoDone: next.auto_done, awaitingDays: next.awaiting_days },
        new Date(deps.clock()),
      );
      return next;
    },

    /** The conversations where the person wrote last, to someone, `days` ago or more, and nobody answered. */
    async awaiting(userId: string, days?: AwaitingDays): Promise<AwaitingResponse> {
      const chosen = days ?? (await settingsOf(userId)).awaiting_days;
      const rows = await repo.listAwaiting(
        userId,
        new Date(deps.clock() - chosen * DAY_MS),
        AWAITING_LIST_MAX,
      );
      const connections = new Map((await deps.connectionsOf(userId)).map((row) => [row.id, row]));
      const conversations = rows.flatMap((row): AwaitingConversation[] => {
        const connection = connections.get(row.connectionId);
        if (!connection) return [];
        return [
          {
            id: row.id,
            platform: row.platform,
            connection_id: row.connectionId,
            account_name: connection.platformUserName,
            workspace_name: connection.platformWorkspaceName,
            kind: row.kind,
            conversation_id: row.conversationId,
            thread_ts: row.threadTs || null,
            counterpart_id: row.counterpartId,
            platform_message_id: row.ownMessageId,
            written_at: row.ownAt.toISOString(),
            original_url: linkOf(row, connection),
          },
        ];
      });
      return { days: chosen, conversations };
    },

    /** Takes a conversation off the list until the person writes there again; 404 when it is not theirs. */
    async dismiss(userId: string, id: string): Promise<void> {
      if (!(await repo.dismiss(userId, id, new Date(deps.clock()))))
        throw new HttpError(404, 'Conversation not found', awaitingErrorCodes.notFound);
      await deps.onChanged(userId);
    },

    /** The person answered a message from Matome's reply box. */
    async replied(userId: string, reply: MatomeReply): Promise<void> {
      const turn = replyTurn(reply, deps.clock());
      const place = { userId, connectionId: reply.connectionId, platform: reply.platform };
      let moved = turn ? await repo.recordOwn(place, [turn]) : false;
      if (reply.replyTo) {
        const ref = { platform: reply.platform, platform_message_id: reply.replyTo };
        const item = { ref, done: replyDoneItem(reply) };
        moved = (await handle(userId, [item], 'matome', turn?.own.messageId ?? null)) || moved;
      }
      if (moved) await deps.onChanged(userId);
    },

    /** A new Slack message: the author's turn in its conversation, and an answer for everyone else there. */
    async slackPosted({ event, rows, keptOf }: SlackPosted): Promise<void> {
      const place = slackPlaceOf(event);
      if (!place) return;
      const others = rows.filter((row) => row.platformUserId !== event.user).map((row) => row.id);
      const at = new Date(Math.round(Number(event.ts) * 1000));
      for (const userId of await repo.recordOther(others, place.conversationId, place.threadTs, at))
        await deps.onChanged(userId);
      for (const row of rows.filter((candidate) => candidate.platformUserId === event.user)) {
        const inbox = await keptOf(row.id);
        const turn = slackOwnTurn(event, place, inbox);
        const recorded = await repo.recordOwn(
          { userId: row.userId, connectionId: row.id, platform: 'slack' },
          [turn],
        );
        const answered = inbox.filter((message) => answers(turn, message)).map(itemOf);
        const handled = await handle(row.userId, answered, 'slack', turn.own.messageId);
        if (recorded || handled) await deps.onChanged(row.userId);
      }
    },

    /** What a gathering saw of who wrote last where (ChatWork rooms), and what the person's messages answered. */
    async gathered<P extends Platform>(userId: string, platform: P, parts: readonly ConnectionMessages<P>[]) {
      let moved = false;
      for (const part of parts) {
        const turns = part.turns ?? [];
        if (turns.length === 0) continue;
        const connectionId = part.stats.connection_id;
        const own = turns.flatMap((turn) => (turn.own ? [{ ...turn, own: turn.own }] : []));
        const others = turns.flatMap(({ own: mine, otherAt, conversationId, threadTs }) =>
          !mine && otherAt !== null ? [{ conversationId, threadTs, at: new Date(otherAt) }] : [],
        );
        moved = (await repo.recordOwn({ userId, connectionId, platform }, own)) || moved;
        moved = (await repo.recordOthers(connectionId, others)) || moved;
        for (const turn of own) {
          const answered = part.messages.filter((message) => answers(turn, message)).map(itemOf);
          moved = (await handle(userId, answered, platform, turn.own.messageId)) || moved;
        }
      }
      if (moved) await deps.onChanged(userId);
    },

    /** Messages others wrote that arrived live (ChatWork's webhooks): their rooms wait for the person no more. */
    async othersWrote(userId: string, messages: readonly SourceMessage[]): Promise<void> {
      let moved = false;
      for (const message of messages) {
        if (message.platform !== 'chatwork') continue;
        const at = new Date(message.send_time * 1000);
        const room = String(message.room_info.room_id);
        const seen = [{ conversationId: room, threadTs: '', at }];
        moved = (await repo.recordOthers(message.account_info.connection_id, seen)) || moved;
      }
      if (moved) await deps.onChanged(userId);
    },

    /** A message deleted at its source: the handled marks and conversations that rest on it go. */
    async forgetMessage(ref: MessageRef): Promise<void> {
      for (const userId of await repo.forgetMessage(ref)) await deps.onChanged(userId);
    },
  };
}

export type RepliesAwaitedService = ReturnType<typeof createRepliesAwaitedService>;
