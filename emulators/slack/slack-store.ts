import { AuthorizationCodes } from '../core/authorization-codes.ts';
import { randomToken } from '../core/random-token.ts';
import type {
  SlackSeed,
  SlackSeedConversation,
  SlackSeedMessage,
  SlackSeedTeam,
  SlackSeedUser,
} from './slack-seed.ts';

const rotatedTokenLifetimeSeconds = 43_200;
/** Slack's authorization codes expire after ten minutes. */
const authorizationCodeLifetimeMs = 10 * 60 * 1000;

export interface SlackGrant {
  teamId: string;
  userId: string;
  clientId: string;
  scopes: string[];
  codeChallenge?: string;
}

export interface UserToken {
  teamId: string;
  userId: string;
  clientId?: string;
  scopes: string[];
  expiresAtMs?: number;
  revoked: boolean;
}

interface RefreshToken {
  grant: SlackGrant;
  used: boolean;
}

export interface AppToken {
  appId: string;
  scopes: string[];
}

/** What an `event_context` stands for: an event of one app about one conversation of one workspace. */
export interface EventContext {
  appId: string;
  teamId: string;
  channel: string;
}

export type TokenLookup =
  { ok: true; token: UserToken } | { ok: false; error: 'invalid_auth' | 'token_expired' | 'token_revoked' };

const byTs = (a: { ts: string }, b: { ts: string }) => (a.ts < b.ts ? -1 : a.ts > b.ts ? 1 : 0);

/** The emulated Slack: workspaces with their users, conversations and messages, and the tokens issued. */
export class SlackStore {
  readonly seed: SlackSeed;
  readonly codes = new AuthorizationCodes<SlackGrant>(authorizationCodeLifetimeMs);
  private readonly teams = new Map<string, SlackSeedTeam>();
  private readonly users = new Map<string, { teamId: string; user: SlackSeedUser }>();
  private readonly conversations = new Map<string, { teamId: string; conversation: SlackSeedConversation }>();
  private readonly messages = new Map<string, SlackSeedMessage[]>();
  private readonly tokens = new Map<string, UserToken>();
  private readonly refreshTokens = new Map<string, RefreshToken>();
  private readonly appTokens = new Map<string, AppToken>();
  private readonly eventContexts = new Map<string, EventContext>();

  constructor(seed: SlackSeed) {
    this.seed = seed;
    for (const team of seed.teams) {
      this.teams.set(team.id, team);
      for (const user of team.users) this.users.set(user.id, { teamId: team.id, user });
      for (const conversation of team.conversations) {
        this.conversations.set(conversation.id, { teamId: team.id, conversation });
        this.messages.set(conversation.id, []);
      }
      for (const message of team.messages) this.messages.get(message.channel)?.push(message);
    }
    for (const list of this.messages.values()) list.sort(byTs);
    for (const token of seed.tokens ?? []) {
      this.tokens.set(token.token, {
        teamId: token.team_id,
        userId: token.user_id,
        clientId: token.client_id,
        scopes: token.scope.split(',').filter(Boolean),
        expiresAtMs: token.expires_at === undefined ? undefined : token.expires_at * 1000,
        revoked: false,
      });
    }
    for (const appToken of seed.appTokens ?? []) {
      this.appTokens.set(appToken.token, {
        appId: appToken.app_id ?? this.eventsAppId(),
        scopes: appToken.scopes,
      });
    }
  }

  /** The app events are delivered for: the first seeded app. */
  eventsAppId(): string {
    return this.seed.apps[0]?.app_id ?? 'A0MATOME';
  }

  appToken(token: string): AppToken | undefined {
    return this.appTokens.get(token);
  }

  rememberEventContext(eventContext: string, context: EventContext): void {
    this.eventContexts.set(eventContext, context);
  }

  eventContext(eventContext: string): EventContext | undefined {
    return this.eventContexts.get(eventContext);
  }

  app(clientId: string) {
    return this.seed.apps.find((app) => app.client_id === clientId);
  }

  team(teamId: string): SlackSeedTeam | undefined {
    return this.teams.get(teamId);
  }

  allTeams(): SlackSeedTeam[] {
    return this.seed.teams;
  }

  user(userId: string, teamId: string): SlackSeedUser | undefined {
    const entry = this.users.get(userId);
    return entry?.teamId === teamId ? entry.user : undefined;
  }

  teamOfUser(userId: string): string | undefined {
    return this.users.get(userId)?.teamId;
  }

  /** The conversation if it is in the team and `userId` can see it (public, or a member). */
  visibleConversation(channelId: string, teamId: string, userId: string): SlackSeedConversation | undefined {
    const entry = this.conversations.get(channelId);
    if (!entry || entry.teamId !== teamId) return undefined;
    const { conversation } = entry;
    return conversation.kind === 'public' || conversation.members.includes(userId) ? conversation : undefined;
  }

  conversation(channelId: string): { teamId: string; conversation: SlackSeedConversation } | undefined {
    return this.conversations.get(channelId);
  }

  visibleConversations(teamId: string, userId: string): SlackSeedConversation[] {
    return (this.teams.get(teamId)?.conversations ?? []).filter(
      (conversation) => conversation.kind === 'public' || conversation.members.includes(userId),
    );
  }

  /** Users of the team holding a live token, each once: the installations an event can be delivered for. */
  installedUsers(teamId: string, nowMs: number): string[] {
    const users = [...this.tokens.values()]
      .filter((token) => token.teamId === teamId && !token.revoked && (token.expiresAtMs ?? Infinity) > nowMs)
      .map((token) => token.userId);
    return [...new Set(users)];
  }

  /** Oldest first. */
  channelMessages(channelId: string): SlackSeedMessage[] {
    return this.messages.get(channelId) ?? [];
  }

  postMessage(message: Omit<SlackSeedMessage, 'ts'>, nowMs: number): SlackSeedMessage {
    const list = this.messages.get(message.channel) ?? [];
    const last = list.at(-1)?.ts;
    let seconds = Math.floor(nowMs / 1000);
    let sequence = (nowMs % 1000) * 1000;
    if (last && `${seconds}.${String(sequence).padStart(6, '0')}` <= last) {
      const [lastSeconds = '0', lastSequence = '0'] = last.split('.');
      seconds = Number(lastSeconds);
      sequence = Number(lastSequence) + 1;
    }
    const posted = { ...message, ts: `${seconds}.${String(sequence).padStart(6, '0')}` };
    list.push(posted);
    this.messages.set(message.channel, list);
    return posted;
  }

  /** Changes a message's text; answers it as it was before, or undefined when there is no such message. */
  editMessage(channel: string, ts: string, text: string): SlackSeedMessage | undefined {
    const message = this.channelMessages(channel).find((candidate) => candidate.ts === ts);
    if (!message) return undefined;
    const previous = { ...message };
    message.text = text;
    return previous;
  }

  /** Removes a message; answers it, or undefined when there is no such message. */
  deleteMessage(channel: string, ts: string): SlackSeedMessage | undefined {
    const list = this.channelMessages(channel);
    const index = list.findIndex((candidate) => candidate.ts === ts);
    return index === -1 ? undefined : list.splice(index, 1)[0];
  }

  issueTokens(grant: SlackGrant, nowMs: number) {
    const rotation = this.app(grant.clientId)?.token_rotation ?? true;
    const accessToken = rotation ? `xoxe.xoxp-1-${randomToken(30)}` : `xoxp-1-${randomToken(30)}`;
    this.tokens.set(accessToken, {
      teamId: grant.teamId,
      userId: grant.userId,
      clientId: grant.clientId,
      scopes: grant.scopes,
      expiresAtMs: rotation ? nowMs + rotatedTokenLifetimeSeconds * 1000 : undefined,
      revoked: false,
    });
    if (!rotation) return { accessToken };
    const refreshToken = `xoxe-1-${randomToken(40)}`;
    this.refreshTokens.set(refreshToken, { grant, used: false });
    return { accessToken, refreshToken, expiresIn: rotatedTokenLifetimeSeconds };
  }

  /** A rotated refresh token works once; undefined when unknown, spent or another app's. */
  takeRefreshToken(refreshToken: string, clientId: string): SlackGrant | undefined {
    const stored = this.refreshTokens.get(refreshToken);
    if (!stored || stored.used || stored.grant.clientId !== clientId) return undefined;
    stored.used = true;
    return stored.grant;
  }

  lookupToken(token: string, nowMs: number): TokenLookup {
    const found = this.tokens.get(token);
    if (!found) return { ok: false, error: 'invalid_auth' };
    if (found.revoked) return { ok: false, error: 'token_revoked' };
    if (found.expiresAtMs !== undefined && nowMs >= found.expiresAtMs)
      return { ok: false, error: 'token_expired' };
    return { ok: true, token: found };
  }

  /** Revokes the token and every refresh token of the same user and app, as uninstalling does. */
  revoke(token: string): void {
    const found = this.tokens.get(token);
    if (!found) return;
    for (const other of this.tokens.values()) {
      if (
        other.teamId === found.teamId &&
        other.userId === found.userId &&
        other.clientId === found.clientId
      ) {
        other.revoked = true;
      }
    }
    for (const refresh of this.refreshTokens.values()) {
      const { grant } = refresh;
      if (
        grant.teamId === found.teamId &&
        grant.userId === found.userId &&
        grant.clientId === found.clientId
      ) {
        refresh.used = true;
      }
    }
  }
}
