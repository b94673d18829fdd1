import type { Language } from '../../../../contract/auth.ts';
import {
  MESSAGE_WINDOW_SIZE,
  SAMPLE_MESSAGES_PER_PLATFORM,
  type AccountStatsByPlatform,
  type Platform,
  type PlatformConnection,
  type SourceMessageByPlatform,
  type Tag,
} from '../../../../contract/messages.ts';
import type { SampleCatalogue, SamplePerson } from './catalogue.ts';
import { catalogueEn } from './catalogue-en.ts';
import { catalogueJp } from './catalogue-jp.ts';
import type { Prng } from './prng.ts';
import { sampleTags, type SampleTagKey } from './sample-tags.ts';
import { stableUuid } from './stable-id.ts';

/**
 * Ids and Slack `ts` values are laid out on a fixed timeline ending at this instant (2026-01-01T00:00:00Z), while
 * send times follow "now". So a sample message keeps its id from one generation to the next (hidden and tagged
 * state, stored by id, survives the cache expiring) and still always looks recent.
 */
export const SAMPLE_ANCHOR_SECONDS = 1_767_225_600;

export type SampleOptions = {
  language: Language;
  /** The user the sample belongs to: fake connection ids are derived from it, so they are nobody else's. */
  ownerId: string;
  /** Unix seconds; every send time is relative to it. */
  now: number;
  /** Messages per platform; SPEC §9 says 90 for the demo. */
  perPlatform?: number;
  /**
   * Only these connections' accounts and messages are built, each exactly as in the whole sample (the shared
   * drawing of the sample still runs, the building of the other connections' messages does not).
   */
  onlyConnectionIds?: ReadonlySet<string>;
};

export type SampleAccount<P extends Platform> = {
  connection: PlatformConnection;
  stats: AccountStatsByPlatform[P];
  /** Newest first. */
  messages: SourceMessageByPlatform[P][];
};

export const catalogues: Record<Language, SampleCatalogue> = { en: catalogueEn, jp: catalogueJp };

/** Most rooms hold well under the 100-message window; beyond this many, sample messages open another room. */
export const MESSAGES_PER_ROOM_CAP = 50;
const TAGGED_SHARE = 0.3;
const SECONDS_PER_DAY = 86_400;

export function messagesPerPlatform(options: SampleOptions): number {
  return options.perPlatform ?? SAMPLE_MESSAGES_PER_PLATFORM;
}

/** Whether the sample is being built for this connection. */
export function isWanted(options: SampleOptions, connection: PlatformConnection): boolean {
  return !options.onlyConnectionIds || options.onlyConnectionIds.has(connection.id);
}

export function isoAt(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString();
}

export function connectionId(ownerId: string, platform: Platform, index: number): string {
  return stableUuid(`sample-connection:${ownerId}:${platform}:${index}`);
}

export function sampleConnection(
  options: SampleOptions,
  platform: Platform,
  index: number,
  fields: Pick<
    PlatformConnection,
    | 'platform_user_id'
    | 'platform_user_name'
    | 'platform_workspace_id'
    | 'platform_workspace_name'
    | 'platform_user_email'
  >,
): PlatformConnection {
  return {
    id: connectionId(options.ownerId, platform, index),
    platform,
    ...fields,
    platform_avatar_url: null,
    created_at: isoAt(options.now - (38 + 23 * index) * SECONDS_PER_DAY),
    last_success_at: isoAt(options.now),
    status: 'active',
    is_sample: true,
  };
}

/**
 * How long ago each message was sent, oldest first: denser towards now, as an inbox is, with the newest a minute
 * old and the oldest about `spanDays` back.
 */
export function sampleAges(rng: Prng, count: number, spanDays: number): number[] {
  const span = spanDays * SECONDS_PER_DAY;
  const ages = Array.from({ length: count }, (_, index) =>
    index === 0 ? 45 : 45 + Math.round(span * rng.next() ** 1.8),
  );
  return ages.sort((a, b) => b - a);
}

/**
 * The kind of every message: the pattern repeated and shuffled, so each kind's share is fixed and every kind
 * appears as soon as there are as many messages as the pattern is long.
 */
export function kindSchedule<Kind>(rng: Prng, count: number, pattern: readonly Kind[]): Kind[] {
  const schedule: Kind[] = [];
  while (schedule.length < count) schedule.push(...rng.shuffle(pattern));
  return schedule.slice(0, count);
}

/** Cycles through a list in a shuffled order, so every entry is used before any repeats. */
export function rotation<T>(rng: Prng, items: readonly T[]): () => T {
  const order = rng.shuffle(items);
  let next = 0;
  return () => {
    const item = order[next % order.length]!;
    next += 1;
    return item;
  };
}

/**
 * Positions in the 100-message window of one room, newest first. A busy room's oldest gathered message sits near the
 * end of the window (81 or later: about to drop out); a quiet room's stay well inside it.
 */
export function windowPositions(rng: Prng, count: number, busy: boolean): number[] {
  if (count === 0) return [];
  const last = busy
    ? Math.max(count, rng.int(85, MESSAGE_WINDOW_SIZE))
    : Math.min(MESSAGE_WINDOW_SIZE, count + rng.int(2, 40));
  return [...rng.distinctSorted(count - 1, 1, last - 1), last];
}

/** Some messages come already tagged, with tags their text suggests (one, sometimes two). */
export function sampleTagsFor(
  rng: Prng,
  language: Language,
  suggested: readonly SampleTagKey[] | undefined,
): Tag[] {
  if (!suggested?.length || !rng.chance(TAGGED_SHARE)) return [];
  const tags = sampleTags(language);
  return suggested.slice(0, rng.chance(0.4) ? 2 : 1).map((key) => tags[key]);
}

const AVATAR_COLOURS = ['#3B82F6', '#8B5CF6', '#10B981', '#F97316', '#EC4899', '#06B6D4'];

/** A small inline picture for people who "have" one; data: URLs work offline and under the CSP. */
export function avatarFor(person: SamplePerson, index: number): string | null {
  if (!person.avatar) return null;
  const colour = AVATAR_COLOURS[index % AVATAR_COLOURS.length]!;
  const svg =
    `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 64 64'>` +
    `<rect width='64' height='64' fill='${colour}'/>` +
    `<circle cx='32' cy='25' r='11' fill='#fff'/>` +
    `<path d='M12 58c3-12 11-18 20-18s17 6 20 18z' fill='#fff'/></svg>`;
  return `data:image/svg+xml,${svg.replace(/[<>#]/g, encodeURIComponent)}`;
}

export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(2)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}

export function fileExtension(name: string): string {
  return /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? 'binary';
}
