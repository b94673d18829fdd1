import type { Language } from '../../../contract/auth.ts';
import type { Platform, Tag } from '../../../contract/messages.ts';
import {
  TAG_LINKS_PER_USER_MAX,
  TAGS_PER_USER_MAX,
  tagErrorCodes,
  type MessageRef,
  type TagCreate,
  type TagLink,
  type TagRecord,
  type TagStatistic,
  type TagUpdate,
} from '../../../contract/tags.ts';
import { DEFAULT_TAG_COLOR } from '../../../contract/messages.ts';
import { HttpError } from '../../lib/http-error.ts';
import { requireOwnData } from '../../lib/sample-data-writes.ts';
import type { DataMode } from '../test-mode/test-mode.service.ts';
import type { TagLinkRow, TagRow, TagsRepo, TagValues } from './tags.repo.ts';

/** The read-only tags of demo accounts and test mode, in the same shapes as a user's own. */
export type SampleTagCatalogue = { tags: readonly TagRecord[]; links: readonly TagLink[] };

export type TagsServiceDeps = {
  repo: TagsRepo;
  dataModeFor: (userId: string) => Promise<DataMode>;
  isDemo: (userId: string) => Promise<boolean>;
  sampleCatalogue: (language: Language) => SampleTagCatalogue;
  /** After a write that changes the tags messages carry (a tag's look, its removal, a link), once it is done. */
  onMessageTagsChanged: (userId: string) => Promise<void>;
};

function toTagRecord(row: TagRow): TagRecord {
  return {
    id: row.id,
    name: row.name,
    ...(row.nameJp ? { name_jp: row.nameJp } : {}),
    color: row.color,
    ...(row.description ? { description: row.description } : {}),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function toTagLink(row: TagLinkRow): TagLink {
  return {
    id: row.id,
    tag_id: row.tagId,
    tag: toTagRecord(row.tag),
    platform: row.platform,
    platform_message_id: row.platformMessageId,
    created_at: row.createdAt.toISOString(),
  };
}

/** The tag as messages carry it, without timestamps. */
function asMessageTag({ created_at: _created, updated_at: _updated, ...tag }: TagRecord): Tag {
  return tag;
}

function notFound(): HttpError {
  return new HttpError(404, 'Tag not found', tagErrorCodes.notFound);
}

function sameMessage(link: TagLink, ref: MessageRef): boolean {
  return link.platform === ref.platform && link.platform_message_id === ref.platform_message_id;
}

export function createTagsService(deps: TagsServiceDeps) {
  const { repo } = deps;

  /** The sample catalogue when the user sees sample data, otherwise null (their own tags). */
  async function sampleFor(userId: string): Promise<SampleTagCatalogue | null> {
    const mode = await deps.dataModeFor(userId);
    return mode.kind === 'sample' ? deps.sampleCatalogue(mode.language) : null;
  }

  /** Sample tags are read-only. */
  const requireWritable = (userId: string) => requireOwnData(deps, userId, 'Tags');

  async function requireTag(userId: string, tagId: string): Promise<TagRow> {
    const tag = await repo.findTag(userId, tagId);
    if (!tag) throw notFound();
    return tag;
  }

  return {
    async list(userId: string): Promise<TagRecord[]> {
      const sample = await sampleFor(userId);
      if (sample) return [...sample.tags];
      return (await repo.listTags(userId)).map(toTagRecord);
    },

    async get(userId: string, tagId: string): Promise<TagRecord> {
      const sample = await sampleFor(userId);
      if (sample) {
        const tag = sample.tags.find((candidate) => candidate.id === tagId);
        if (!tag) throw notFound();
        return tag;
      }
      return toTagRecord(await requireTag(userId, tagId));
    },

    async create(userId: string, input: TagCreate): Promise<TagRecord> {
      await requireWritable(userId);
      const values: TagValues = {
        name: input.name,
        nameJp: input.name_jp,
        color: input.color ?? DEFAULT_TAG_COLOR,
        description: input.description,
      };
      const row = await repo.insertTag(userId, values, TAGS_PER_USER_MAX);
      if (row === 'limit') {
        throw new HttpError(
          403,
          `You can have at most ${TAGS_PER_USER_MAX} tags. Delete one to create another.`,
          tagErrorCodes.limit,
        );
      }
      if (row === 'duplicate') {
        throw new HttpError(409, 'A tag with this name already exists', tagErrorCodes.duplicateName);
      }
      return toTagRecord(row);
    },

    async update(userId: string, tagId: string, input: TagUpdate): Promise<TagRecord> {
      await requireWritable(userId);
      const values: Partial<TagValues> = {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.name_jp !== undefined ? { nameJp: input.name_jp } : {}),
        ...(input.color !== undefined ? { color: input.color } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
      };
      const row = await repo.updateTag(userId, tagId, values);
      if (row === 'conflict') {
        throw new HttpError(409, 'A tag with this name already exists', tagErrorCodes.duplicateName);
      }
      if (!row) throw notFound();
      await deps.onMessageTagsChanged(userId);
      return toTagRecord(row);
    },

    async remove(userId: string, tagId: string): Promise<void> {
      await requireWritable(userId);
      if (!(await repo.deleteTag(userId, tagId))) throw notFound();
      await deps.onMessageTagsChanged(userId);
    },

    async link(userId: string, tagId: string, ref: MessageRef): Promise<TagLink> {
      await requireWritable(userId);
      const tag = await requireTag(userId, tagId);
      const row = await repo.insertLink(userId, tagId, ref, TAG_LINKS_PER_USER_MAX);
      if (row === 'missing') throw notFound();
      if (row === 'limit') {
        throw new HttpError(
          403,
          `You can tag at most ${TAG_LINKS_PER_USER_MAX} messages. Take tags off messages you no longer need.`,
          tagErrorCodes.linkLimit,
        );
      }
      if (row === 'linked') {
        throw new HttpError(409, 'The message already carries this tag', tagErrorCodes.alreadyLinked);
      }
      await deps.onMessageTagsChanged(userId);
      return toTagLink({ ...row, tag });
    },

    async unlink(userId: string, tagId: string, ref: MessageRef): Promise<void> {
      await requireWritable(userId);
      if (!(await repo.deleteLink(userId, tagId, ref))) {
        throw new HttpError(404, 'The message does not carry this tag', tagErrorCodes.notFound);
      }
      await deps.onMessageTagsChanged(userId);
    },

    async tagsOfMessage(userId: string, ref: MessageRef): Promise<TagRecord[]> {
      const sample = await sampleFor(userId);
      if (sample) return sample.links.filter((link) => sameMessage(link, ref)).map((link) => link.tag);
      return (await repo.tagsOfMessage(userId, ref)).map(toTagRecord);
    },

    async linksOfTag(userId: string, tagId: string, platform: Platform | undefined): Promise<TagLink[]> {
      const sample = await sampleFor(userId);
      if (sample) {
        if (!sample.tags.some((tag) => tag.id === tagId)) throw notFound();
        return sample.links.filter(
          (link) => link.tag_id === tagId && (!platform || link.platform === platform),
        );
      }
      await requireTag(userId, tagId);
      return (await repo.listLinks(userId, { tagId, platform })).map(toTagLink);
    },

    async statistics(userId: string): Promise<TagStatistic[]> {
      const sample = await sampleFor(userId);
      if (sample) {
        return sample.tags.map((tag) => ({
          tag,
          total: sample.links.filter((link) => link.tag_id === tag.id).length,
        }));
      }
      return (await repo.statistics(userId)).map(({ tag, total }) => ({ tag: toTagRecord(tag), total }));
    },

    /**
     * The user's own tags of every tagged message on a platform, keyed by `platform_message_id`; the message calls
     * lay them over gathered messages (sample messages already carry their sample tags).
     */
    async tagsByMessage(userId: string, platform: Platform): Promise<Map<string, Tag[]>> {
      const byMessage = new Map<string, Tag[]>();
      for (const link of await repo.listLinks(userId, { platform })) {
        const tags = byMessage.get(link.platformMessageId) ?? [];
        tags.push(asMessageTag(toTagRecord(link.tag)));
        byMessage.set(link.platformMessageId, tags);
      }
      for (const tags of byMessage.values()) tags.sort((a, b) => a.name.localeCompare(b.name));
      return byMessage;
    },
  };
}

export type TagsService = ReturnType<typeof createTagsService>;
