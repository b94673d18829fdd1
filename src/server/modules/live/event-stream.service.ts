import { createHash, randomBytes } from 'node:crypto';
import type { Cache } from '../../lib/cache.ts';
import type { StreamOwner } from './open-streams.ts';

/** Long enough to open the stream right after asking; short, as it is in a URL. */
export const STREAM_TICKET_SECONDS = 30;

function keyOf(ticket: string): string {
  return `stream-ticket:${createHash('sha256').update(ticket).digest('base64url')}`;
}

/**
 * Stream tickets, kept in the shared cache by their hash, so a ticket made on one instance opens a stream on
 * another, and a ticket read from a log or a proxy's history is of no use: it was used, or it expired. A ticket
 * belongs to the sign-in that asked for it, so the stream it opens ends with that sign-in (decision 141).
 */
export function createStreamTickets(cache: Cache) {
  return {
    async issue(owner: StreamOwner): Promise<string> {
      const ticket = randomBytes(24).toString('base64url');
      const stored: StreamOwner = { userId: owner.userId, sessionId: owner.sessionId };
      await cache.set(keyOf(ticket), stored, STREAM_TICKET_SECONDS);
      return ticket;
    },

    /** The user and sign-in the ticket was issued to, once; undefined for an unknown, used or expired ticket. */
    async redeem(ticket: string): Promise<StreamOwner | undefined> {
      const key = keyOf(ticket);
      const owner = await cache.get<StreamOwner>(key);
      if (owner === undefined) return undefined;
      await cache.delete(key);
      // A ticket issued before tickets named their sign-in (a plain user id) cannot be checked: it opens nothing.
      return owner.sessionId ? owner : undefined;
    },
  };
}

export type StreamTickets = ReturnType<typeof createStreamTickets>;
