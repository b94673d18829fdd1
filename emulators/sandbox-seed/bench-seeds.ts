import { chatworkMessageId, type ChatworkSeed, type ChatworkSeedRoom } from '../chatwork/chatwork-seed.ts';
import { slackTs, type SlackSeed, type SlackSeedTeam } from '../slack/slack-seed.ts';
import { sandboxChatworkSeed } from './sandbox-chatwork-seed.ts';
import { sandboxSlackSeed } from './sandbox-slack-seed.ts';

/**
 * Larger, generated seeds for the cold-gather bench (issue 4: 3 Slack workspaces, 3 ChatWork accounts × 20
 * rooms; issue 12: 3 Slack workspaces with 40 senders each), with the sandbox OAuth apps. The user who connects is
 * the first of each workspace (`benchSlackUserId`) and each account id is listed first by `benchChatworkAccountIds`; messages
 * spread over the last 6 days, most of them mentioning that user, so every gather has a full latest-100 window to
 * assemble, written by every sender in turn.
 */

const hour = 3600;
const names = ['aki', 'ben', 'chie', 'dan', 'emi'];

/** `senders` people besides me: the five named ones, then numbered ones. */
function otherNames(senders: number): string[] {
  return Array.from({ length: senders }, (_, n) => names[n] ?? `person${n}`);
}

/** The user who connects to bench workspace `index` (from 1). */
export function benchSlackUserId(index: number): string {
  return `U${index}ME000000`;
}

function benchTeam(now: number, index: number, senders: number): SlackSeedTeam {
  const me = benchSlackUserId(index);
  const others = otherNames(senders);
  const users = [me, ...others.map((name) => `U${index}${name.toUpperCase().padEnd(7, '0')}`)];
  const publicChannels = [0, 1, 2, 3, 4].map((n) => `C${index}CHANNEL${n}`);
  const ims = users
    .slice(1, 4)
    .map((user, n) => ({ id: `D${index}DIRECT0${n}`, kind: 'im' as const, members: [me, user] }));
  const conversations = [
    ...publicChannels.map((id, n) => ({ id, name: `channel-${n}`, kind: 'public' as const, members: users })),
    ...ims,
    { id: `G${index}GROUPDM0`, kind: 'mpim' as const, members: users.slice(0, 4) },
  ];
  const messages = Array.from({ length: 150 }, (_, n) => {
    const conversation = conversations[n % conversations.length] ?? conversations[0];
    const sender = users[1 + (n % others.length)] ?? me;
    const kind = n % 5;
    const text =
      kind === 0
        ? `<@${me}> item ${n}: please take a look`
        : kind === 1
          ? `<!subteam^S${index}TEAM> update ${n}`
          : kind === 2
            ? `<!channel> notice ${n}`
            : `message ${n} の確認をお願いします <@${me}>`;
    return { channel: conversation?.id ?? '', ts: slackTs(now, 60 + n * 3400, n), user: sender, text };
  });
  return {
    id: `T${index}BENCH00`,
    name: `Bench workspace ${index}`,
    domain: `bench-${index}`,
    users: users.map((id, n) => ({
      id,
      name: n === 0 ? `me${index}` : (others[n - 1] ?? id),
      real_name: `User ${id}`,
    })),
    usergroups: [
      { id: `S${index}TEAM`, handle: `team-${index}`, name: `Team ${index}`, users: [me, users[1] ?? me] },
    ],
    conversations,
    messages,
  };
}

/** The bench's Slack workspaces; `senders` people besides the one who connects write its messages. */
export function benchSlackSeed(now: number = Date.now(), workspaces = 3, senders = 5): SlackSeed {
  return {
    apps: sandboxSlackSeed(now).apps,
    teams: Array.from({ length: workspaces }, (_, index) => benchTeam(now, index + 1, senders)),
  };
}

export function benchChatworkAccountIds(accounts = 3): number[] {
  return Array.from({ length: accounts }, (_, index) => 70_000 + index * 1000);
}

export function benchChatworkSeed(
  now: number = Date.now(),
  accounts = 3,
  roomsPerAccount = 20,
): ChatworkSeed {
  const nowSeconds = Math.floor(now / 1000);
  const accountIds = benchChatworkAccountIds(accounts);
  const colleagues = (accountId: number) => [1, 2, 3].map((n) => accountId + n);
  const rooms: ChatworkSeedRoom[] = [];
  const messages: ChatworkSeed['messages'] = [];
  let sequence = 0;
  for (const accountId of accountIds) {
    // Two more rooms than are gathered, so choosing the most recently updated ones matters.
    for (let n = 0; n < roomsPerAccount + 2; n += 1) {
      const roomId = accountId + 100 + n;
      const partner = colleagues(accountId)[n % 3] ?? accountId;
      const type = n === 0 ? 'my' : n <= 3 ? 'direct' : 'group';
      const members =
        type === 'my'
          ? [accountId]
          : type === 'direct'
            ? [accountId, partner]
            : [accountId, ...colleagues(accountId)];
      rooms.push({
        room_id: roomId,
        name: type === 'group' ? `Bench room ${n}` : '',
        type,
        members: members.map((id) => ({ account_id: id, role: 'admin' as const })),
      });
      for (let m = 0; m < 30; m += 1) {
        sequence += 1;
        const body =
          m % 3 === 0
            ? `[To:${accountId}] please check ${m}`
            : m % 3 === 1
              ? `[toall] notice ${m}`
              : `update ${m}`;
        messages.push({
          room_id: roomId,
          message_id: chatworkMessageId(sequence),
          account_id: type === 'my' ? accountId : partner,
          body,
          send_time: nowSeconds - (6 * 24 - n - m * 0.1) * hour,
        });
      }
    }
  }
  const people = accountIds.flatMap((accountId) => [accountId, ...colleagues(accountId)]);
  return {
    apps: sandboxChatworkSeed(now).apps,
    accounts: people.map((accountId) => ({ account_id: accountId, name: `Bench user ${accountId}` })),
    rooms,
    messages,
  };
}
