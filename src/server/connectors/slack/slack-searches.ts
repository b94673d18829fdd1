import { slackPlatformMessageId } from '../../../contract/classification.ts';
import { MESSAGE_WINDOW_SIZE, slackTsSchema, type SlackSearchKind } from '../../../contract/messages.ts';
import { z } from 'zod';
import type { Unavailable } from '../connector-account.ts';
import { ProviderError } from '../provider-error.ts';
import type { SlackClient } from './slack-client.ts';
import {
  myPublicChannels,
  myUserGroups,
  unavailableReason,
  type Lookup,
  type SlackLookupContext,
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

type Query = { kind: SlackSearchKind; query: string };

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
};

export type Searched = { matches: SearchMatch[]; unavailable: Unavailable[] };

/**
 * Everything one workspace's gathering finds (decision 050): one `search.messages` query per kind, since Slack
 * documents no `OR` (mentions of me, DMs and group DMs, each all-mention token, each of my user groups), newest
 * first, 100 each, merged, deduplicated, my own messages dropped, limited to the last 7 days and the latest 100.
 * The first three are essential (the gathering fails without them); the others are given up, and reported in
 * `unavailable`, when the workspace's search budget, the plan or Slack does not allow them. All-mentions are kept
 * only from conversations I am a member of.
 */
export async function searchWorkspace(context: SearchContext): Promise<Searched> {
  const { me, workspace, spender } = context;
  const after = afterDate(context.now);
  const unavailable = new Map<SlackSearchKind, Unavailable['reason']>();
  const found = new Map<string, { match: SearchMatch; kinds: Set<SlackSearchKind> }>();

  const search = async ({ kind, query }: Query) => {
    const answer = await context.client.call(
      workspace,
      context.accessToken,
      'search.messages',
      { query: `${query} after:${after}`, sort: 'timestamp', sort_dir: 'desc', count: MESSAGE_WINDOW_SIZE },
      searchResponseSchema,
    );
    for (const match of answer.messages.matches) {
      const key = slackPlatformMessageId(match.channel.id, match.ts);
      const entry = found.get(key) ?? { match, kinds: new Set<SlackSearchKind>() };
      entry.kinds.add(kind);
      found.set(key, entry);
    }
  };
  const optionalSearches = (queries: Query[], allowed: number) =>
    Promise.all(
      queries.map(async (query, index) => {
        if (index >= allowed) return unavailable.set(query.kind, 'rate_limited');
        await search(query).catch((error: unknown) => unavailable.set(query.kind, unavailableReason(error)));
      }),
    );

  const essential: Query[] = [
    { kind: 'direct_mentions', query: `<@${me}>` },
    { kind: 'dms', query: 'is:dm' },
    { kind: 'group_dms', query: 'is:mpim' },
  ];
  const broadcasts = ALL_MENTIONS.map((token): Query => ({ kind: 'all_mentions', query: token }));
  const grant = await context.client.searchBudget.take(
    workspace,
    spender,
    essential.length,
    broadcasts.length,
  );
  if (!grant.ok) {
    throw new ProviderError('rate_limited', 'Slack search budget of this workspace used up', {
      retryAfterSeconds: grant.retryAfterSeconds,
    });
  }
  const groupSearches = async () => {
    const groups = await myUserGroups(context);
    if ('unavailable' in groups) return unavailable.set('group_mentions', groups.unavailable);
    if (groups.ids.length === 0) return;
    const more = await context.client.searchBudget.take(workspace, spender, 0, groups.ids.length);
    const queries = groups.ids.map((id): Query => ({ kind: 'group_mentions', query: `<!subteam^${id}>` }));
    return optionalSearches(queries, more.ok ? more.optional : 0);
  };
  // The lookups go out first, the other searches a moment later: the group searches wait for the user groups,
  // and answers are read in the order they arrive.
  const otherSearches = new Promise((resolve) => setImmediate(resolve)).then(() =>
    Promise.all([Promise.all(essential.map(search)), optionalSearches(broadcasts, grant.optional)]),
  );
  const [, memberOf] = await Promise.all([groupSearches(), myPublicChannels(context), otherSearches]);

  const since = context.now - SLACK_LOOKBACK_DAYS * 86_400;
  const concernsMe = ({ match, kinds }: { match: SearchMatch; kinds: Set<SlackSearchKind> }) =>
    [...kinds].some((kind) => kind !== 'all_mentions') || isMember(match, memberOf, unavailable);
  const matches = [...found.values()]
    .filter((entry) => entry.match.user !== me && Number(entry.match.ts) >= since && concernsMe(entry))
    .map((entry) => entry.match)
    .sort((a, b) => Number(b.ts) - Number(a.ts))
    .slice(0, MESSAGE_WINDOW_SIZE);
  return { matches, unavailable: [...unavailable].map(([kind, reason]) => ({ kind, reason })) };
}

/**
 * Whether an all-mention reached me: DMs, group DMs and private channels appear in search only to members; a
 * public channel must be one of mine. Without my channel list, public all-mentions are left out and reported.
 */
function isMember(
  match: SearchMatch,
  channels: Lookup,
  unavailable: Map<SlackSearchKind, Unavailable['reason']>,
): boolean {
  if (isDirect(match) || match.channel.is_mpim || match.channel.is_private) return true;
  if ('ids' in channels) return channels.ids.includes(match.channel.id);
  unavailable.set('all_mentions', channels.unavailable);
  return false;
}
