import { createHash } from 'node:crypto';
import type { SlackSeedConversation, SlackSeedMessage, SlackSeedTeam, SlackSeedUser } from './slack-seed.ts';
import type { SlackStore } from './slack-store.ts';

/** The shapes Slack's Web API returns, built from seed records. */

function avatar(userId: string, size: number): string {
  const hash = createHash('md5').update(userId).digest('hex');
  return `https://secure.gravatar.com/avatar/${hash}.jpg?s=${size}&d=identicon`;
}

/** A user as Slack shows them; the e-mail address only to a token with `users:read.email`. */
export function userView(user: SlackSeedUser, teamId: string, withEmail: boolean) {
  const images = Object.fromEntries(
    [24, 32, 48, 72, 192, 512].map((size) => [`image_${size}`, avatar(user.id, size)]),
  );
  return {
    id: user.id,
    team_id: teamId,
    name: user.name,
    deleted: false,
    real_name: user.real_name,
    tz: user.tz ?? 'Asia/Tokyo',
    tz_label: 'Japan Standard Time',
    tz_offset: 32_400,
    is_admin: user.is_admin ?? false,
    is_owner: false,
    is_bot: user.is_bot ?? false,
    is_app_user: false,
    updated: 1_700_000_000,
    profile: {
      real_name: user.real_name,
      real_name_normalized: user.real_name,
      display_name: user.display_name ?? '',
      display_name_normalized: user.display_name ?? '',
      avatar_hash: createHash('md5').update(user.id).digest('hex').slice(0, 12),
      title: '',
      phone: '',
      skype: '',
      status_text: '',
      status_emoji: '',
      fields: null,
      ...(withEmail && user.email ? { email: user.email } : {}),
      team: teamId,
      ...images,
    },
  };
}

export function teamView(team: SlackSeedTeam) {
  return {
    id: team.id,
    name: team.name,
    url: `https://${team.domain}.slack.com/`,
    domain: team.domain,
    email_domain: '',
    icon: {
      image_default: true,
      image_34: avatar(team.id, 34),
      image_68: avatar(team.id, 68),
      image_132: avatar(team.id, 132),
    },
    is_verified: false,
  };
}

/** Slack names an mpim after its members: `mpdm-alice--bob--carol-1`. */
function conversationName(
  store: SlackStore,
  conversation: SlackSeedConversation,
  teamId: string,
  viewerId: string,
): string {
  if (conversation.name) return conversation.name;
  if (conversation.kind === 'im')
    return conversation.members.find((member) => member !== viewerId) ?? viewerId;
  const names = conversation.members.map((member) => store.user(member, teamId)?.name ?? member);
  return `mpdm-${names.join('--')}-1`;
}

function flags(conversation: SlackSeedConversation) {
  return {
    is_channel: conversation.kind === 'public' || conversation.kind === 'private',
    is_group: false,
    is_im: conversation.kind === 'im',
    is_mpim: conversation.kind === 'mpim',
    is_private: conversation.kind !== 'public',
  };
}

export function conversationView(
  store: SlackStore,
  conversation: SlackSeedConversation,
  teamId: string,
  viewerId: string,
) {
  const created = conversation.created ?? 1_600_000_000;
  if (conversation.kind === 'im') {
    return {
      id: conversation.id,
      created,
      is_im: true,
      is_org_shared: false,
      user: conversation.members.find((member) => member !== viewerId) ?? viewerId,
      is_user_deleted: false,
      is_archived: false,
      priority: 0,
    };
  }
  const name = conversationName(store, conversation, teamId, viewerId);
  const creator = conversation.members[0] ?? '';
  return {
    id: conversation.id,
    name,
    name_normalized: name,
    ...flags(conversation),
    created,
    creator,
    is_archived: conversation.is_archived ?? false,
    is_general: conversation.is_general ?? false,
    unlinked: 0,
    is_shared: false,
    is_org_shared: false,
    is_ext_shared: false,
    is_pending_ext_shared: false,
    pending_shared: [],
    is_member: conversation.members.includes(viewerId),
    num_members: conversation.members.length,
    topic: { value: conversation.topic ?? '', creator, last_set: created },
    purpose: { value: conversation.purpose ?? '', creator, last_set: created },
  };
}

/**
 * The abridged channel object inside a search match, with exactly the fields of Slack's documented example
 * (search.messages): no `is_channel`, `is_group` or `is_im`, so a DM is told only by its `D` id.
 */
export function searchChannelView(
  store: SlackStore,
  conversation: SlackSeedConversation,
  teamId: string,
  viewerId: string,
) {
  return {
    id: conversation.id,
    name: conversationName(store, conversation, teamId, viewerId),
    is_mpim: conversation.kind === 'mpim',
    is_private: conversation.kind !== 'public',
    is_shared: false,
    is_org_shared: false,
    is_ext_shared: false,
    is_pending_ext_shared: false,
    pending_shared: [],
  };
}

export function isThreadReply(message: SlackSeedMessage): boolean {
  return message.thread_ts !== undefined && message.thread_ts !== message.ts;
}

export function permalink(team: SlackSeedTeam, message: SlackSeedMessage): string {
  const base = `https://${team.domain}.slack.com/archives/${message.channel}/p${message.ts.replace('.', '')}`;
  return isThreadReply(message) ? `${base}?thread_ts=${message.thread_ts}&cid=${message.channel}` : base;
}

/** A message as history and replies return it, with thread details on parents and replies. */
export function messageView(store: SlackStore, message: SlackSeedMessage, teamId: string) {
  const view: Record<string, unknown> = {
    type: 'message',
    user: message.user,
    text: message.text,
    ts: message.ts,
    team: teamId,
  };
  if (message.subtype) view.subtype = message.subtype;
  if (!message.thread_ts) return view;
  view.thread_ts = message.thread_ts;
  if (isThreadReply(message)) {
    const parent = store
      .channelMessages(message.channel)
      .find((candidate) => candidate.ts === message.thread_ts);
    if (parent) view.parent_user_id = parent.user;
    return view;
  }
  const replies = store
    .channelMessages(message.channel)
    .filter((candidate) => candidate.thread_ts === message.ts && isThreadReply(candidate));
  const replyUsers = [...new Set(replies.map((reply) => reply.user))];
  return {
    ...view,
    reply_count: replies.length,
    reply_users_count: replyUsers.length,
    reply_users: replyUsers,
    latest_reply: replies.at(-1)?.ts ?? message.ts,
  };
}
