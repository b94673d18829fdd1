import type { SessionRevocation } from '../sessions/session-revocations.ts';

/** Whose a stream is: the user, and the sign-in (session) whose ticket opened it. */
export type StreamOwner = { userId: string; sessionId: string };

/** A stream counted from before its response starts. */
export type OpenStream = {
  /** Whether the stream was ended (by its sign-in's end, by a newer stream of the user, or by the server). */
  readonly ended: boolean;
  /** The response is open: ending the stream from now on calls `close`. */
  started(close: () => void): void;
  /** Ends the stream once; later calls do nothing. */
  end(): void;
};

/**
 * The streams open on this instance, by user and sign-in (decision 141). A stream is counted before its sign-in is
 * checked, so that a sign-out arriving during the check still ends it; an ended sign-in's streams end at once, a
 * user holds at most `maxPerUser` (opening another ends their oldest), and the server ends them all when it closes.
 */
export function createOpenStreams(maxPerUser: number) {
  const byUser = new Map<string, (StreamOwner & { end(): void })[]>();

  function endWhere(userId: string, matches: (sessionId: string) => boolean): void {
    for (const stream of [...(byUser.get(userId) ?? [])]) {
      if (matches(stream.sessionId)) stream.end();
    }
  }

  return {
    open(owner: StreamOwner): OpenStream {
      let ended = false;
      let close = () => {};
      const stream = {
        ...owner,
        end() {
          if (ended) return;
          ended = true;
          const others = (byUser.get(owner.userId) ?? []).filter((other) => other !== stream);
          if (others.length) byUser.set(owner.userId, others);
          else byUser.delete(owner.userId);
          close();
        },
      };
      const streams = [...(byUser.get(owner.userId) ?? []), stream];
      byUser.set(owner.userId, streams);
      if (streams.length > maxPerUser) streams[0]!.end();
      return {
        get ended() {
          return ended;
        },
        started(onClose) {
          close = onClose;
        },
        end: stream.end,
      };
    },

    /** Ends the streams of the sign-ins a revocation ended, on whichever instance it was made. */
    endRevoked(revocation: SessionRevocation): void {
      if ('sessionId' in revocation) {
        endWhere(revocation.userId, (sessionId) => sessionId === revocation.sessionId);
      } else {
        endWhere(revocation.userId, (sessionId) => sessionId !== revocation.keepSessionId);
      }
    },

    /** Streams open (or opening) on this instance, everyone's together. */
    count(): number {
      let open = 0;
      for (const streams of byUser.values()) open += streams.length;
      return open;
    },

    endAll(): void {
      for (const userId of [...byUser.keys()]) endWhere(userId, () => true);
    },
  };
}

export type OpenStreams = ReturnType<typeof createOpenStreams>;
