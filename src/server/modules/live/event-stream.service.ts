import { createHash, randomBytes } from 'node:crypto';
import type { Cache } from '../../lib/cache.ts';

/** Long enough to open the stream right after asking; short, as it is in a URL. */
export const STREAM_TICKET_SECONDS = 30;

function keyOf(ticket: string): string {
  return `stream-ticket:${createHash('sha256').update(ticket).digest('base64url')}`;
}

/**
 * Stream tickets, kept in the shared cache by their hash, so a ticket made on one instance opens a stream on
 * another, and a ticket read from a log or a proxy's history is of no use: it was used, or it expired.
 */
export function createStreamTickets(cache: Cache) {
  return {
    async issue(userId: string): Promise<string> {
      const ticket = randomBytes(24).toString('base64url');
      await cache.set(keyOf(ticket), userId, STREAM_TICKET_SECONDS);
      return ticket;
    },

    /** The user the ticket was issued to, once; undefined for an unknown, used or expired ticket. */
    async redeem(ticket: string): Promise<string | undefined> {
      const key = keyOf(ticket);
      const userId = await cache.get<string>(key);
      if (userId) await cache.delete(key);
      return userId;
    },
  };
}

export type StreamTickets = ReturnType<typeof createStreamTickets>;
