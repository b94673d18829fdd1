import { LRUCache } from 'lru-cache';

/**
 * Ended sign-ins (session families): one of the user's, or all of them but `keepSessionId`. Plain data, so a
 * channel between instances can carry it as JSON.
 */
export type SessionRevocation =
  { userId: string; sessionId: string } | { userId: string; allSessions: true; keepSessionId?: string };

/**
 * How ended sessions reach every instance that may be holding them as live. In one process the in-process
 * channel hands each revocation to the subscribers at once, before `publish` resolves. Several instances share a
 * channel built on Redis pub/sub (issue 16): `publish` sends to the others as well, and `subscribe` receives what
 * they send; the live-session cache below needs nothing else (docs/decisions/091).
 */
export interface RevocationChannel {
  publish(revocation: SessionRevocation): Promise<void>;
  subscribe(listener: (revocation: SessionRevocation) => void): void;
}

export function createInProcessRevocationChannel(): RevocationChannel {
  const listeners: ((revocation: SessionRevocation) => void)[] = [];
  return {
    async publish(revocation) {
      for (const listener of listeners) listener(revocation);
    },
    subscribe(listener) {
      listeners.push(listener);
    },
  };
}

/**
 * How long a session confirmed live in the database is taken as live without asking again. A revocation in this
 * process (or one that reaches it through the channel) drops it at once; this bounds only what no channel told us
 * of, such as another instance's sign-out before issue 16 shares them, or a session's own expiry.
 */
export const LIVE_SESSION_RECHECK_MS = 60_000;
const LIVE_SESSIONS_MAX = 100_000;

/**
 * The sessions this process saw live in the database recently, so that authenticating a request needs no query.
 * Filled by `check` on a miss and emptied for a session by every revocation, which keeps revocation immediate: the
 * next request of an ended session misses the cache and the database says it ended.
 */
export function createLiveSessionCache(options: {
  isLiveInDatabase: (userId: string, sessionId: string) => Promise<boolean>;
  revocations: RevocationChannel;
  /** Milliseconds since the epoch. */
  clock: () => number;
}) {
  const live = new LRUCache<string, { userId: string; until: number }>({ max: LIVE_SESSIONS_MAX });
  /**
   * Counts revocations: a database answer that started before one may be out of date when it arrives, so it is
   * used for that request only and not remembered.
   */
  let revocationsSeen = 0;

  options.revocations.subscribe((revocation) => {
    revocationsSeen += 1;
    if ('sessionId' in revocation) {
      live.delete(revocation.sessionId);
      return;
    }
    for (const [sessionId, entry] of live.entries()) {
      if (entry.userId === revocation.userId && sessionId !== revocation.keepSessionId)
        live.delete(sessionId);
    }
  });

  /** Whether the session was seen live within the recheck time and no revocation came since. */
  function knownLive(userId: string, sessionId: string): boolean {
    const known = live.get(sessionId);
    return known !== undefined && known.userId === userId && known.until > options.clock();
  }

  return {
    knownLive,

    async check(userId: string, sessionId: string): Promise<boolean> {
      if (knownLive(userId, sessionId)) return true;
      const seenBefore = revocationsSeen;
      const isLive = await options.isLiveInDatabase(userId, sessionId);
      if (isLive && seenBefore === revocationsSeen) {
        live.set(sessionId, { userId, until: options.clock() + LIVE_SESSION_RECHECK_MS });
      }
      return isLive;
    },
  };
}
