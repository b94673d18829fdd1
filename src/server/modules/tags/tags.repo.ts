import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Platform } from '../../../contract/messages.ts';
import type { MessageRef } from '../../../contract/tags.ts';
import type { Database } from '../../db/client.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.ts';
import { messageTags, tags } from '../../db/schema/tags.ts';
import { lockUserRows } from '../../db/user-lock.ts';

export type TagRow = typeof tags.$inferSelect;
type LinkRow = typeof messageTags.$inferSelect;
export type TagLinkRow = LinkRow & { tag: TagRow };
export type TagValues = { name: string; nameJp: string | null; color: string; description: string | null };

const byName = asc(sql`lower(${tags.name})`);

export function createTagsRepo(db: Database) {
  const ownTag = (userId: string, tagId: string) => and(eq(tags.userId, userId), eq(tags.id, tagId));
  const ofMessage = (userId: string, ref: MessageRef) =>
    and(
      eq(messageTags.userId, userId),
      eq(messageTags.platform, ref.platform),
      eq(messageTags.platformMessageId, ref.platform_message_id),
    );

  return {
    async listTags(userId: string): Promise<TagRow[]> {
      return db.select().from(tags).where(eq(tags.userId, userId)).orderBy(byName);
    },

    async findTag(userId: string, tagId: string): Promise<TagRow | undefined> {
      const [row] = await db.select().from(tags).where(ownTag(userId, tagId)).limit(1);
      return row;
    },

    /** `duplicate` when the user already has a tag of that name (in any letter case); `limit` at `max` tags. */
    async insertTag(userId: string, values: TagValues, max: number): Promise<TagRow | 'duplicate' | 'limit'> {
      return db.transaction(async (tx) => {
        await lockUserRows(tx, 'tags', userId);
        const [used] = await tx.select({ total: count() }).from(tags).where(eq(tags.userId, userId));
        if ((used?.total ?? 0) >= max) return 'limit';
        const [row] = await tx
          .insert(tags)
          .values({ userId, ...values })
          .onConflictDoNothing()
          .returning();
        return row ?? 'duplicate';
      });
    },

    /** `conflict` when the new name is another of the user's tags; undefined when the tag is not theirs. */
    async updateTag(
      userId: string,
      tagId: string,
      values: Partial<TagValues>,
    ): Promise<TagRow | 'conflict' | undefined> {
      try {
        const [row] = await db
          .update(tags)
          .set({ ...values, updatedAt: sql`now()` })
          .where(ownTag(userId, tagId))
          .returning();
        return row;
      } catch (error) {
        if (isUniqueViolation(error)) return 'conflict';
        throw error;
      }
    },

    /** Removes the tag and its links together; false when the tag is not the user's. */
    async deleteTag(userId: string, tagId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.delete(messageTags).where(and(eq(messageTags.userId, userId), eq(messageTags.tagId, tagId)));
        const deleted = await tx.delete(tags).where(ownTag(userId, tagId)).returning({ id: tags.id });
        return deleted.length > 0;
      });
    },

    /**
     * `linked` when the message already carries the tag; `missing` when the tag was deleted meanwhile; `limit` when
     * the user has `max` links.
     */
    async insertLink(
      userId: string,
      tagId: string,
      ref: MessageRef,
      max: number,
    ): Promise<LinkRow | 'linked' | 'missing' | 'limit'> {
      try {
        return await db.transaction(async (tx) => {
          await lockUserRows(tx, 'message_tags', userId);
          const [existing] = await tx
            .select({ id: messageTags.id })
            .from(messageTags)
            .where(and(ofMessage(userId, ref), eq(messageTags.tagId, tagId)))
            .limit(1);
          if (existing) return 'linked';
          const [used] = await tx
            .select({ total: count() })
            .from(messageTags)
            .where(eq(messageTags.userId, userId));
          if ((used?.total ?? 0) >= max) return 'limit';
          const [row] = await tx
            .insert(messageTags)
            .values({ userId, tagId, platform: ref.platform, platformMessageId: ref.platform_message_id })
            .onConflictDoNothing()
            .returning();
          return row ?? 'linked';
        });
      } catch (error) {
        if (isForeignKeyViolation(error)) return 'missing';
        throw error;
      }
    },

    async deleteLink(userId: string, tagId: string, ref: MessageRef): Promise<boolean> {
      const deleted = await db
        .delete(messageTags)
        .where(and(ofMessage(userId, ref), eq(messageTags.tagId, tagId)))
        .returning({ id: messageTags.id });
      return deleted.length > 0;
    },

    async tagsOfMessage(userId: string, ref: MessageRef): Promise<TagRow[]> {
      const rows = await db
        .select({ tag: tags })
        .from(messageTags)
        .innerJoin(tags, eq(tags.id, messageTags.tagId))
        .where(ofMessage(userId, ref))
        .orderBy(byName);
      return rows.map((row) => row.tag);
    },

    /** Every link of the user's tags, optionally of one tag and one platform, newest first. */
    async listLinks(userId: string, filter: { tagId?: string; platform?: Platform }): Promise<TagLinkRow[]> {
      const rows = await db
        .select({ link: messageTags, tag: tags })
        .from(messageTags)
        .innerJoin(tags, eq(tags.id, messageTags.tagId))
        .where(
          and(
            eq(messageTags.userId, userId),
            filter.tagId ? eq(messageTags.tagId, filter.tagId) : undefined,
            filter.platform ? eq(messageTags.platform, filter.platform) : undefined,
          ),
        )
        .orderBy(sql`${messageTags.createdAt} desc`, asc(messageTags.id));
      return rows.map((row) => ({ ...row.link, tag: row.tag }));
    },

    /** Every tag of the user with how many messages carry it, unused tags included. */
    async statistics(userId: string): Promise<{ tag: TagRow; total: number }[]> {
      return db
        .select({ tag: tags, total: count(messageTags.id) })
        .from(tags)
        .leftJoin(messageTags, eq(messageTags.tagId, tags.id))
        .where(eq(tags.userId, userId))
        .groupBy(tags.id)
        .orderBy(byName);
    },
  };
}

export type TagsRepo = ReturnType<typeof createTagsRepo>;
