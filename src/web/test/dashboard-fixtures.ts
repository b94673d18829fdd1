import type {
  ChatworkMessageResult,
  PlatformConnection,
  SlackMessageResult,
} from '../../contract/messages.ts';
import {
  defaultViewFilters,
  defaultViewKinds,
  type SavedView,
  type SavedViewFiltersInput,
} from '../../contract/saved-views.ts';
import { demoUser, json, signedInHandlers } from './fake-api.ts';

/** A signed-in user with one ChatWork and one Slack connection, and message results for them. */
export const user = { ...demoUser, email: 'kenji@example.com', name: 'Kenji', isDemo: false };
export const now = Math.floor(Date.now() / 1000);
export const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

export function connection(
  platform: PlatformConnection['platform'],
  id: string,
  workspace: string,
): PlatformConnection {
  return {
    id,
    platform,
    platform_user_id: platform === 'slack' ? 'UKENJI' : '1001',
    platform_user_name: 'Kenji',
    platform_workspace_id: `${workspace}-id`,
    platform_workspace_name: workspace,
    platform_user_email: 'kenji@example.com',
    platform_avatar_url: null,
    created_at: iso(now - 86_400),
    last_success_at: iso(now - 60),
    status: 'active',
    is_sample: false,
  };
}

export const chatworkConnection = connection('chatwork', 'cw-1', 'Acme');
export const slackConnection = connection('slack', 'sl-1', 'Northwind');

export function accountStats(target: PlatformConnection, found: number) {
  return {
    account_name: target.platform_user_name,
    workspace_name: target.platform_workspace_name,
    connection_id: target.id,
    messages_found: found,
    mentions: found,
    direct_messages: 0,
    replies: 0,
    all_mentions: 0,
    status: 'completed' as const,
    fetched_at: iso(now),
    last_success_at: iso(now),
    stale: false,
  };
}

export const summary = (total: number) => ({
  total_messages: total,
  mentions: total,
  replies: 0,
  all_mentions: 0,
  direct_messages: 0,
  accounts_processed: 1,
});

export function chatworkResult(bodies: string[]): ChatworkMessageResult {
  return {
    messages: bodies.map((body, index) => ({
      platform: 'chatwork',
      message_id: String(9_000_000_000_000_000_000n + BigInt(index)),
      platform_message_id: String(9_000_000_000_000_000_000n + BigInt(index)),
      body,
      content: body,
      send_time: now - 120 - index,
      formatted_time: iso(now - 120 - index),
      update_time: 0,
      account_info: {
        account_name: 'Kenji',
        workspace_name: 'Acme',
        connection_id: chatworkConnection.id,
        platform_user_id: '1001',
      },
      mention_types: { is_direct_mention: true, is_reply: false, is_all_mention: false, is_dm: false },
      is_mention: true,
      is_dm: false,
      position_index: index + 1,
      original_url: 'https://www.chatwork.com/#!rid42-1',
      tags: [],
      account: { account_id: 2002, name: 'Aiko Tanaka', avatar_image_url: null },
      room_info: { room_id: 42, name: 'Launch', type: 'group' },
    })),
    accounts: [
      {
        platform: 'chatwork',
        ...accountStats(chatworkConnection, bodies.length),
        rooms_checked: 1,
        total_rooms: 1,
      },
    ],
    summary: summary(bodies.length),
    fetched_at: iso(now),
  };
}

export function slackResult(bodies: string[]): SlackMessageResult {
  return {
    messages: bodies.map((body, index) => {
      const ts = `${now - 60 - index}.00000${index}`;
      return {
        platform: 'slack',
        message_id: ts,
        ts,
        platform_message_id: `C1-${ts}`,
        body,
        content: body,
        send_time: now - 60 - index,
        formatted_time: iso(now - 60 - index),
        account_info: {
          account_name: 'Kenji',
          workspace_name: 'Northwind',
          connection_id: slackConnection.id,
          platform_user_id: 'UKENJI',
        },
        mention_types: { is_direct_mention: true, is_reply: false, is_all_mention: false, is_dm: false },
        is_mention: true,
        is_dm: false,
        position_index: index + 1,
        original_url: 'https://northwind.slack.com/archives/C1/p1',
        tags: [],
        account: { account_id: 'UBEN', name: 'Ben Ortiz', avatar_image_url: null },
        conversation_info: {
          id: 'C1',
          name: 'general',
          is_channel: true,
          is_group: false,
          is_im: false,
          is_mpim: false,
        },
      };
    }),
    accounts: [
      {
        platform: 'slack',
        ...accountStats(slackConnection, bodies.length),
        channels_checked: 1,
        total_channels: 1,
      },
    ],
    summary: summary(bodies.length),
    fetched_at: iso(now),
  };
}

export const signedIn = {
  ...signedInHandlers,
  'GET /api/auth/me': () => json(200, { user }),
  'GET /api/test-mode': () => json(200, { available: false, enabled: false, language: 'en' }),
  'GET /api/rules': () => json(200, { rules: [], settings: { match_mode: 'all', quiet_hours: null } }),
};
export const noneHidden = () => json(200, { hidden_message_ids: { chatwork: [], slack: [] } });
export const noTriage = {
  'GET /api/snoozes': () => json(200, { snoozes: [] }),
  'GET /api/done': () => json(200, { done_marks: [] }),
};
/** A saved view as the server lists it; a default one unless `name` is given. */
export function savedView(
  id: string,
  fields: Partial<Omit<SavedView, 'filters'>> & { filters?: SavedViewFiltersInput } = {},
): SavedView {
  const { filters, ...rest } = fields;
  return {
    id,
    name: null,
    default_kind: null,
    missing: { tag: false, connection_ids: [] },
    created_at: iso(now - 3600),
    updated_at: iso(now - 3600),
    ...rest,
    filters: {
      platform: 'all',
      types: [],
      tag_id: null,
      connection_ids: [],
      state: 'inbox',
      words: '',
      ...filters,
    },
  };
}

/** Every user's views before they save one: All, Mentions, DMs. */
export const defaultViews = defaultViewKinds.map((kind) =>
  savedView(`00000000-0000-4000-8000-00000000000${defaultViewKinds.indexOf(kind) + 1}`, {
    default_kind: kind,
    filters: defaultViewFilters[kind],
  }),
);

export const connected = {
  ...signedIn,
  ...noTriage,
  'GET /api/saved-views': () => json(200, { success: true, data: defaultViews }),
  'GET /api/messages/hidden?ids_only=true': noneHidden,
  'GET /api/chatwork/status': () => json(200, { connections: [chatworkConnection] }),
  'GET /api/slack/status': () => json(200, { connections: [slackConnection] }),
};

/** A free plan whose two connections are both used. */
export const fullFreePlan = {
  'GET /api/connections/overview': () =>
    json(200, {
      plan: 'free',
      limit: 2,
      used: 2,
      sample: 0,
      providers: { slack: { configured: true }, chatwork: { configured: true } },
    }),
};

/** The server's answer to tagging a ChatWork message with `tag`. */
export function tagLinkCreated(tag: { id: string; name: string; color: string }, platformMessageId: string) {
  return json(201, {
    success: true,
    data: {
      id: '00000000-0000-4000-8000-0000000000ff',
      tag_id: tag.id,
      tag,
      platform: 'chatwork',
      platform_message_id: platformMessageId,
      created_at: iso(now),
    },
  });
}
