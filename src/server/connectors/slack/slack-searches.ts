import { slackPlatformMessageId } from '../../../contract/classification.ts';
import { MESSAGE_WINDOW_SIZE, slackTsSchema, type SlackSearchKind } from '../../../contract/messages.ts';
import { z } from 'zod';
import type { ConversationTurn, Unavailable } from '../connector-account.ts';
import { ProviderError } from '../provider-error.ts';
import type { SlackClient } from './slack-client.ts';
import {
  myPublicChannels,
  unavailableReason,
  workspaceUserGroups,
  type Lookup,
  type SlackLookupContext,
  type UserGroups,
} from './slack-lookups.ts';

/** Slack's guide promises the last 7 days of mentions, up to the latest 100 (SPEC §9). */
export const SLACK_LOOKBACK_DAYS = 7;
const ALL_MENTIONS = ['<!channel>', '<!here>', '<!everyone>'];

const matchSchema = z.looseObject({
  ts: slackTsSchema,
  text: z.string().default(''),
  user: z.string().optional(),
  username: z.string().optional(),
  permalink: z.url(),
  channel: z.looseObject({
    id: z.string(),
    name: z.string().optional(),
    is_channel: z.boolean().optional(),
    is_group: z.boolean().optional(),
    is_im: z.boolean().optional(),
    is_mpim: z.boolean().optional(),
    is_private: z.boolean().optional(),
  }),
  files: z.array(z.unknown()).optional(),
  subtype: z.string().optional(),
});
export type SearchMatch = z.infer<typeof matchSchema>;

const searchResponseSchema = z.looseObject({
  ok: z.literal(true),
  messages: z.looseObject({ matches: z.array(matchSchema).default([]) }),
});

/** Slack's `after:` is exclusive and by day, so search from the day before the window and filter by time. */
function afterDate(nowSeconds: number): string {
  const day = new Date((nowSeconds - (SLACK_LOOKBACK_DAYS + 1) * 86_400) * 1000);
  return day.toISOString().slice(0, 10);
}

/** A DM or group DM: search's channel object carries no `is_im` (Slack's example), so a `D` id tells a DM. */
export function isDirect(match: SearchMatch): boolean {
  return match.channel.is_im ?? match.channel.id.startsWith('D');
}

export type SearchContext = SlackLookupContext & {
  client: SlackClient;
  /** The connection: whose share of the workspace's search budget this is. */
  spender: string;
  /** Unix seconds. */
  now: number;
  /**
   * How old the workspace's shared searches (all-mentions, user groups) may be before they are made again: long
   * while its events bring new ones live, the polling interval while they do not.
   */
  sharedMaxAgeSeconds: number;
};

export type Searched = {
  matches: SearchMatch[];
  unavailable: Unavailable[];
  /** This member's history: searches made of those it needs (their own three, and the workspace's shared ones). */
  backfill: { done: number; total: number };
  /** Who wrote last in the DMs and group DMs found, the member's own messages included (decision 154). */
  turns: ConversationTurn[];
};

/** What the workspace's shared searches found, kept for every member (ids, times and the matches, time-limited). */
type SharedSearches = {
  /** Unix seconds. */
  at: number;
  /** Searched by this member: private conversations in the matches are theirs only. */
  searcher: string;
  matches: { match: SearchMatch; kind: SlackSearchKind; group?: string }[];
  unavailable: Unavailable[];
  searched: number;
  total: number;
};

/** A day: the shared searches outlive any polling interval, and the content in them is gone after it. */
const SHARED_CACHE_SECONDS = 24 * 60 * 60;
const sharedKey = (workspace: string) => `slack-shared-searches:${workspace}`;
/** Shared searches being made in this process, so members gathering at once wait for one of them. */
const sharedInFlight = new Map<string, Promise<SharedSearches>>();

function search(context: SearchContext, query: string, after: string) {
  return context.client.call(
    context.workspace,
    context.accessToken,
    'search.messages',
    { query: `${query} after:${after}`, sort: 'timestamp', sort_dir: 'desc', count: MESSAGE_WINDOW_SIZE },
    searchResponseSchema,
  );
}

/**
 * The searches only this member's token can make (decision 050): mentions of me, DMs, group DMs. They run all
 * together or not at all, within the workspace's search budget; without room the member is still catching up.
 */
async function searchMine(context: SearchContext, after: string): Promise<SearchMatch[]> {
  const grant = await context.client.searchBudget.take(
    context.workspace,
    context.spender,
    ESSENTIAL.length,
    0,
  );
  if (!grant.ok) {
    throw new ProviderError('rate_limited', 'Slack search budget of this workspace used up', {
      retryAfterSeconds: grant.retryAfterSeconds,
    });
  }
  const answers = await Promise.all(
    ESSENTIAL.map((query) => search(context, query === 'me' ? `<@${context.me}>` : query, after)),
  );
  return answers.flatMap((answer) => answer.messages.matches);
}
const ESSENTIAL = ['me', 'is:dm', 'is:mpim'] as const;

/**
 * The searches whose answer serves several members (issue 22): all-mentions and each user group of the workspace,
 * made once for the workspace with one member's token and kept for the others. Optional: they take what the budget
 * leaves after members' own searches, and kinds that did not fit are searched by a later member.
 */
async function searchShared(
  context: SearchContext,
  after: string,
  groups: UserGroups,
): Promise<SharedSearches> {
  const kept = await context.cache.get<SharedSearches>(sharedKey(context.workspace));
  const fresh = kept && context.now - kept.at < context.sharedMaxAgeSeconds;
  if (fresh && kept.searched >= kept.total) return kept;
  const running = sharedInFlight.get(context.workspace);
  if (running) return running;
  const made = (async (): Promise<SharedSearches> => {
    const queries: { kind: SlackSearchKind; query: string; group?: string }[] = [
      ...ALL_MENTIONS.map((token) => ({ kind: 'all_mentions' as const, query: token })),
      ...('groups' in groups
        ? groups.groups.map((group) => ({
            kind: 'group_mentions' as const,
            query: `<!subteam^${group.id}>`,
            group: group.id,
          }))
        : []),
    ];
    const grant = await context.client.searchBudget.take(
      context.workspace,
      `shared:${context.workspace}`,
      0,
      queries.length,
    );
    const allowed = grant.ok ? grant.optional : 0;
    const unavailable = new Map<SlackSearchKind, Unavailable['reason']>();
    if ('unavailable' in groups) unavailable.set('group_mentions', groups.unavailable);
    const matches: SharedSearches['matches'] = [];
    let searched = 0;
    await Promise.all(
      queries.map(async ({ kind, query, group }, index) => {
        if (index >= allowed) return unavailable.set(kind, 'rate_limited');
        try {
          const answer = await search(context, query, after);
          searched += 1;
          for (const match of answer.messages.matches)
            matches.push({ match, kind, ...(group ? { group } : {}) });
        } catch (error) {
          unavailable.set(kind, unavailableReason(error));
        }
      }),
    );
    const result: SharedSearches = {
      at: context.now,
      searcher: context.me,
      matches,
      unavailable: [...unavailable].map(([kind, reason]) => ({ kind, reason })),
      searched,
      total: queries.length,
    };
    // A partial answer is kept only when it found more than what was kept before.
    if (!kept || !fresh || searched >= kept.searched) {
      await context.cache.set(sharedKey(context.workspace), result, SHARED_CACHE_SECONDS);
      return result;
    }
    return kept;
  })();
  sharedInFlight.set(context.workspace, made);
  try {
    return await made;
  } finally {
    sharedInFlight.delete(context.workspace);
  }
}

/**
 * Everything a member's history holds (decision 050, issue 22): their own three searches, and of the workspace's
 * shared searches what concerns them: all-mentions in conversations they are in, mentions of their user groups.
 * Merged, deduplicated, their own messages dropped, limited to the last 7 days and the latest 100. A shared match
 * in a private conversation is kept only for the member whose token found it (others are not known to be in it;
 * they receive such messages live).
 */
export async function searchWorkspace(context: SearchContext): Promise<Searched> {
  const { me } = context;
  const after = afterDate(context.now);
  const [mine, groups] = await Promise.all([searchMine(context, after), workspaceUserGroups(context)]);
  const [shared, memberOf] = await Promise.all([
    searchShared(context, after, groups),
    myPublicChannels(context),
  ]);
  const myGroups = new Set(
    'groups' in groups
      ? groups.groups.filter((group) => group.users.includes(me)).map((group) => group.id)
      : [],
  );
  const unavailable = new Map(shared.unavailable.map(({ kind, reason }) => [kind, reason]));
  const found = new Map<string, SearchMatch>();
  for (const match of mine) found.set(slackPlatformMessageId(match.channel.id, match.ts), match);
  for (const { match, kind, group } of shared.matches) {
    if (kind === 'group_mentions' && !(group && myGroups.has(group))) continue;
    if (!canSee(match, memberOf, shared.searcher === me, unavailable)) continue;
    found.set(slackPlatformMessageId(match.channel.id, match.ts), match);
  }
  const since = context.now - SLACK_LOOKBACK_DAYS * 86_400;
  const turns = slackDmTurns(mine, me);
  const matches = [...found.values()]
    .filter((match) => match.user !== me && Number(match.ts) >= since)
    .sort((a, b) => Number(b.ts) - Number(a.ts))
    .slice(0, MESSAGE_WINDOW_SIZE);
  return {
    matches,
    unavailable: [...unavailable].map(([kind, reason]) => ({ kind, reason })),
    backfill: { done: ESSENTIAL.length + shared.searched, total: ESSENTIAL.length + shared.total },
    turns,
  };
}

/**
 * Whether a shared match reached me: a public channel must be one of mine; a private one, a DM or a group DM is
 * known to be mine only when my token found it. Without my channel list, public all-mentions are left out and
 * reported.
 */
function canSee(
  match: SearchMatch,
  channels: Lookup,
  foundByMe: boolean,
  unavailable: Map<SlackSearchKind, Unavailable['reason']>,
): boolean {
  if (isDirect(match) || match.channel.is_mpim || match.channel.is_private) return foundByMe;
  if ('ids' in channels) return channels.ids.includes(match.channel.id);
  unavailable.set('all_mentions', channels.unavailable);
  return false;
}

/** `<@U123>`: whom a Slack message names. */
export const SLACK_MENTION = /<@([UW][A-Z0-9]+)(?:\|[^>]*)?>/g;

/**
 * Who wrote last in each DM and group DM the member's searches found (`is:dm`, `is:mpim` find the member's own
 * messages there too): their newest message, whom it was for (the first person it names, else the latest other
 * writer there), and the newest time anyone else wrote. Ids and times only (decision 154).
 */
export function slackDmTurns(matches: readonly SearchMatch[], me: string): ConversationTurn[] {
  const byConversation = Map.groupBy(
    matches.filter((match) => isDirect(match) || match.channel.is_mpim),
    (match) => match.channel.id,
  );
  return [...byConversation].map(([conversationId, found]) => {
    const newest = [...found].sort((a, b) => Number(b.ts) - Number(a.ts));
    const own = newest.find((match) => match.user === me);
    const other = newest.find((match) => match.user && match.user !== me);
    const named = own ? [...own.text.matchAll(SLACK_MENTION)].map((match) => match[1]!) : [];
    return {
      kind: 'dm' as const,
      conversationId,
      threadTs: '',
      own: own
        ? {
            messageId: slackPlatformMessageId(conversationId, own.ts),
            order: own.ts,
            at: Math.round(Number(own.ts) * 1000),
            to: named.find((id) => id !== me) ?? other?.user ?? null,
          }
        : null,
      otherAt: other ? Math.round(Number(other.ts) * 1000) : null,
    };
  });
}
