import { slackContent } from '../../../connectors/slack/slack-inbound.ts';
import {
  accountCounts,
  classifySlackMessage,
  compareNewestFirst,
  mentionsMe,
  slackPlatformMessageId,
} from '../../../../contract/classification.ts';
import type { PlatformConnection, SlackFile, SlackSourceMessage } from '../../../../contract/messages.ts';
import type { SampleText, SlackKind, SlackTextContext } from './catalogue.ts';
import { createPrng, hashString, type Prng } from './prng.ts';
import {
  avatarFor,
  catalogues,
  fileExtension,
  isoAt,
  kindSchedule,
  MESSAGES_PER_ROOM_CAP,
  messagesPerPlatform,
  rotation,
  SAMPLE_ANCHOR_SECONDS,
  sampleAges,
  sampleConnection,
  isWanted,
  sampleTagsFor,
  windowPositions,
  type SampleAccount,
  type SampleOptions,
} from './sample-common.ts';

/** Shares of each kind: 6 mentions, 5 thread replies, 4 DMs, 2 group DMs and 3 all-mentions in every 20. */
const KIND_PATTERN: readonly SlackKind[] = [
  ...Array<SlackKind>(6).fill('mention'),
  ...Array<SlackKind>(5).fill('thread'),
  ...Array<SlackKind>(4).fill('dm'),
  ...Array<SlackKind>(2).fill('mpim'),
  ...Array<SlackKind>(3).fill('all'),
];
/** SPEC §9: Slack gathering looks back 7 days. */
const SPAN_DAYS = 7;
const FIRST_WORKSPACE_SHARE = 0.55;
const SPECIALS = ['<!here>', '<!channel>', '<!everyone>', '<!here|here>', '<!channel>'];

type Person = { userId: string; name: string; short: string; handle: string; avatarUrl: string | null };
type ConversationKind = 'public' | 'private' | 'im' | 'mpim';
type Conversation = {
  id: string;
  name: string;
  kind: ConversationKind;
  members: Person[];
  busy: boolean;
  assigned: number;
  overflow?: true;
};
type Workspace = {
  index: number;
  teamId: string;
  domain: string;
  myUserId: string;
  myHandle: string;
  connection: PlatformConnection;
  people: Person[];
  /** The people's names by user id, to label mentions as gathering does. */
  names: ReadonlyMap<string, string>;
  channels: Conversation[];
  ims: Conversation[];
  mpims: Conversation[];
  userGroups: { id: string; handle: string }[];
  otherConversations: number;
};

function handleOf(name: string, fallback: string): string {
  const ascii = name
    .toLowerCase()
    .replace(/[^a-z ]/g, '')
    .trim()
    .replace(/ +/g, '.');
  return ascii || fallback;
}

function buildWorld(options: SampleOptions): Workspace[] {
  const catalogue = catalogues[options.language];
  const rng = createPrng(hashString(`slack:${options.language}:world`));
  const myHandle = catalogue.me.email.split('@')[0]!;
  return catalogue.slack.workspaces.map((definition, index): Workspace => {
    const teamId = `T0${rng.code(8)}`;
    const myUserId = `U0${rng.code(8)}`;
    const people: Person[] = catalogue.people.slice(index * 4, index * 4 + 8).map((person, personIndex) => ({
      userId: `U0${rng.code(8)}`,
      name: person.name,
      short: person.short,
      handle: handleOf(person.name, `member${personIndex + 1}`),
      avatarUrl: avatarFor(person, personIndex + index),
    }));
    const channels = definition.channels.map((channel, channelIndex): Conversation => ({
      id: `C0${rng.code(8)}`,
      name: channel.name,
      kind: channel.private ? 'private' : 'public',
      members: rng.shuffle(people).slice(0, rng.int(4, people.length)),
      busy: channelIndex < 2,
      assigned: 0,
    }));
    const ims = people.slice(0, 4).map((partner): Conversation => ({
      id: `D0${rng.code(8)}`,
      name: partner.name,
      kind: 'im',
      members: [partner],
      busy: false,
      assigned: 0,
    }));
    const mpims = [people.slice(1, 3), people.slice(3, 6)].map((members): Conversation => ({
      id: `G0${rng.code(8)}`,
      name: members.map((member) => member.name).join(', '),
      kind: 'mpim',
      members,
      busy: false,
      assigned: 0,
    }));
    return {
      index,
      teamId,
      domain: definition.domain,
      myUserId,
      myHandle,
      connection: sampleConnection(options, 'slack', index, {
        platform_user_id: myUserId,
        platform_user_name: catalogue.me.name,
        platform_workspace_id: teamId,
        platform_workspace_name: definition.name,
        platform_user_email: catalogue.me.email,
      }),
      people,
      names: new Map(people.map((person) => [person.userId, person.name])),
      channels,
      ims,
      mpims,
      userGroups: definition.userGroups.map((handle) => ({ id: `S0${rng.code(8)}`, handle })),
      otherConversations: rng.int(8, 30),
    };
  });
}

/** A conversation with space for another message; when all are full another opens like an existing one. */
function conversationWithSpace(rng: Prng, conversations: Conversation[], workspace: Workspace): Conversation {
  const open = conversations.filter((conversation) => conversation.assigned < MESSAGES_PER_ROOM_CAP);
  if (open.length > 0) return rng.pick(open.flatMap((item) => (item.busy ? [item, item] : [item])));
  const originals = conversations.filter((conversation) => !conversation.overflow);
  const template = originals[(conversations.length - originals.length) % originals.length]!;
  const prefix = template.kind === 'im' ? 'D0' : template.kind === 'mpim' ? 'G0' : 'C0';
  const conversation: Conversation = {
    ...template,
    id: `${prefix}${hashString(`${workspace.teamId}:${template.kind}:${conversations.length}`).toString(36).toUpperCase().padStart(8, '0').slice(0, 8)}`,
    name:
      template.kind === 'public' || template.kind === 'private'
        ? `${template.name}-${conversations.length + 1}`
        : template.name,
    busy: false,
    assigned: 0,
    overflow: true,
  };
  conversations.push(conversation);
  return conversation;
}

function tsAt(rng: Prng, anchorSeconds: number, used: Set<string>): string {
  for (;;) {
    const ts = `${anchorSeconds}.${String(rng.int(0, 999_999)).padStart(6, '0')}`;
    if (!used.has(ts)) {
      used.add(ts);
      return ts;
    }
  }
}

type Draft = {
  workspace: Workspace;
  conversation: Conversation;
  sender: Person;
  age: number;
  ts: string;
  threadTs?: string;
  subtype?: string;
  text: string;
  files?: SlackFile[];
  sample: SampleText<SlackTextContext>;
};

export function generateSlackConnections(options: SampleOptions): PlatformConnection[] {
  return buildWorld(options).map((workspace) => workspace.connection);
}

export function generateSlackSample(options: SampleOptions): SampleAccount<'slack'>[] {
  const catalogue = catalogues[options.language];
  const workspaces = buildWorld(options);
  const rng = createPrng(hashString(`slack:${options.language}:messages`));
  const count = messagesPerPlatform(options);
  const kinds = kindSchedule(rng, count, KIND_PATTERN);
  const ages = sampleAges(rng, count, SPAN_DAYS);
  const nextText = {
    mention: rotation(rng, catalogue.slack.texts.mention),
    thread: rotation(rng, catalogue.slack.texts.thread),
    dm: rotation(rng, catalogue.slack.texts.dm),
    mpim: rotation(rng, catalogue.slack.texts.mpim),
    all: rotation(rng, catalogue.slack.texts.all),
  };
  const kindCounts = { mention: 0, thread: 0, dm: 0, mpim: 0, all: 0 };
  const usedTs = new Set<string>();
  const drafts: Draft[] = [];

  for (let index = 0; index < count; index += 1) {
    const kind = kinds[index]!;
    const age = ages[index]!;
    const variant = kindCounts[kind]++;
    const workspace = workspaces[rng.chance(FIRST_WORKSPACE_SHARE) ? 0 : 1] ?? workspaces[0]!;
    const pool = kind === 'dm' ? workspace.ims : kind === 'mpim' ? workspace.mpims : workspace.channels;
    const conversation = conversationWithSpace(rng, pool, workspace);
    conversation.assigned += 1;
    const sender = conversation.kind === 'im' ? conversation.members[0]! : rng.pick(conversation.members);
    const other = rng.pick(workspace.people.filter((person) => person !== sender));
    const otherChannels = workspace.channels.filter(
      (channel) => channel !== conversation && channel.kind === 'public',
    );
    const sample = nextText[kind]();
    const context: SlackTextContext = {
      me: variant % 4 === 1 ? `<@${workspace.myUserId}|${workspace.myHandle}>` : `<@${workspace.myUserId}>`,
      sender: sender.short,
      other: `<@${other.userId}>`,
      otherName: other.name,
      special: SPECIALS[variant % SPECIALS.length]!,
      subteam: (() => {
        const group = rng.pick(workspace.userGroups);
        return `<!subteam^${group.id}|@${group.handle}>`;
      })(),
      channel: () => {
        const channel = rng.pick(otherChannels);
        return `<#${channel.id}|${channel.name}>`;
      },
      project: rng.pick(catalogue.projects),
      client: rng.pick(catalogue.clients),
    };
    const ts = tsAt(rng, SAMPLE_ANCHOR_SECONDS - age, usedTs);
    const draft: Draft = { workspace, conversation, sender, age, ts, text: sample.text(context), sample };

    if (kind === 'thread') {
      const parents = drafts.filter(
        (earlier) =>
          earlier.conversation === conversation &&
          earlier.age > age &&
          (earlier.threadTs === undefined || earlier.threadTs === earlier.ts),
      );
      if (parents.length > 0 && rng.chance(0.5)) {
        const parent = rng.pick(parents);
        parent.threadTs = parent.ts;
        draft.threadTs = parent.ts;
      } else {
        draft.threadTs = tsAt(rng, SAMPLE_ANCHOR_SECONDS - age - rng.int(5, 360) * 60, usedTs);
      }
      if (variant % 6 === 5) draft.subtype = 'thread_broadcast';
    }

    if (sample.file) {
      const fileId = `F0${rng.code(9)}`;
      const encodedName = encodeURIComponent(sample.file.name);
      draft.files = [
        {
          id: fileId,
          name: sample.file.name,
          title: sample.file.name.replace(/\.[^.]+$/, ''),
          mimetype: sample.file.mimetype,
          filetype: fileExtension(sample.file.name),
          size: sample.file.size,
          permalink: `https://${workspace.domain}.slack.com/files/${sender.userId}/${fileId}/${encodedName}`,
          url_private: `https://files.slack.com/files-pri/${workspace.teamId}-${fileId}/${encodedName}`,
        },
      ];
    }
    drafts.push(draft);
  }

  const positions = new Map<Draft, number>();
  for (const workspace of workspaces) {
    for (const conversation of [...workspace.channels, ...workspace.ims, ...workspace.mpims]) {
      const inConversation = drafts
        .filter((draft) => draft.conversation === conversation)
        .sort((a, b) => a.age - b.age);
      windowPositions(rng, inConversation.length, conversation.busy).forEach((position, index) =>
        positions.set(inConversation[index]!, position),
      );
    }
  }

  const messages = drafts.flatMap((draft): SlackSourceMessage[] => {
    // Drawn for every draft, so a connection's tags are the same whichever connections are built.
    const tags = sampleTagsFor(rng, options.language, draft.sample.tags);
    if (!isWanted(options, draft.workspace.connection)) return [];
    const sendTime = options.now - draft.age;
    const { conversation, workspace } = draft;
    const conversationInfo = {
      id: conversation.id,
      name: conversation.name,
      is_channel: conversation.kind === 'public' || conversation.kind === 'private',
      is_group: conversation.kind === 'private',
      is_im: conversation.kind === 'im',
      is_mpim: conversation.kind === 'mpim',
    };
    const types = classifySlackMessage({
      text: draft.text,
      ts: draft.ts,
      threadTs: draft.threadTs,
      conversation: conversationInfo,
      myUserId: workspace.myUserId,
    });
    const permalink = `https://${workspace.domain}.slack.com/archives/${conversation.id}/p${draft.ts.replace('.', '')}`;
    const isReply = draft.threadTs !== undefined && draft.threadTs !== draft.ts;
    const message: SlackSourceMessage = {
      platform: 'slack',
      message_id: draft.ts,
      ts: draft.ts,
      ...(draft.threadTs ? { thread_ts: draft.threadTs } : {}),
      platform_message_id: slackPlatformMessageId(conversation.id, draft.ts),
      body: draft.text,
      // Made like a gathered message's content, so the timeline shows names rather than ids, and emoji.
      ...slackContent(draft.text, (userId) => workspace.names.get(userId)),
      send_time: sendTime,
      formatted_time: isoAt(sendTime),
      account: {
        account_id: draft.sender.userId,
        name: draft.sender.name,
        avatar_image_url: draft.sender.avatarUrl,
      },
      conversation_info: conversationInfo,
      account_info: {
        account_name: workspace.connection.platform_user_name,
        workspace_name: workspace.connection.platform_workspace_name,
        connection_id: workspace.connection.id,
        platform_user_id: workspace.myUserId,
      },
      mention_types: types,
      is_mention: mentionsMe(types),
      is_dm: types.is_dm,
      ...(draft.files ? { files: draft.files } : {}),
      ...(draft.subtype ? { subtype: draft.subtype } : {}),
      position_index: positions.get(draft)!,
      original_url: isReply ? `${permalink}?thread_ts=${draft.threadTs}&cid=${conversation.id}` : permalink,
      tags,
    };
    return [message];
  });

  return workspaces
    .filter((workspace) => isWanted(options, workspace.connection))
    .map((workspace) => {
      const own = messages
        .filter((message) => message.account_info.connection_id === workspace.connection.id)
        .sort(compareNewestFirst);
      const totalChannels =
        workspace.channels.length +
        workspace.ims.length +
        workspace.mpims.length +
        workspace.otherConversations;
      return {
        connection: workspace.connection,
        messages: own,
        stats: {
          platform: 'slack',
          account_name: workspace.connection.platform_user_name,
          workspace_name: workspace.connection.platform_workspace_name,
          connection_id: workspace.connection.id,
          ...accountCounts(own),
          status: 'completed',
          fetched_at: isoAt(options.now),
          last_success_at: isoAt(options.now),
          stale: false,
          channels_checked: totalChannels,
          total_channels: totalChannels,
        },
      };
    });
}
