import type { ChatworkSeed } from '../emulators/chatwork/chatwork-seed.ts';
import { sandboxChatworkSeed } from '../emulators/sandbox-seed/sandbox-chatwork-seed.ts';
import { SANDBOX_SLACK_APP_TOKEN, sandboxSlackSeed } from '../emulators/sandbox-seed/sandbox-slack-seed.ts';
import { matomeSlackUserScopes, slackTs, type SlackSeed } from '../emulators/slack/slack-seed.ts';
import { ACCESS_TOKEN_TTL_SECONDS } from '../src/contract/auth.ts';
import { CHATWORK_SCOPES } from '../src/server/connectors/chatwork/chatwork-oauth.ts';
import type { DatabaseHandle } from '../src/server/db/client.ts';
import { authSessions } from '../src/server/db/schema/auth-sessions.ts';
import { platformConnections } from '../src/server/db/schema/platform-connections.ts';
import { users } from '../src/server/db/schema/users.ts';
import { createAccessTokens } from '../src/server/modules/auth/access-tokens.ts';
import { createTokenCipher } from '../src/server/lib/token-cipher.ts';

/**
 * The population of the load scenario (`load-bench.ts`, decision 137): `users` people, each with two Slack
 * connections (workspaces `n % 10` and `(n + 5) % 10` of ten, so 200 connected members each) and one ChatWork
 * account of their own. Each workspace has five public channels everyone is in, a DM per member with one of five
 * senders, two user groups (half the members each) and three messages mentioning each member; each ChatWork
 * account a direct chat and a group of ten with mentions. The app-level token (`authorizations:read`) is the
 * sandbox's, so private conversations reach every member who can see them (decision 147).
 */
export const LOAD_WORKSPACES = 10;
/** User groups per workspace: each is one more search shared by the workspace (decision 147). */
export const LOAD_USER_GROUPS = 2;
const SENDERS = 5;
const pad = (n: number) => String(n).padStart(6, '0');

export const loadTeamId = (workspace: number) => `T${workspace}LOAD0000`;
export const loadSlackUserId = (workspace: number, user: number) => `U${workspace}L${pad(user)}`;
export const loadSenderId = (workspace: number, sender: number) => `U${workspace}S${pad(sender)}`;
export const loadChannelId = (workspace: number, channel: number) => `C${workspace}CHAN${pad(channel)}`;
export const loadSlackToken = (workspace: number, user: number) => `xoxp-load-${workspace}-${user}`;
export const loadChatworkAccountId = (user: number) => 100_000 + user;
export const loadChatworkToken = (user: number) => `load-chatwork-${user}`;
const CHATWORK_SENDER = 99_999;

/** The two workspaces user `n` is connected to. */
export function workspacesOf(user: number): [number, number] {
  return [user % LOAD_WORKSPACES, (user + LOAD_WORKSPACES / 2) % LOAD_WORKSPACES];
}

/** The users connected to a workspace, in the order the seed gives them their DMs. */
export function membersOf(workspace: number, userCount: number): number[] {
  return Array.from({ length: userCount }, (_, n) => n).filter((n) => workspacesOf(n).includes(workspace));
}

const dmOf = (workspace: number, user: number) => `D${workspace}DM${pad(user)}`;

/** User `user`'s DM in a workspace and the sender at its other end (one of the workspace's five). */
export function loadDm(
  workspace: number,
  user: number,
  userCount: number,
): { channel: string; sender: string } {
  const index = membersOf(workspace, userCount).indexOf(user);
  if (index < 0) throw new Error(`user ${user} is not in workspace ${workspace}`);
  return { channel: dmOf(workspace, user), sender: loadSenderId(workspace, index % SENDERS) };
}

export function loadSlackSeed(now: number, userCount: number): SlackSeed {
  const [app] = sandboxSlackSeed(now).apps;
  const teams = Array.from({ length: LOAD_WORKSPACES }, (_, workspace) => {
    const members = membersOf(workspace, userCount);
    const memberIds = members.map((n) => loadSlackUserId(workspace, n));
    const senders = Array.from({ length: SENDERS }, (_, s) => loadSenderId(workspace, s));
    const everyone = [...memberIds, ...senders];
    const channels = Array.from({ length: 5 }, (_, c) => loadChannelId(workspace, c));
    const half = Math.ceil(memberIds.length / LOAD_USER_GROUPS);
    const messages = members.flatMap((n, index) => {
      const me = loadSlackUserId(workspace, n);
      const sender = senders[index % SENDERS]!;
      return [
        { channel: channels[index % 5]!, user: sender, text: `<@${me}> could you check ${index}?` },
        { channel: channels[(index + 2) % 5]!, user: sender, text: `確認をお願いします <@${me}>` },
        { channel: dmOf(workspace, n), user: sender, text: `a direct note ${index}` },
      ].map((message, k) => ({ ...message, ts: slackTs(now, 120 + index * 60 + k * 7, index * 3 + k) }));
    });
    return {
      id: loadTeamId(workspace),
      name: `Load workspace ${workspace}`,
      domain: `load-${workspace}`,
      users: everyone.map((id) => ({ id, name: id.toLowerCase(), real_name: `Person ${id}` })),
      usergroups: Array.from({ length: LOAD_USER_GROUPS }, (_, g) => ({
        id: `S${workspace}GROUP${g}`,
        handle: `load-group-${g}`,
        name: `Load group ${g}`,
        users: memberIds.slice(g * half, (g + 1) * half),
      })),
      conversations: [
        ...channels.map((id, c) => ({ id, name: `load-${c}`, kind: 'public' as const, members: everyone })),
        ...members.map((n, index) => ({
          id: dmOf(workspace, n),
          kind: 'im' as const,
          members: [loadSlackUserId(workspace, n), senders[index % SENDERS]!],
        })),
      ],
      messages,
    };
  });
  const tokens = Array.from({ length: userCount }, (_, n) =>
    workspacesOf(n).map((workspace) => ({
      token: loadSlackToken(workspace, n),
      team_id: loadTeamId(workspace),
      user_id: loadSlackUserId(workspace, n),
      scope: matomeSlackUserScopes.join(','),
      client_id: app!.client_id,
    })),
  ).flat();
  return {
    apps: [app!],
    teams,
    tokens,
    appTokens: [{ token: SANDBOX_SLACK_APP_TOKEN, scopes: ['authorizations:read'] }],
  };
}

export function loadChatworkSeed(now: number, userCount: number): ChatworkSeed {
  const seconds = Math.floor(now / 1000);
  const accountIds = Array.from({ length: userCount }, (_, n) => loadChatworkAccountId(n));
  const rooms: ChatworkSeed['rooms'] = [];
  const messages: ChatworkSeed['messages'] = [];
  const admin = (account_id: number) => ({ account_id, role: 'admin' as const });
  const say = (room_id: number, account_id: number, body: string, minutesAgo: number) =>
    messages.push({
      room_id,
      message_id: String(1_600_000_000_000_000_000n + BigInt(messages.length)),
      account_id,
      body,
      send_time: seconds - minutesAgo * 60,
    });
  accountIds.forEach((accountId, n) => {
    const direct = 200_000 + n;
    rooms.push({
      room_id: direct,
      name: '',
      type: 'direct',
      members: [accountId, CHATWORK_SENDER].map(admin),
    });
    say(direct, CHATWORK_SENDER, 'a quick question', 5 + n);
    say(direct, CHATWORK_SENDER, `[To:${accountId}] when you have a moment`, 4 + n);
  });
  for (let group = 0; group * 10 < userCount; group += 1) {
    const members = accountIds.slice(group * 10, group * 10 + 10);
    const roomId = 300_000 + group;
    rooms.push({
      room_id: roomId,
      name: `Load group ${group}`,
      type: 'group',
      members: [...members, CHATWORK_SENDER].map(admin),
    });
    members.forEach((accountId, k) =>
      say(roomId, CHATWORK_SENDER, `[To:${accountId}] 資料のご確認をお願いします`, 30 + k),
    );
    say(roomId, CHATWORK_SENDER, '[toall] the weekly notice', 60);
  }
  return {
    apps: sandboxChatworkSeed(now).apps,
    accounts: [...accountIds, CHATWORK_SENDER].map((account_id) => ({
      account_id,
      name: `Load ${account_id}`,
    })),
    rooms,
    messages,
    api_tokens: accountIds.map((account_id, n) => ({ token: loadChatworkToken(n), account_id })),
  };
}

/** A seeded user; `accessToken` is replaced by `keepAccessTokensFresh` before it expires. */
export type SeededUser = { index: number; userId: string; sessionId: string; accessToken: string };

/**
 * The users, a session each and their connections, written straight into the database in batches, with the
 * tokens sealed by the app's own cipher and access tokens signed with its own key: what a thousand OAuth
 * consents would leave behind, without a thousand browser round trips (decision 137).
 */
export async function seedLoadDatabase(
  database: DatabaseHandle,
  secrets: { jwtSecret: string; tokenEncryptionKey: string },
  userCount: number,
): Promise<SeededUser[]> {
  const cipher = createTokenCipher(secrets.tokenEncryptionKey);
  const accessTokens = createAccessTokens(secrets.jwtSecret);
  const now = new Date();
  const seeded: SeededUser[] = [];
  for (let start = 0; start < userCount; start += 250) {
    const batch = Array.from({ length: Math.min(250, userCount - start) }, (_, k) => start + k);
    const rows = await database.db
      .insert(users)
      .values(
        batch.map((n) => ({
          email: `load-${n}@example.com`,
          emailVerifiedAt: now,
          name: `Load user ${n}`,
          onboardingCompleted: true,
          isFirstLogin: false,
        })),
      )
      .returning({ id: users.id });
    const sessions = await database.db
      .insert(authSessions)
      .values(rows.map(({ id }) => ({ userId: id, expiresAt: new Date(now.getTime() + 86_400_000) })))
      .returning({ id: authSessions.id, userId: authSessions.userId });
    await database.db.insert(platformConnections).values(
      batch.flatMap((n, k) => {
        const userId = rows[k]!.id;
        const slack = workspacesOf(n).map((workspace) => ({
          userId,
          platform: 'slack' as const,
          platformUserId: loadSlackUserId(workspace, n),
          platformUserName: loadSlackUserId(workspace, n).toLowerCase(),
          platformWorkspaceId: loadTeamId(workspace),
          platformWorkspaceName: `Load workspace ${workspace}`,
          scopes: matomeSlackUserScopes.join(','),
          accessTokenEncrypted: cipher.seal(loadSlackToken(workspace, n), 'access'),
        }));
        const chatwork = {
          userId,
          platform: 'chatwork' as const,
          platformUserId: String(loadChatworkAccountId(n)),
          platformUserName: `Load ${loadChatworkAccountId(n)}`,
          scopes: CHATWORK_SCOPES.join(' '),
          accessTokenEncrypted: cipher.seal(loadChatworkToken(n), 'access'),
        };
        return [...slack, chatwork];
      }),
    );
    const indexOf = new Map(rows.map(({ id }, k) => [id, start + k]));
    for (const session of sessions) {
      const accessToken = await accessTokens.sign({ userId: session.userId, sessionFamilyId: session.id });
      seeded.push({
        index: indexOf.get(session.userId)!,
        userId: session.userId,
        sessionId: session.id,
        accessToken,
      });
    }
  }
  return seeded;
}

/**
 * Signs each user a new access token every half of its lifetime, as the web app's refresh does, so a run longer
 * than `ACCESS_TOKEN_TTL_SECONDS` still asks as signed-in users. Answers a function that stops it.
 */
export function keepAccessTokensFresh(users: SeededUser[], jwtSecret: string): () => void {
  const accessTokens = createAccessTokens(jwtSecret);
  const timer = setInterval(
    () => {
      for (const user of users) {
        void accessTokens
          .sign({ userId: user.userId, sessionFamilyId: user.sessionId })
          .then((token) => (user.accessToken = token));
      }
    },
    (ACCESS_TOKEN_TTL_SECONDS * 1000) / 2,
  );
  return () => clearInterval(timer);
}
