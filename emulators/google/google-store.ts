import { createHash, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { AuthorizationCodes } from '../core/authorization-codes.ts';
import { randomToken } from '../core/random-token.ts';
import type { GoogleSeed, GoogleSeedEvent, GoogleSeedUser } from './google-seed.ts';

const accessTokenLifetimeSeconds = 3599;
/** Google's authorization codes are short-lived; ten minutes is its documented upper bound. */
const authorizationCodeLifetimeMs = 10 * 60 * 1000;
export const googleIssuer = 'https://accounts.google.com';

export interface GoogleGrant {
  sub: string;
  clientId: string;
  scopes: string[];
  codeChallenge?: string;
  codeChallengeMethod?: string;
  /** Whether a refresh token is issued with the code (`access_type=offline`). */
  offline: boolean;
  nonce?: string;
}

export interface GoogleAccessToken {
  sub: string;
  scopes: string[];
  expiresAtMs: number;
}

/** A calendar event as the emulator keeps it: the seed's fields plus Google's read-only ones. */
export interface StoredEvent extends Omit<GoogleSeedEvent, 'owner'> {
  owner: string;
  id: string;
  created: string;
  updated: string;
}

export interface StoredTask {
  owner: string;
  taskList: string;
  id: string;
  title: string;
  notes?: string;
  due?: string;
  status: 'needsAction' | 'completed';
  updated: string;
  position: string;
}

export interface StoredTaskList {
  owner: string;
  id: string;
  title: string;
  updated: string;
}

function rfc3339(ms: number): string {
  return new Date(ms).toISOString();
}

/** Calendar event ids use base32hex characters (a–v, 0–9), as Google generates and requires them. */
export function newEventId(): string {
  return createHash('sha256').update(randomToken(16)).digest('hex').slice(0, 26);
}

/** The emulated Google: accounts, the grants given to apps, calendars and task lists. */
export class GoogleStore {
  readonly codes = new AuthorizationCodes<GoogleGrant>(authorizationCodeLifetimeMs);
  readonly seed: GoogleSeed;
  private readonly accessTokens = new Map<string, GoogleAccessToken>();
  /** Refresh tokens and the grant each stands for; revoking deletes one. */
  private readonly refreshTokens = new Map<string, GoogleGrant>();
  /** The scopes each user has granted each client so far (`include_granted_scopes` adds to them). */
  private readonly granted = new Map<string, Set<string>>();
  readonly events: StoredEvent[] = [];
  readonly taskLists: StoredTaskList[] = [];
  readonly tasks: StoredTask[] = [];
  private readonly signingKey: KeyObject;
  readonly publicJwk: Record<string, unknown>;
  private sequence = 0;
  /** When the timed events were laid out: the seed's, or the last `recenter`. */
  private seededAtMs: number;

  constructor(seed: GoogleSeed, nowMs: number) {
    this.seed = seed;
    this.seededAtMs = nowMs;
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    this.signingKey = privateKey;
    this.publicJwk = { ...publicKey.export({ format: 'jwk' }), kid: 'emulator-1', alg: 'RS256', use: 'sig' };
    const created = rfc3339(nowMs);
    for (const event of seed.events) {
      this.events.push({ ...event, id: event.id ?? newEventId(), created, updated: created });
    }
    for (const user of seed.users) {
      this.taskLists.push({
        owner: user.sub,
        id: user.defaultTaskList ?? `MDefault${user.sub}`,
        title: 'My Tasks',
        updated: created,
      });
    }
    for (const list of seed.taskLists ?? []) this.taskLists.push({ ...list, updated: created });
    for (const task of seed.tasks ?? []) {
      this.addTask({ ...task, status: task.status ?? 'needsAction' }, nowMs);
    }
  }

  /**
   * Test-only: the seeded day happens again from `nowMs`. Every timed event moves by the time passed since the events
   * were laid out, so a journey that runs long after the emulator started still finds what was on now, on now.
   */
  recenter(nowMs: number): void {
    const shift = nowMs - this.seededAtMs;
    this.seededAtMs = nowMs;
    const moved = (edge: StoredEvent['start']): StoredEvent['start'] =>
      edge.dateTime
        ? {
            ...edge,
            dateTime: new Date(Date.parse(edge.dateTime) + shift).toISOString().replace(/\.\d{3}Z$/, 'Z'),
          }
        : edge;
    for (const event of this.events) {
      event.start = moved(event.start);
      event.end = moved(event.end);
    }
  }
  app(clientId: string) {
    return this.seed.apps.find((app) => app.client_id === clientId);
  }

  user(sub: string): GoogleSeedUser | undefined {
    return this.seed.users.find((user) => user.sub === sub);
  }

  /** The scopes the user has ever granted this client, for incremental authorisation. */
  grantedScopes(sub: string, clientId: string): string[] {
    return [...(this.granted.get(`${sub} ${clientId}`) ?? [])];
  }

  recordGrant(sub: string, clientId: string, scopes: string[]): void {
    const key = `${sub} ${clientId}`;
    this.granted.set(key, new Set([...(this.granted.get(key) ?? []), ...scopes]));
  }

  private idToken(grant: GoogleGrant, nowMs: number): string {
    const user = this.user(grant.sub)!;
    const header = { alg: 'RS256', kid: 'emulator-1', typ: 'JWT' };
    const iat = Math.floor(nowMs / 1000);
    const claims: Record<string, unknown> = {
      iss: googleIssuer,
      azp: grant.clientId,
      aud: grant.clientId,
      sub: user.sub,
      iat,
      exp: iat + 3600,
      ...(grant.nonce ? { nonce: grant.nonce } : {}),
    };
    if (grant.scopes.includes('email'))
      Object.assign(claims, { email: user.email, email_verified: user.email_verified });
    if (grant.scopes.includes('profile')) {
      Object.assign(claims, {
        name: user.name,
        given_name: user.given_name,
        family_name: user.family_name,
        picture: user.picture,
      });
    }
    const encode = (part: unknown) => Buffer.from(JSON.stringify(part)).toString('base64url');
    const input = `${encode(header)}.${encode(claims)}`;
    return `${input}.${sign('sha256', Buffer.from(input), this.signingKey).toString('base64url')}`;
  }

  issueTokens(grant: GoogleGrant, nowMs: number, withRefreshToken: boolean) {
    const accessToken = `ya29.${randomToken(32)}`;
    this.accessTokens.set(accessToken, {
      sub: grant.sub,
      scopes: grant.scopes,
      expiresAtMs: nowMs + accessTokenLifetimeSeconds * 1000,
    });
    const answer: Record<string, unknown> = {
      access_token: accessToken,
      expires_in: accessTokenLifetimeSeconds,
      scope: grant.scopes.join(' '),
      token_type: 'Bearer',
    };
    if (withRefreshToken) {
      const refreshToken = `1//${randomToken(32)}`;
      this.refreshTokens.set(refreshToken, grant);
      answer.refresh_token = refreshToken;
    }
    if (grant.scopes.includes('openid')) answer.id_token = this.idToken(grant, nowMs);
    return answer;
  }

  refreshGrant(token: string, clientId: string): GoogleGrant | undefined {
    const grant = this.refreshTokens.get(token);
    return grant?.clientId === clientId ? grant : undefined;
  }

  /** Revokes a refresh or access token, and with a refresh token every token of its grant. */
  revoke(token: string): boolean {
    const grant = this.refreshTokens.get(token);
    if (grant) {
      this.refreshTokens.delete(token);
      for (const [accessToken, stored] of this.accessTokens)
        if (stored.sub === grant.sub) this.accessTokens.delete(accessToken);
      return true;
    }
    return this.accessTokens.delete(token);
  }

  /** Every refresh token a user gave (for the control API's "the user revoked access" case). */
  revokeAllOf(sub: string): void {
    for (const [token, grant] of this.refreshTokens) if (grant.sub === sub) this.revoke(token);
    for (const [token, stored] of this.accessTokens) if (stored.sub === sub) this.accessTokens.delete(token);
    for (const key of this.granted.keys()) if (key.startsWith(`${sub} `)) this.granted.delete(key);
  }

  /** The live access token an `Authorization: Bearer` header carries, if any. */
  bearer(header: string | undefined, nowMs: number): GoogleAccessToken | undefined {
    const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
    return match?.[1] ? this.accessToken(match[1], nowMs) : undefined;
  }

  accessToken(token: string, nowMs: number): GoogleAccessToken | undefined {
    const stored = this.accessTokens.get(token);
    return stored && nowMs < stored.expiresAtMs ? stored : undefined;
  }

  addTask(task: Omit<StoredTask, 'id' | 'updated' | 'position'>, nowMs: number): StoredTask {
    this.sequence += 1;
    const stored: StoredTask = {
      ...task,
      id: randomToken(12),
      updated: rfc3339(nowMs),
      position: String(this.sequence).padStart(20, '0'),
    };
    this.tasks.push(stored);
    return stored;
  }
}
