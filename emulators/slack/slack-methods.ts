import type { SlackSeedConversation } from './slack-seed.ts';
import type { SlackStore, UserToken } from './slack-store.ts';
import { messageMatches, parseSearchQuery } from './slack-search.ts';
import {
  conversationView,
  isThreadReply,
  messageView,
  permalink,
  searchChannelView,
  teamView,
  userView,
} from './slack-views.ts';

/** An `{ok: false, error}` answer, with any extra fields Slack sends alongside. */
export class SlackApiError extends Error {
  readonly error: string;
  readonly extra: Record<string, unknown>;

  constructor(error: string, extra: Record<string, unknown> = {}) {
    super(error);
    this.error = error;
    this.extra = extra;
  }
}

export interface MethodCall {
  args: Record<string, string | undefined>;
  caller: UserToken;
  token: string;
  store: SlackStore;
  nowMs: number;
}

interface MethodSpec {
  /** Calls allowed per minute, per workspace and app (Slack's tiers: 1, 20, 50 and 100; "special" ones vary). */
  perMinute: number;
  /** Every scope the call needs with these arguments. */
  scopes(args: MethodCall['args']): string[];
  run(call: MethodCall): Record<string, unknown>;
}

const tier2 = 20;
const tier3 = 50;
const tier4 = 100;
const maxTextLength = 40_000;

const readScope = {
  public: 'channels:read',
  private: 'groups:read',
  im: 'im:read',
  mpim: 'mpim:read',
} as const;
const historyScope = {
  public: 'channels:history',
  private: 'groups:history',
  im: 'im:history',
  mpim: 'mpim:history',
} as const;
const typeKinds = { public_channel: 'public', private_channel: 'private', im: 'im', mpim: 'mpim' } as const;

function none(): string[] {
  return [];
}

function truthy(value: string | undefined): boolean {
  return value === 'true' || value === '1';
}

function requireArg(args: MethodCall['args'], name: string): string {
  const value = args[name];
  if (!value) throw new SlackApiError(name === 'text' ? 'no_text' : 'invalid_arguments', { needed: name });
  return value;
}

/** Cursor pagination as Slack does it: an opaque base64 cursor and `response_metadata.next_cursor`. */
export function paginate<T>(items: T[], args: MethodCall['args'], defaultLimit: number, maxLimit: number) {
  let offset = 0;
  if (args.cursor) {
    const decoded = /^next:(\d+)$/.exec(Buffer.from(args.cursor, 'base64').toString());
    if (!decoded) throw new SlackApiError('invalid_cursor');
    offset = Number(decoded[1]);
  }
  const requested = Number(args.limit ?? defaultLimit) || defaultLimit;
  const limit = Math.min(Math.max(requested, 1), maxLimit);
  const page = items.slice(offset, offset + limit);
  const hasMore = offset + limit < items.length;
  const nextCursor = hasMore ? Buffer.from(`next:${offset + limit}`).toString('base64') : '';
  return { page, hasMore, responseMetadata: { next_cursor: nextCursor } };
}

function conversationOf(call: MethodCall, channelId: string | undefined): SlackSeedConversation {
  const conversation = channelId
    ? call.store.visibleConversation(channelId, call.caller.teamId, call.caller.userId)
    : undefined;
  if (!conversation) throw new SlackApiError('channel_not_found');
  return conversation;
}

/** The scope a conversation call needs depends on the kind of conversation, so it is checked once that is known. */
function requireKindScope(
  call: MethodCall,
  conversation: SlackSeedConversation,
  scopes: Record<SlackSeedConversation['kind'], string>,
) {
  const needed = scopes[conversation.kind];
  if (!call.caller.scopes.includes(needed)) {
    throw new SlackApiError('missing_scope', { needed, provided: call.caller.scopes.join(',') });
  }
}

export const slackMethods: Record<string, MethodSpec> = {
  'auth.test': {
    perMinute: tier4,
    scopes: none,
    run: ({ store, caller }) => {
      const team = store.team(caller.teamId);
      return {
        url: `https://${team?.domain}.slack.com/`,
        team: team?.name,
        user: store.user(caller.userId, caller.teamId)?.name,
        team_id: caller.teamId,
        user_id: caller.userId,
        is_enterprise_install: false,
      };
    },
  },
  'auth.revoke': {
    perMinute: tier3,
    scopes: none,
    run: ({ store, token, args }) => {
      if (truthy(args.test)) return { revoked: false };
      store.revoke(token);
      return { revoked: true };
    },
  },
  'team.info': {
    perMinute: tier3,
    scopes: () => ['team:read'],
    run: ({ store, caller, args }) => {
      const team = store.team(args.team ?? caller.teamId);
      if (!team || team.id !== caller.teamId) throw new SlackApiError('team_not_found');
      return { team: teamView(team) };
    },
  },
  'users.info': {
    perMinute: tier4,
    scopes: () => ['users:read'],
    run: ({ store, caller, args }) => {
      const user = store.user(requireArg(args, 'user'), caller.teamId);
      if (!user) throw new SlackApiError('user_not_found');
      // The e-mail address needs a scope of its own (docs.slack.dev/reference/scopes/users.read.email).
      return { user: userView(user, caller.teamId, caller.scopes.includes('users:read.email')) };
    },
  },
  'users.list': {
    perMinute: tier2,
    scopes: () => ['users:read'],
    run: ({ store, caller, args, nowMs }) => {
      const users = store.team(caller.teamId)?.users ?? [];
      const { page, responseMetadata } = paginate(users, args, 1000, 1000);
      return {
        members: page.map((user) =>
          userView(user, caller.teamId, caller.scopes.includes('users:read.email')),
        ),
        cache_ts: Math.floor(nowMs / 1000),
        response_metadata: responseMetadata,
      };
    },
  },
  'usergroups.list': {
    perMinute: tier2,
    scopes: () => ['usergroups:read'],
    run: ({ store, caller, args }) => {
      const team = store.team(caller.teamId);
      if (team?.plan === 'free') throw new SlackApiError('plan_upgrade_required');
      return {
        usergroups: (team?.usergroups ?? []).map((group) => ({
          id: group.id,
          team_id: caller.teamId,
          is_usergroup: true,
          is_subteam: true,
          name: group.name,
          description: group.description ?? '',
          handle: group.handle,
          is_external: false,
          date_create: 1_600_000_000,
          date_update: 1_600_000_000,
          date_delete: 0,
          auto_type: null,
          auto_provision: false,
          enterprise_subteam_id: '',
          created_by: group.users[0] ?? '',
          updated_by: group.users[0] ?? '',
          deleted_by: null,
          prefs: { channels: [], groups: [] },
          user_count: group.users.length,
          ...(truthy(args.include_users) ? { users: group.users } : {}),
        })),
      };
    },
  },
  'users.conversations': {
    perMinute: tier3,
    scopes: (args) => types(args).map((kind) => readScope[kind]),
    run: ({ store, caller, args }) => {
      // Only the caller's own conversations (the `user` argument is for other users and is not modelled).
      const kinds = types(args);
      const conversations = store
        .visibleConversations(caller.teamId, caller.userId)
        .filter((conversation) => conversation.members.includes(caller.userId))
        .filter((conversation) => kinds.includes(conversation.kind))
        .filter((conversation) => !(truthy(args.exclude_archived) && conversation.is_archived));
      const { page, responseMetadata } = paginate(conversations, args, 100, 1000);
      return {
        channels: page.map((conversation) => {
          // Slack leaves these two out of users.conversations' objects.
          const {
            num_members: _count,
            is_member: _member,
            ...view
          } = conversationView(store, conversation, caller.teamId, caller.userId) as Record<string, unknown>;
          return view;
        }),
        response_metadata: responseMetadata,
      };
    },
  },
  'conversations.list': {
    perMinute: tier2,
    scopes: (args) => types(args).map((kind) => readScope[kind]),
    run: (call) => {
      const { store, caller, args } = call;
      const kinds = types(args);
      const conversations = store
        .visibleConversations(caller.teamId, caller.userId)
        .filter((conversation) => kinds.includes(conversation.kind))
        .filter((conversation) => !(truthy(args.exclude_archived) && conversation.is_archived));
      const { page, responseMetadata } = paginate(conversations, args, 100, 1000);
      return {
        channels: page.map((conversation) =>
          conversationView(store, conversation, caller.teamId, caller.userId),
        ),
        response_metadata: responseMetadata,
      };
    },
  },
  'conversations.info': {
    perMinute: tier3,
    scopes: none,
    run: (call) => {
      const conversation = conversationOf(call, call.args.channel);
      requireKindScope(call, conversation, readScope);
      return { channel: conversationView(call.store, conversation, call.caller.teamId, call.caller.userId) };
    },
  },
  'conversations.history': {
    perMinute: tier3,
    scopes: none,
    run: (call) => {
      const { store, caller, args } = call;
      const conversation = conversationOf(call, args.channel);
      requireKindScope(call, conversation, historyScope);
      const oldest = args.oldest ?? '0';
      const latest = args.latest ?? '9999999999.999999';
      const inclusive = truthy(args.inclusive);
      const topLevel = store
        .channelMessages(conversation.id)
        .filter((message) => !isThreadReply(message) || message.subtype === 'thread_broadcast')
        .filter((message) =>
          inclusive
            ? message.ts >= oldest && message.ts <= latest
            : message.ts > oldest && message.ts < latest,
        )
        .reverse();
      const { page, hasMore, responseMetadata } = paginate(topLevel, args, 100, 999);
      return {
        messages: page.map((message) => messageView(store, message, caller.teamId)),
        has_more: hasMore,
        pin_count: 0,
        response_metadata: responseMetadata,
      };
    },
  },
  'conversations.replies': {
    perMinute: tier3,
    scopes: none,
    run: (call) => {
      const { store, caller, args } = call;
      const conversation = conversationOf(call, args.channel);
      requireKindScope(call, conversation, historyScope);
      const ts = requireArg(args, 'ts');
      const all = store.channelMessages(conversation.id);
      const target = all.find((message) => message.ts === ts);
      if (!target) throw new SlackApiError('thread_not_found');
      const parentTs = target.thread_ts ?? target.ts;
      const thread = all.filter((message) => message.ts === parentTs || message.thread_ts === parentTs);
      const { page, hasMore, responseMetadata } = paginate(thread, args, 1000, 1000);
      return {
        messages: page.map((message) => messageView(store, message, caller.teamId)),
        has_more: hasMore,
        response_metadata: responseMetadata,
      };
    },
  },
  'search.messages': {
    perMinute: tier2,
    scopes: () => ['search:read'],
    run: (call) => searchMessages(call),
  },
  'chat.postMessage': {
    perMinute: 60,
    scopes: () => ['chat:write'],
    run: (call) => {
      const { store, caller, args, nowMs } = call;
      const channel = requireArg(args, 'channel');
      const conversation = store.visibleConversation(channel, caller.teamId, caller.userId);
      if (!conversation) throw new SlackApiError('channel_not_found');
      if (!conversation.members.includes(caller.userId)) throw new SlackApiError('not_in_channel');
      if (conversation.is_archived) throw new SlackApiError('is_archived');
      const text = requireArg(args, 'text');
      if (text.length > maxTextLength) throw new SlackApiError('msg_too_long');
      let threadTs: string | undefined;
      if (args.thread_ts) {
        const parent = store.channelMessages(channel).find((message) => message.ts === args.thread_ts);
        if (!parent) throw new SlackApiError('thread_not_found');
        if (isThreadReply(parent)) throw new SlackApiError('cannot_reply_to_message');
        parent.thread_ts ??= parent.ts;
        threadTs = parent.ts;
      }
      const posted = store.postMessage(
        {
          channel,
          user: caller.userId,
          text,
          thread_ts: threadTs,
          subtype: threadTs && truthy(args.reply_broadcast) ? 'thread_broadcast' : undefined,
        },
        nowMs,
      );
      return { channel, ts: posted.ts, message: messageView(store, posted, caller.teamId) };
    },
  },
  'chat.getPermalink': {
    perMinute: tier4,
    scopes: none,
    run: (call) => {
      const conversation = conversationOf(call, call.args.channel);
      const message = call.store
        .channelMessages(conversation.id)
        .find((candidate) => candidate.ts === call.args.message_ts);
      const team = call.store.team(call.caller.teamId);
      if (!message || !team) throw new SlackApiError('message_not_found');
      return { channel: conversation.id, permalink: permalink(team, message) };
    },
  },
};

function types(args: MethodCall['args']): SlackSeedConversation['kind'][] {
  const names = (args.types ?? 'public_channel').split(',').map((name) => name.trim());
  const kinds = names.map((name) => typeKinds[name as keyof typeof typeKinds]);
  if (kinds.some((kind) => kind === undefined)) throw new SlackApiError('invalid_types');
  return kinds;
}

const maxSearchCount = 100;

/** Search pages by `page` (1 to 100) or by cursor: `*` for the first page, then each answer's `next_cursor`. */
function searchPage(args: MethodCall['args']): number {
  if (args.cursor === undefined || args.cursor === '*')
    return Math.min(Math.max(Number(args.page ?? 1) || 1, 1), 100);
  const decoded = /^page:(\d+)$/.exec(Buffer.from(args.cursor, 'base64').toString());
  if (!decoded) throw new SlackApiError('invalid_cursor');
  return Number(decoded[1]);
}

function searchMessages({ store, caller, args }: MethodCall) {
  const query = requireArg(args, 'query');
  const team = store.team(caller.teamId);
  if (!team) throw new SlackApiError('team_not_found');
  const parsed = parseSearchQuery(query, team, caller.userId);
  const count = Math.min(Math.max(Number(args.count ?? 20) || 20, 1), maxSearchCount);
  const ascending = args.sort === 'timestamp' && args.sort_dir === 'asc';
  const found = store
    .visibleConversations(caller.teamId, caller.userId)
    .flatMap((conversation) =>
      store
        .channelMessages(conversation.id)
        .filter((message) => messageMatches(parsed, message, conversation))
        .map((message) => ({ message, conversation })),
    )
    .sort((a, b) => (a.message.ts < b.message.ts ? -1 : a.message.ts > b.message.ts ? 1 : 0));
  if (!ascending) found.reverse();

  const pages = Math.max(1, Math.ceil(found.length / count));
  const page = searchPage(args);
  const slice = found.slice((page - 1) * count, page * count);
  return {
    query,
    messages: {
      total: found.length,
      matches: slice.map(({ message, conversation }) => ({
        type: 'message',
        iid: `${conversation.id}-${message.ts}`,
        ts: message.ts,
        text: message.text,
        user: message.user,
        username: store.user(message.user, caller.teamId)?.name ?? message.user,
        team: caller.teamId,
        channel: searchChannelView(store, conversation, caller.teamId, caller.userId),
        permalink: permalink(team, message),
      })),
      pagination: {
        total_count: found.length,
        page,
        per_page: count,
        page_count: pages,
        first: Math.min((page - 1) * count + 1, found.length),
        last: Math.min(page * count, found.length),
        ...(args.cursor && page < pages
          ? { next_cursor: Buffer.from(`page:${page + 1}`).toString('base64') }
          : {}),
      },
      paging: { count, total: found.length, page, pages },
    },
  };
}
