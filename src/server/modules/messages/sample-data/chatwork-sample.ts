import {
  accountCounts,
  classifyChatworkMessage,
  compareNewestFirst,
  mentionsMe,
} from '../../../../contract/classification.ts';
import type {
  ChatworkFile,
  ChatworkSourceMessage,
  PlatformConnection,
} from '../../../../contract/messages.ts';
import type { ChatworkKind, ChatworkTextContext, SampleText } from './catalogue.ts';
import { createPrng, hashString, type Prng } from './prng.ts';
import {
  avatarFor,
  catalogues,
  formatFileSize,
  isoAt,
  isWanted,
  kindSchedule,
  MESSAGES_PER_ROOM_CAP,
  messagesPerPlatform,
  rotation,
  SAMPLE_ANCHOR_SECONDS,
  sampleAges,
  sampleConnection,
  sampleTagsFor,
  windowPositions,
  type SampleAccount,
  type SampleOptions,
} from './sample-common.ts';

/** Shares of each kind: 7 mentions, 4 replies, 3 to-all and 6 direct messages in every 20. */
const KIND_PATTERN: readonly ChatworkKind[] = [
  ...Array<ChatworkKind>(7).fill('mention'),
  ...Array<ChatworkKind>(4).fill('reply'),
  ...Array<ChatworkKind>(3).fill('toall'),
  ...Array<ChatworkKind>(6).fill('dm'),
];
const SPAN_DAYS = 12;
const FIRST_ACCOUNT_SHARE = 0.55;
/** SPEC §9: an update checks up to 20 rooms per account. */
const ROOMS_PER_UPDATE = 20;

type Person = { accountId: number; name: string; short: string; avatarUrl: string | null };
type Room = {
  roomId: number;
  name: string;
  type: 'group' | 'direct';
  members: Person[];
  busy: boolean;
  assigned: number;
  /** Set on rooms opened because the others were full. */
  overflow?: true;
};
type Account = {
  index: number;
  myAccountId: number;
  connection: PlatformConnection;
  people: Person[];
  groupRooms: Room[];
  directRooms: Room[];
  otherRooms: number;
};

type World = { accounts: Account[] };

function buildWorld(options: SampleOptions): World {
  const catalogue = catalogues[options.language];
  const rng = createPrng(hashString(`chatwork:${options.language}:world`));
  const people: Person[] = catalogue.people.map((person, index) => ({
    accountId: rng.int(1_000_000, 9_999_999),
    name: person.name,
    short: person.short,
    avatarUrl: avatarFor(person, index),
  }));
  const accounts = catalogue.chatwork.accounts.map((definition, index): Account => {
    const myAccountId = rng.int(1_000_000, 9_999_999);
    const organizationId = rng.int(100_000, 999_999);
    const colleagues = people.slice(index * 5, index * 5 + 7);
    const groupRooms = definition.groupRooms.map((name, roomIndex): Room => ({
      roomId: rng.int(100_000_000, 399_999_999),
      name,
      type: 'group',
      members: rng.shuffle(colleagues).slice(0, rng.int(3, colleagues.length)),
      busy: roomIndex < 2,
      assigned: 0,
    }));
    const directRooms = colleagues.slice(0, 3).map((partner): Room => ({
      roomId: rng.int(100_000_000, 399_999_999),
      name: partner.name,
      type: 'direct',
      members: [partner],
      busy: false,
      assigned: 0,
    }));
    const [local, domain] = catalogue.me.email.split('@') as [string, string];
    return {
      index,
      myAccountId,
      connection: sampleConnection(options, 'chatwork', index, {
        platform_user_id: String(myAccountId),
        platform_user_name: catalogue.me.name,
        platform_workspace_id: definition.organization ? String(organizationId) : null,
        platform_workspace_name: definition.organization,
        platform_user_email: index === 0 ? catalogue.me.email : `${local}+${index}@${domain}`,
      }),
      people: colleagues,
      groupRooms,
      directRooms,
      otherRooms: rng.int(6, 18),
    };
  });
  return { accounts };
}

/**
 * A room with space for another message. When every room is at its cap another one opens, as a busier account
 * would have: a direct chat with a colleague who has none yet, otherwise a further room like an existing one.
 */
function roomWithSpace(rng: Prng, rooms: Room[], account: Account): Room {
  const open = rooms.filter((room) => room.assigned < MESSAGES_PER_ROOM_CAP);
  if (open.length > 0) return rng.pick(open.flatMap((room) => (room.busy ? [room, room] : [room])));
  const type = rooms[0]!.type;
  const newPartner =
    type === 'direct'
      ? account.people.find((person) => !rooms.some((room) => room.members[0] === person))
      : undefined;
  const originals = rooms.filter((room) => !room.overflow);
  const template = originals[(rooms.length - originals.length) % originals.length]!;
  const room: Room = {
    ...template,
    roomId: 400_000_000 + (hashString(`${account.myAccountId}:${type}:${rooms.length}`) % 500_000_000),
    name: newPartner
      ? newPartner.name
      : type === 'group'
        ? `${template.name} ${rooms.length + 1}`
        : template.name,
    members: newPartner ? [newPartner] : template.members,
    busy: false,
    assigned: 0,
    overflow: true,
  };
  rooms.push(room);
  return room;
}

/** ChatWork message ids grow with time; they are 64-bit, so they travel as strings. */
function messageIdAt(rng: Prng, anchorSeconds: number, used: Set<string>): string {
  for (;;) {
    const milliseconds = BigInt(anchorSeconds) * 1000n + BigInt(rng.int(0, 999));
    const id = ((milliseconds << 20n) | BigInt(rng.int(0, 0xfffff))).toString();
    if (!used.has(id)) {
      used.add(id);
      return id;
    }
  }
}

type Draft = {
  account: Account;
  room: Room;
  sender: Person;
  age: number;
  messageId: string;
  body: string;
  file?: ChatworkFile;
  text: SampleText<ChatworkTextContext>;
};

export function generateChatworkConnections(options: SampleOptions): PlatformConnection[] {
  return buildWorld(options).accounts.map((account) => account.connection);
}

export function generateChatworkSample(options: SampleOptions): SampleAccount<'chatwork'>[] {
  const catalogue = catalogues[options.language];
  const { accounts } = buildWorld(options);
  const rng = createPrng(hashString(`chatwork:${options.language}:messages`));
  const count = messagesPerPlatform(options);
  const kinds = kindSchedule(rng, count, KIND_PATTERN);
  const ages = sampleAges(rng, count, SPAN_DAYS);
  const nextText = {
    mention: rotation(rng, catalogue.chatwork.texts.mention),
    reply: rotation(rng, catalogue.chatwork.texts.reply),
    toall: rotation(rng, catalogue.chatwork.texts.toall),
    dm: rotation(rng, catalogue.chatwork.texts.dm),
  };
  const kindCounts = { mention: 0, reply: 0, toall: 0, dm: 0 };
  const usedIds = new Set<string>();
  const drafts: Draft[] = [];

  for (let index = 0; index < count; index += 1) {
    const kind = kinds[index]!;
    const age = ages[index]!;
    const sendTime = options.now - age;
    const variant = kindCounts[kind]++;
    const account = accounts[rng.chance(FIRST_ACCOUNT_SHARE) ? 0 : 1] ?? accounts[0]!;
    const room = roomWithSpace(rng, kind === 'dm' ? account.directRooms : account.groupRooms, account);
    room.assigned += 1;
    const sender = room.type === 'direct' ? room.members[0]! : rng.pick(room.members);
    const others = account.people.filter((person) => person !== sender);
    const other = rng.pick(others);
    const dmReply = kind === 'dm' && variant % 5 === 2;
    const text = dmReply ? nextText.reply() : nextText[kind]();
    const context: ChatworkTextContext = {
      me: catalogue.me.short,
      sender: sender.short,
      other: { id: other.accountId, name: other.name, short: other.short },
      colleagues: rng.shuffle(others).map((person) => person.accountId),
      project: rng.pick(catalogue.projects),
      client: rng.pick(catalogue.clients),
      quote: (quoted, minutesBefore) =>
        `[qt][qtmeta aid=${other.accountId} time=${sendTime - minutesBefore * 60}]${quoted}[/qt]`,
    };
    const meLine = `${catalogue.me.name}${catalogue.honorific}`;
    const toMe = `[To:${account.myAccountId}]${meLine}`;
    const replyToMe = () => {
      const parentId = messageIdAt(rng, SAMPLE_ANCHOR_SECONDS - age - rng.int(2, 180) * 60, usedIds);
      return `[rp aid=${account.myAccountId} to=${room.roomId}-${parentId}]${meLine}`;
    };
    let prefix: string;
    switch (kind) {
      case 'mention':
        prefix = text.alsoTo ? `${toMe}\n[To:${other.accountId}]${other.name}${catalogue.honorific}` : toMe;
        break;
      case 'reply':
        prefix = replyToMe();
        break;
      case 'toall':
        prefix = variant % 4 === 3 ? `[toall]\n${toMe}` : '[toall]';
        break;
      case 'dm':
        prefix = dmReply ? replyToMe() : variant % 5 === 4 ? toMe : '';
        break;
    }
    let body = prefix ? `${prefix}\n${text.text(context)}` : text.text(context);
    let file: ChatworkFile | undefined;
    if (text.file) {
      file = {
        file_id: rng.int(1_000_000_000, 1_999_999_999),
        filename: text.file.name,
        filesize: text.file.size,
        upload_time: sendTime,
      };
      const preview = text.file.mimetype.startsWith('image/')
        ? `[preview id=${file.file_id} ht=${rng.pick([120, 150, 180])}]`
        : '';
      body += `\n[info][title][dtext:file_uploaded][/title]${preview}[download:${file.file_id}]${file.filename} (${formatFileSize(file.filesize)})[/download][/info]`;
    }
    drafts.push({
      account,
      room,
      sender,
      age,
      messageId: messageIdAt(rng, SAMPLE_ANCHOR_SECONDS - age, usedIds),
      body,
      ...(file ? { file } : {}),
      text,
    });
  }

  const positions = new Map<Draft, number>();
  for (const account of accounts) {
    for (const room of [...account.groupRooms, ...account.directRooms]) {
      const inRoom = drafts.filter((draft) => draft.room === room).sort((a, b) => a.age - b.age);
      windowPositions(rng, inRoom.length, room.busy).forEach((position, index) =>
        positions.set(inRoom[index]!, position),
      );
    }
  }

  const messages = drafts.flatMap((draft): ChatworkSourceMessage[] => {
    // Drawn for every draft, so a connection's tags are the same whichever connections are built.
    const tags = sampleTagsFor(rng, options.language, draft.text.tags);
    if (!isWanted(options, draft.account.connection)) return [];
    const sendTime = options.now - draft.age;
    const types = classifyChatworkMessage({
      body: draft.body,
      roomType: draft.room.type,
      myAccountId: draft.account.myAccountId,
    });
    const edited = hashString(draft.messageId) % 10 === 0;
    const message: ChatworkSourceMessage = {
      platform: 'chatwork',
      message_id: draft.messageId,
      platform_message_id: draft.messageId,
      body: draft.body,
      content: draft.body,
      send_time: sendTime,
      update_time: edited ? Math.min(options.now, sendTime + 60 + (hashString(draft.body) % 600)) : 0,
      formatted_time: isoAt(sendTime),
      account: {
        account_id: draft.sender.accountId,
        name: draft.sender.name,
        avatar_image_url: draft.sender.avatarUrl,
      },
      room_info: { room_id: draft.room.roomId, name: draft.room.name, type: draft.room.type },
      account_info: {
        account_name: draft.account.connection.platform_user_name,
        workspace_name: draft.account.connection.platform_workspace_name,
        connection_id: draft.account.connection.id,
        platform_user_id: draft.account.connection.platform_user_id,
      },
      mention_types: types,
      is_mention: mentionsMe(types),
      is_dm: types.is_dm,
      ...(draft.file ? { file: draft.file } : {}),
      position_index: positions.get(draft)!,
      original_url: `https://www.chatwork.com/#!rid${draft.room.roomId}-${draft.messageId}`,
      tags,
    };
    return [message];
  });

  return accounts
    .filter((account) => isWanted(options, account.connection))
    .map((account) => {
      const own = messages
        .filter((message) => message.account_info.connection_id === account.connection.id)
        .sort(compareNewestFirst);
      const totalRooms = account.groupRooms.length + account.directRooms.length + account.otherRooms;
      return {
        connection: account.connection,
        messages: own,
        stats: {
          platform: 'chatwork',
          account_name: account.connection.platform_user_name,
          workspace_name: account.connection.platform_workspace_name,
          connection_id: account.connection.id,
          ...accountCounts(own),
          status: 'completed',
          fetched_at: isoAt(options.now),
          last_success_at: isoAt(options.now),
          stale: false,
          rooms_checked: Math.min(ROOMS_PER_UPDATE, totalRooms),
          total_rooms: totalRooms,
        },
      };
    });
}
