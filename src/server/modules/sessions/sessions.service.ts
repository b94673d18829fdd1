import { createHash, randomBytes } from 'node:crypto';
import Bowser from 'bowser';
import type { AuthSession } from '../../../contract/sessions.ts';
import { SESSION_IDLE_LIMIT_SECONDS, SESSION_LIFETIME_SECONDS } from '../../../contract/sessions.ts';
import type { ClientInfo } from '../../lib/client-info.ts';
import { HttpError } from '../../lib/http-error.ts';
import {
  createInProcessRevocationChannel,
  createLiveSessionCache,
  type RevocationChannel,
  type SessionRevocation,
} from './session-revocations.ts';
import type { Moment, SessionsRepo } from './sessions.repo.ts';

/** Long enough for any real browser's User-Agent; a longer one is cut rather than stored whole. */
const USER_AGENT_MAX_LENGTH = 512;
const REFRESH_TOKEN_BYTES = 32;
/**
 * How long a rotated refresh token may still be presented without counting as reuse: the answer that carried
 * its successor can be lost when a tab closes or navigates mid-request (decision 067).
 */
export const REFRESH_REUSE_GRACE_SECONDS = 30;

export type StartedSession = { sessionId: string; refreshToken: string; expiresAt: Date };

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
const newRefreshToken = () => randomBytes(REFRESH_TOKEN_BYTES).toString('base64url');

/** "Chrome 130 on macOS" from a User-Agent, or null when it says nothing recognisable. */
export function describeDevice(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const parsed = Bowser.parse(userAgent);
  const browser = [parsed.browser.name, parsed.browser.version?.split('.')[0]].filter(Boolean).join(' ');
  const os = parsed.os.name ?? '';
  if (!browser && !os) return null;
  return browser && os ? `${browser} on ${os}` : browser || os;
}

/**
 * Sign-ins as sessions: each has one live refresh token at a time (rotated on every use, reuse ends the session),
 * an absolute lifetime and an idle limit, and can be listed and ended by its owner.
 */
export function createSessionsService(deps: {
  repo: SessionsRepo;
  clock: () => number;
  /** Where ended sessions are announced; by default this process only. */
  revocations?: RevocationChannel;
  /**
   * Whether many people share the user's sign-in details (the demo accounts): each of their sign-ins is private to
   * the visitor who made it, who neither sees nor ends the others (decision 142).
   */
  isShared: (userId: string) => Promise<boolean>;
}) {
  const { repo } = deps;
  const revocations = deps.revocations ?? createInProcessRevocationChannel();
  const moment = (): Moment => {
    const now = deps.clock();
    return { now: new Date(now), idleCutoff: new Date(now - SESSION_IDLE_LIMIT_SECONDS * 1000) };
  };
  const liveSessions = createLiveSessionCache({
    isLiveInDatabase: (userId, sessionId) => repo.isLive(userId, sessionId, moment()),
    revocations,
    clock: deps.clock,
  });

  /** Ends every session of the user, or every one but `keepSessionId`. */
  async function endAll(userId: string, keepSessionId?: string): Promise<void> {
    await repo.endAll(userId, moment().now, keepSessionId);
    await revocations.publish({
      userId,
      allSessions: true,
      ...(keepSessionId ? { keepSessionId } : {}),
    });
  }

  return {
    /** Live sessions of everyone together (the metrics' gauge). */
    countLive: () => repo.countLive(moment()),
    async start(userId: string, client: ClientInfo): Promise<StartedSession> {
      const refreshToken = newRefreshToken();
      const now = deps.clock();
      const expiresAt = new Date(now + SESSION_LIFETIME_SECONDS * 1000);
      const sessionId = await repo.create(
        {
          userId,
          userAgent: client.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) ?? null,
          ipAddress: client.ipAddress,
          expiresAt,
        },
        hashToken(refreshToken),
        new Date(now),
      );
      return { sessionId, refreshToken, expiresAt };
    },

    /** The next refresh token of a live session, and whose session it is. */
    async rotate(refreshToken: string): Promise<StartedSession & { userId: string }> {
      const nextToken = newRefreshToken();
      const now = moment();
      const graceCutoff = new Date(now.now.getTime() - REFRESH_REUSE_GRACE_SECONDS * 1000);
      const result = await repo.rotate(hashToken(refreshToken), hashToken(nextToken), now, graceCutoff);
      if (result.kind === 'reused') {
        await revocations.publish({ userId: result.userId, sessionId: result.sessionId });
        throw new HttpError(
          401,
          'Refresh token was already used; please sign in again',
          'REFRESH_TOKEN_REUSED',
        );
      }
      if (result.kind !== 'rotated') {
        throw new HttpError(401, 'Refresh token is invalid or expired', 'INVALID_REFRESH_TOKEN');
      }
      return {
        userId: result.userId,
        sessionId: result.sessionId,
        refreshToken: nextToken,
        expiresAt: result.expiresAt,
      };
    },

    /** Asked by background work that must see a session's end however it came (expiry included): the database. */
    isLiveInDatabase(userId: string, sessionId: string): Promise<boolean> {
      return repo.isLive(userId, sessionId, moment());
    },

    /**
     * Tells `listener` of every sign-in that ends by sign-out, reuse of a refresh token or a password change, here or
     * on another instance, for what outlives a request (live streams, decision 141).
     */
    onEnded(listener: (revocation: SessionRevocation) => void): void {
      revocations.subscribe(listener);
    },

    /** Asked on every authenticated request: answered from memory while the session is known live. */
    isLive(userId: string, sessionId: string): Promise<boolean> {
      return liveSessions.check(userId, sessionId);
    },

    /** Whether the session is known live without asking the database: what `isLive` answers at once. */
    isKnownLive(userId: string, sessionId: string): boolean {
      return liveSessions.knownLive(userId, sessionId);
    },

    /** Ends the session a refresh token belongs to, whichever token of it this is. */
    async endByRefreshToken(refreshToken: string): Promise<void> {
      const owner = await repo.findSessionOfToken(hashToken(refreshToken));
      if (!owner) return;
      await repo.end(owner.userId, owner.sessionId, moment().now);
      await revocations.publish(owner);
    },

    async list(userId: string, currentSessionId: string): Promise<AuthSession[]> {
      const live = await repo.listLive(userId, moment());
      const rows = (await deps.isShared(userId)) ? live.filter((row) => row.id === currentSessionId) : live;
      return rows.map((row) => ({
        id: row.id,
        device: describeDevice(row.userAgent),
        userAgent: row.userAgent,
        ipAddress: row.ipAddress,
        createdAt: row.createdAt.toISOString(),
        lastUsedAt: row.lastUsedAt.toISOString(),
        expiresAt: row.expiresAt.toISOString(),
        current: row.id === currentSessionId,
      }));
    },

    /**
     * Ends one of the user's sessions for the person signed in with `currentSessionId`; false when there is no such
     * live session of theirs (on a shared account, only their own sign-in is theirs).
     */
    async end(userId: string, sessionId: string, currentSessionId: string): Promise<boolean> {
      if (sessionId !== currentSessionId && (await deps.isShared(userId))) return false;
      const ended = await repo.end(userId, sessionId, moment().now);
      if (ended) await revocations.publish({ userId, sessionId });
      return ended;
    },

    /** "Sign out everywhere": every session of the user, or on a shared account the visitor's own sign-in. */
    async endEverywhere(userId: string, currentSessionId: string): Promise<void> {
      if (!(await deps.isShared(userId))) return endAll(userId);
      if (await repo.end(userId, currentSessionId, moment().now)) {
        await revocations.publish({ userId, sessionId: currentSessionId });
      }
    },

    endAll,
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
