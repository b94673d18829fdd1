import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * Calls to the provider's API counted by credential, method and second, for measuring an app's call rates
 * against the provider's limits (`npm run bench:load`). Unlike the request log, it is never cut short, and it
 * names a credential only by a digest (`credentialDigest`), so it can be shown as freely as the log.
 */
export type CallCount = {
  credential: string;
  method: string;
  /** Epoch seconds on the emulator's clock. */
  second: number;
  /** Answered 429: the emulator's rate limit refused it. */
  refused: boolean;
  count: number;
};

/** The first 16 hex digits of a credential's SHA-256: enough to tell tokens apart, useless to call with. */
export function credentialDigest(credential: string): string {
  return createHash('sha256').update(credential).digest('hex').slice(0, 16);
}

/** The credential a call carried: a bearer token, a ChatWork API token header, or Slack's form `token`. */
function credentialOf(request: FastifyRequest): string | undefined {
  const bearer = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1];
  const header = request.headers['x-chatworktoken'];
  const body = request.body as { token?: unknown } | null | undefined;
  const form = typeof body?.token === 'string' ? body.token : undefined;
  return bearer ?? (typeof header === 'string' ? header : undefined) ?? form;
}

export function createCallCounts() {
  const counts = new Map<string, CallCount>();
  return {
    record(request: FastifyRequest, method: string, status: number, nowMs: number): void {
      const credential = credentialOf(request);
      if (!credential) return;
      const entry = {
        credential: credentialDigest(credential),
        method,
        second: Math.floor(nowMs / 1000),
        refused: status === 429,
      };
      const key = `${entry.credential} ${entry.method} ${entry.second} ${entry.refused}`;
      const known = counts.get(key);
      if (known) known.count += 1;
      else counts.set(key, { ...entry, count: 1 });
    },
    list: (): CallCount[] => [...counts.values()],
    clear: () => counts.clear(),
  };
}
