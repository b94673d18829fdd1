import type { Language } from '../../../../contract/auth.ts';
import { platforms } from '../../../../contract/messages.ts';
import type { TagLink, TagRecord } from '../../../../contract/tags.ts';
import { generateSample } from './generate-sample-data.ts';
import { isoAt, SAMPLE_ANCHOR_SECONDS } from './sample-common.ts';
import { sampleTags } from './sample-tags.ts';
import { stableUuid } from './stable-id.ts';

const SECONDS_PER_DAY = 86_400;

/**
 * The sample tags and their links to sample messages, in the shapes of the tags calls, so the tag page and the tag
 * filter of a demo account or test mode behave exactly as they do for a user's own tags. Sample tags are fixed by
 * language (not by user or time), so the catalogue is built once per language and size.
 */
export function buildSampleTagCatalogue(
  language: Language,
  perPlatform: number,
): { tags: TagRecord[]; links: TagLink[] } {
  const createdAt = isoAt(SAMPLE_ANCHOR_SECONDS - 30 * SECONDS_PER_DAY);
  const tags: TagRecord[] = Object.values(sampleTags(language))
    .map((tag) => ({ ...tag, created_at: createdAt, updated_at: createdAt }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const byId = new Map(tags.map((tag) => [tag.id, tag]));
  const options = { language, ownerId: 'sample-tags', now: SAMPLE_ANCHOR_SECONDS, perPlatform };
  const links = platforms.flatMap((platform) =>
    generateSample(platform, options).flatMap((account) =>
      account.messages.flatMap((message) =>
        message.tags.map((tag): TagLink => ({
          id: stableUuid(`sample-tag-link:${tag.id}:${platform}:${message.platform_message_id}`),
          tag_id: tag.id,
          tag: byId.get(tag.id)!,
          platform,
          platform_message_id: message.platform_message_id,
          created_at: isoAt(SAMPLE_ANCHOR_SECONDS),
        })),
      ),
    ),
  );
  return { tags, links };
}
