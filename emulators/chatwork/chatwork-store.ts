import { AuthorizationCodes } from '../core/authorization-codes.ts';
import { randomToken } from '../core/random-token.ts';
import type {
  ChatworkSeed,
  ChatworkSeedAccount,
  ChatworkSeedMessage,
  ChatworkSeedRoom,
} from './chatwork-seed.ts';
import type { ChatworkWebhookDelivery, ChatworkWebhookSetting } from './chatwork-webhooks.ts';

const accessTokenLifetimeSeconds = 900;
/** Without `offline_access` a refresh token lapses after 14 days ("subject to change", says ChatWork). */
const refreshTokenLifetimeMs = 14 * 24 * 60 * 60 * 1000;
/** ChatWork's authorization codes live one minute. */
const authorizationCodeLifetimeMs = 60 * 1000;

export interface ChatworkGrant {
  accountId: number;
  clientId: string;
  scopes: string[];
  codeChallenge?: string;
}

export interface AccessToken {
  accountId: number;
  clientId?: string;
  scopes: string[];
  /** Epoch ms; absent for personal API tokens, which never expire. */
  expiresAtMs?: number;
}

interface RefreshToken {
  grant: ChatworkGrant;
  expiresAtMs?: number;
}

const messageOrder = (a: ChatworkSeedMessage, b: ChatworkSeedMessage) => {
  const difference = BigInt(a.message_id) - BigInt(b.message_id);
  return difference < 0n ? -1 : difference > 0n ? 1 : 0;
};

/** The emulated ChatWork service: accounts, rooms, messages and the credentials issued for them. */
export class ChatworkStore {
  readonly codes = new AuthorizationCodes<ChatworkGrant>(authorizationCodeLifetimeMs);
  private readonly accounts: Map<number, ChatworkSeedAccount>;
  private readonly rooms: Map<number, ChatworkSeedRoom>;
  private readonly messages = new Map<number, ChatworkSeedMessage[]>();
  private readonly accessTokens = new Map<string, AccessToken>();
  private readonly refreshTokens = new Map<string, RefreshToken>();
  /** force=0 cursors: the newest message id each token has already been given, per room. */
  private readonly cursors = new Map<string, bigint>();
  private lastMessageId = 0n;
  /** Account webhooks, as created on ChatWork's webhook settings page, and what was delivered to them. */
  readonly webhookSettings: ChatworkWebhookSetting[] = [];
  readonly webhookDeliveries: ChatworkWebhookDelivery[] = [];
  private lastWebhookSettingId = 12_344;

  readonly seed: ChatworkSeed;

  constructor(seed: ChatworkSeed) {
    this.seed = seed;
    this.accounts = new Map(seed.accounts.map((account) => [account.account_id, account]));
    this.rooms = new Map(seed.rooms.map((room) => [room.room_id, room]));
    for (const message of [...seed.messages].sort(messageOrder)) this.append(message);
    for (const apiToken of seed.api_tokens ?? []) {
      this.accessTokens.set(apiToken.token, {
        accountId: apiToken.account_id,
        scopes: ['rooms.all:read_write', 'users.all:read', 'contacts.all:read_write'],
      });
    }
  }

  private append(message: ChatworkSeedMessage): void {
    const list = this.messages.get(message.room_id) ?? [];
    list.push(message);
    this.messages.set(message.room_id, list);
    const id = BigInt(message.message_id);
    if (id > this.lastMessageId) this.lastMessageId = id;
  }

  app(clientId: string) {
    return this.seed.apps.find((app) => app.client_id === clientId);
  }

  account(accountId: number): ChatworkSeedAccount | undefined {
    return this.accounts.get(accountId);
  }

  avatarOf(accountId: number): string {
    return this.accounts.get(accountId)?.avatar_image_url ?? defaultAvatar(accountId);
  }

  allAccounts(): ChatworkSeedAccount[] {
    return this.seed.accounts;
  }

  issueTokens(grant: ChatworkGrant, nowMs: number) {
    const accessToken = fakeJwt(grant, nowMs);
    const refreshToken = randomToken(32);
    this.accessTokens.set(accessToken, {
      accountId: grant.accountId,
      clientId: grant.clientId,
      scopes: grant.scopes,
      expiresAtMs: nowMs + accessTokenLifetimeSeconds * 1000,
    });
    const offline = grant.scopes.includes('offline_access');
    this.refreshTokens.set(refreshToken, {
      grant,
      expiresAtMs: offline ? undefined : nowMs + refreshTokenLifetimeMs,
    });
    return {
      access_token: accessToken,
      refresh_token: refreshToken,
      token_type: 'Bearer',
      expires_in: accessTokenLifetimeSeconds,
      scope: grant.scopes.join(' '),
    };
  }

  /** The grant behind a live refresh token of this client, without spending it. */
  refreshGrant(token: string, clientId: string, nowMs: number): ChatworkGrant | undefined {
    const stored = this.refreshTokens.get(token);
    if (!stored || stored.grant.clientId !== clientId) return undefined;
    if (stored.expiresAtMs !== undefined && nowMs >= stored.expiresAtMs) return undefined;
    return stored.grant;
  }

  /** Each refresh issues a new refresh token and revokes the one used. */
  spendRefreshToken(token: string): void {
    this.refreshTokens.delete(token);
  }

  accessToken(token: string): AccessToken | undefined {
    return this.accessTokens.get(token);
  }

  /** The room as `accountId` sees it, or undefined when they are not a member. */
  roomFor(roomId: number, accountId: number) {
    const room = this.rooms.get(roomId);
    const member = room?.members.find((candidate) => candidate.account_id === accountId);
    if (!room || !member) return undefined;
    const messages = this.messages.get(roomId) ?? [];
    const other = room.members.find((candidate) => candidate.account_id !== accountId);
    const otherAccount = other ? this.accounts.get(other.account_id) : undefined;
    const name = room.type === 'direct' ? (otherAccount?.name ?? room.name) : room.name;
    const lastMessage = messages.at(-1);
    return {
      room: {
        room_id: room.room_id,
        name,
        type: room.type,
        role: member.role,
        sticky: member.sticky ?? false,
        unread_num: member.unread_num ?? 0,
        mention_num: member.mention_num ?? 0,
        mytask_num: 0,
        message_num: messages.length,
        file_num: 0,
        task_num: 0,
        icon_path: room.icon_path ?? iconFor(room.room_id, room.type === 'direct' ? otherAccount : undefined),
        last_update_time: lastMessage ? Math.max(lastMessage.send_time, lastMessage.update_time ?? 0) : 0,
      },
      description: room.description ?? '',
    };
  }

  roomsFor(accountId: number) {
    return [...this.rooms.keys()].flatMap((roomId) => {
      const view = this.roomFor(roomId, accountId);
      return view ? [view.room] : [];
    });
  }

  messageView(message: ChatworkSeedMessage) {
    const account = this.accounts.get(message.account_id);
    return {
      message_id: message.message_id,
      account: {
        account_id: message.account_id,
        name: account?.name ?? '',
        avatar_image_url: this.avatarOf(message.account_id),
      },
      body: message.body,
      send_time: message.send_time,
      update_time: message.update_time ?? 0,
    };
  }

  /** The room's latest 100 messages, oldest first; with `onlyNew`, only those newer than this token's cursor. */
  latestMessages(roomId: number, token: string, onlyNew: boolean): ChatworkSeedMessage[] {
    const all = this.messages.get(roomId) ?? [];
    const cursorKey = `${token} ${roomId}`;
    const cursor = this.cursors.get(cursorKey) ?? -1n;
    const candidates = onlyNew ? all.filter((message) => BigInt(message.message_id) > cursor) : all;
    const latest = candidates.slice(-100);
    const newest = all.at(-1);
    if (newest) this.cursors.set(cursorKey, BigInt(newest.message_id));
    return latest;
  }

  message(roomId: number, messageId: string): ChatworkSeedMessage | undefined {
    return this.messages.get(roomId)?.find((message) => message.message_id === messageId);
  }

  postMessage(roomId: number, accountId: number, body: string, nowSeconds: number): string {
    this.lastMessageId += 1n;
    const message = {
      room_id: roomId,
      message_id: String(this.lastMessageId),
      account_id: accountId,
      body,
      send_time: nowSeconds,
    };
    this.append(message);
    return message.message_id;
  }

  nextWebhookSettingId(): number {
    this.lastWebhookSettingId += 1;
    return this.lastWebhookSettingId;
  }

  createRoom(room: Omit<ChatworkSeedRoom, 'room_id'>): number {
    const roomId = Math.max(0, ...this.rooms.keys()) + 1;
    this.rooms.set(roomId, { ...room, room_id: roomId });
    return roomId;
  }
}

function defaultAvatar(accountId: number): string {
  return `https://appdata.chatwork.com/avatar/ico_default_${accountId % 10}.png`;
}

function iconFor(roomId: number, directPartner: ChatworkSeedAccount | undefined): string {
  if (directPartner) return directPartner.avatar_image_url ?? defaultAvatar(directPartner.account_id);
  return `https://appdata.chatwork.com/icon/ico_group_${roomId % 10}.png`;
}

function base64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** ChatWork's access tokens are RS256 JWTs; this one has the same claims and an unverifiable signature. */
function fakeJwt(grant: ChatworkGrant, nowMs: number): string {
  const issuedAt = Math.floor(nowMs / 1000);
  const claims = {
    iss: 'https://oauth.chatwork.com',
    aud: 'https://api.chatwork.com',
    sub: String(grant.accountId),
    account_id: String(grant.accountId),
    scope: grant.scopes,
    client_id: grant.clientId,
    iat: issuedAt,
    exp: issuedAt + accessTokenLifetimeSeconds,
    jti: randomToken(12),
  };
  return `${base64url({ typ: 'JWT', alg: 'RS256' })}.${base64url(claims)}.${randomToken(64)}`;
}
