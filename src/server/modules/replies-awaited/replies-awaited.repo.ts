import { and, asc, eq, gt, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { AwaitingDays, HandledVia } from '../../../contract/awaiting.ts';
import type { Platform } from '../../../contract/messages.ts';
import type { MessageRef } from '../../../contract/tags.ts';
import type { OwnTurn } from '../../connectors/connector-account.ts';
import type { Database } from '../../db/client.ts';
import { conversationTurns, handledMessages, replySettings } from '../../db/schema/replies-awaited.ts';

export type TurnRow = typeof conversationTurns.$inferSelect;
export type HandledRow = typeof handledMessages.$inferSelect;
export type SettingsRow = { autoDone: boolean; awaitingDays: AwaitingDays };

/** Where a conversation of a connection is, and who the person is there. */
export type TurnPlace = { userId: string; connectionId: string; platform: Platform };

const table = conversationTurns;

export function createRepliesAwaitedRepo(db: Database) {
  return {
    /**
     * The person's own latest messages in conversations of one connection, laid over what is known: an older message
     * of theirs never replaces a newer one, and the latest time anyone else wrote only grows. A reply from Matome
     * (kind `room`, not knowing better) does not turn a direct chat back into a room. Answers whether anything changed.
     */
    async recordOwn(place: TurnPlace, turns: readonly OwnTurn[]): Promise<boolean> {
      if (turns.length === 0) return false;
      const newer = sql`excluded.own_at > ${table.ownAt}`;
      const rows = await db
        .insert(table)
        .values(
          turns.map((turn) => ({
            userId: place.userId,
            connectionId: place.connectionId,
            platform: place.platform,
            kind: turn.kind,
            conversationId: turn.conversationId,
            threadTs: turn.threadTs,
            ownMessageId: turn.own.messageId,
            ownAt: new Date(turn.own.at),
            counterpartId: turn.own.to,
            otherAt: turn.otherAt === null ? null : new Date(turn.otherAt),
          })),
        )
        .onConflictDoUpdate({
          target: [table.connectionId, table.conversationId, table.threadTs],
          set: {
            kind: sql`case when excluded.kind = 'room' then ${table.kind} else excluded.kind end`,
            ownMessageId: sql`case when ${newer} then excluded.own_message_id else ${table.ownMessageId} end`,
            counterpartId: sql`case when ${newer} then coalesce(excluded.counterpart_id, ${table.counterpartId}) else coalesce(${table.counterpartId}, excluded.counterpart_id) end`,
            ownAt: sql`greatest(${table.ownAt}, excluded.own_at)`,
            otherAt: sql`greatest(${table.otherAt}, excluded.other_at)`,
          },
          setWhere: sql`excluded.own_at > ${table.ownAt}
            or excluded.other_at > coalesce(${table.otherAt}, 'epoch'::timestamptz)
            or (${table.counterpartId} is null and excluded.counterpart_id is not null)
            or (${table.kind} = 'room' and excluded.kind <> 'room')`,
        })
        .returning({ id: table.id });
      return rows.length > 0;
    },

    /** Others wrote in conversations of one connection (a gathering's rooms): answers whether any row moved. */
    async recordOthers(
      connectionId: string,
      seen: readonly { conversationId: string; threadTs: string; at: Date }[],
    ): Promise<boolean> {
      if (seen.length === 0) return false;
      const key = sql`${table.conversationId} || ':' || ${table.threadTs}`;
      const atOf = sql`(case ${key} ${sql.join(
        seen.map(
          (entry) =>
            sql`when ${`${entry.conversationId}:${entry.threadTs}`} then ${entry.at.toISOString()}::timestamptz`,
        ),
        sql` `,
      )} end)`;
      const rows = await db
        .update(table)
        .set({ otherAt: sql`greatest(${table.otherAt}, ${atOf})` })
        .where(
          and(
            eq(table.connectionId, connectionId),
            inArray(
              key,
              seen.map((entry) => `${entry.conversationId}:${entry.threadTs}`),
            ),
            or(isNull(table.otherAt), lt(table.otherAt, atOf)),
          ),
        )
        .returning({ id: table.id });
      return rows.length > 0;
    },

    /** Someone else wrote in the conversation: answers the people whose turn rows moved. */
    async recordOther(
      connectionIds: readonly string[],
      conversationId: string,
      threadTs: string,
      at: Date,
    ): Promise<string[]> {
      if (connectionIds.length === 0) return [];
      const rows = await db
        .update(table)
        .set({ otherAt: sql`greatest(${table.otherAt}, ${at})` })
        .where(
          and(
            inArray(table.connectionId, [...connectionIds]),
            eq(table.conversationId, conversationId),
            eq(table.threadTs, threadTs),
            or(isNull(table.otherAt), lt(table.otherAt, at)),
          ),
        )
        .returning({ userId: table.userId });
      return [...new Set(rows.map((row) => row.userId))];
    },

    /** Conversations where the person wrote last, to someone, at `before` or earlier, and did not dismiss. */
    async listAwaiting(userId: string, before: Date, limit: number): Promise<TurnRow[]> {
      return db
        .select()
        .from(table)
        .where(
          and(
            eq(table.userId, userId),
            lte(table.ownAt, before),
            or(isNull(table.otherAt), lt(table.otherAt, table.ownAt)),
            or(isNull(table.dismissedAt), lt(table.dismissedAt, table.ownAt)),
            or(ne(table.kind, 'room'), sql`${table.counterpartId} is not null`),
          ),
        )
        .orderBy(asc(table.ownAt))
        .limit(limit);
    },

    /** False when the id is not one of the person's. */
    async dismiss(userId: string, id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(table)
        .set({ dismissedAt: at })
        .where(and(eq(table.id, id), eq(table.userId, userId)))
        .returning({ id: table.id });
      return rows.length > 0;
    },

    /** Marks the messages handled; answers those that were not already, so each is acted on once. */
    async markHandled(
      userId: string,
      refs: readonly MessageRef[],
      via: HandledVia,
      byMessageId: string | null,
      at: Date,
    ): Promise<MessageRef[]> {
      if (refs.length === 0) return [];
      const rows = await db
        .insert(handledMessages)
        .values(
          refs.map((ref) => ({
            userId,
            platform: ref.platform,
            platformMessageId: ref.platform_message_id,
            via,
            byMessageId,
            handledAt: at,
          })),
        )
        .onConflictDoNothing()
        .returning({
          platform: handledMessages.platform,
          platformMessageId: handledMessages.platformMessageId,
        });
      return rows.map((row) => ({ platform: row.platform, platform_message_id: row.platformMessageId }));
    },

    async listHandled(userId: string, since: Date): Promise<HandledRow[]> {
      return db
        .select()
        .from(handledMessages)
        .where(and(eq(handledMessages.userId, userId), gt(handledMessages.handledAt, since)));
    },

    async sweepHandled(userId: string, before: Date): Promise<void> {
      await db
        .delete(handledMessages)
        .where(and(eq(handledMessages.userId, userId), lte(handledMessages.handledAt, before)));
    },

    /**
     * A message deleted at its source: its handled marks, the marks its answer made, and the conversations whose
     * latest message of the person it was. Answers whose rows went.
     */
    async forgetMessage(ref: MessageRef): Promise<string[]> {
      const handled = await db
        .delete(handledMessages)
        .where(
          and(
            eq(handledMessages.platform, ref.platform),
            or(
              eq(handledMessages.platformMessageId, ref.platform_message_id),
              eq(handledMessages.byMessageId, ref.platform_message_id),
            ),
          ),
        )
        .returning({ userId: handledMessages.userId });
      const turns = await db
        .delete(table)
        .where(and(eq(table.platform, ref.platform), eq(table.ownMessageId, ref.platform_message_id)))
        .returning({ userId: table.userId });
      return [...new Set([...handled, ...turns].map((row) => row.userId))];
    },

    async settings(userId: string): Promise<SettingsRow | undefined> {
      const [row] = await db
        .select({ autoDone: replySettings.autoDone, awaitingDays: replySettings.awaitingDays })
        .from(replySettings)
        .where(eq(replySettings.userId, userId));
      return row ? { autoDone: row.autoDone, awaitingDays: row.awaitingDays as AwaitingDays } : undefined;
    },

    async saveSettings(userId: string, settings: SettingsRow, at: Date): Promise<void> {
      await db
        .insert(replySettings)
        .values({ userId, ...settings, updatedAt: at })
        .onConflictDoUpdate({ target: replySettings.userId, set: { ...settings, updatedAt: at } });
    },
  };
}

export type RepliesAwaitedRepo = ReturnType<typeof createRepliesAwaitedRepo>;
