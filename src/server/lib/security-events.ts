import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Told of every security event besides the log (the metrics count them); set by `onSecurityEvent`. */
    securityEventListener: ((event: SecurityEvent) => void) | null;
  }
}

/**
 * Security events: one log line each, marked `securityEvent` so they can be searched and alerted on, with the
 * client address, the route and the user when known, and never a credential or an e-mail address.
 */
export type SecurityEvent =
  | { event: 'signed_in'; userId: string }
  | { event: 'sign_in_failed' }
  /** A sign-in refused because the account's failure budget is spent. */
  | { event: 'sign_in_locked' }
  /** An already-rotated refresh token came back: a copy of it is in someone else's hands. */
  | { event: 'refresh_token_reused' }
  | { event: 'access_denied'; reason: 'no_token' | 'invalid_token' }
  | { event: 'rate_limited'; budget: string }
  /** A request refused before any handler ran: where it was wrong (a field, or the parser's code), never the value. */
  | { event: 'input_rejected'; where: string }
  /** A request to a provider's callback (Slack events, a ChatWork webhook) that its signature does not vouch for. */
  | { event: 'provider_signature_refused'; provider: 'slack' | 'chatwork'; reason: string }
  /** A return from Google's or GitHub's consent page: `completed`, or the reason it failed (never the profile). */
  | { event: 'social_sign_in'; provider: 'google' | 'github'; outcome: string };

const levels = {
  signed_in: 'info',
  sign_in_failed: 'warn',
  sign_in_locked: 'warn',
  refresh_token_reused: 'error',
  access_denied: 'info',
  rate_limited: 'warn',
  input_rejected: 'info',
  provider_signature_refused: 'warn',
  social_sign_in: 'info',
} as const satisfies Record<SecurityEvent['event'], 'info' | 'warn' | 'error'>;

/** Tells `listener` of every security event of the app (and of its plugins); call before registering routes. */
export function onSecurityEvent(app: FastifyInstance, listener: (event: SecurityEvent) => void): void {
  app.decorate('securityEventListener', listener);
}

export function logSecurityEvent(request: FastifyRequest, securityEvent: SecurityEvent): void {
  const { event, ...details } = securityEvent;
  request.server.securityEventListener?.(securityEvent);
  request.log[levels[event]](
    {
      securityEvent: event,
      ...details,
      ip: request.ip,
      method: request.method,
      route: request.routeOptions.url,
      ...(request.subject ? { userId: request.subject.userId } : {}),
    },
    `security event: ${event}`,
  );
}
