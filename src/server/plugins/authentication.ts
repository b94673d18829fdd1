import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/http-error.ts';
import { logSecurityEvent } from '../lib/security-events.ts';

export type Subject = { userId: string; sessionFamilyId: string };

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook for routes that need a signed-in user; sets `request.subject`. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    subject: Subject | null;
  }
}

export const bearerSecurity = [{ bearerAuth: [] }];

export function registerAuthentication(
  app: FastifyInstance,
  verify: (accessToken: string) => Promise<Subject | null>,
): void {
  app.decorateRequest('subject', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const match = /^Bearer ([^\s]+)$/i.exec(request.headers.authorization ?? '');
    const subject = match?.[1] ? await verify(match[1]) : null;
    if (!subject) {
      logSecurityEvent(request, { event: 'access_denied', reason: match ? 'invalid_token' : 'no_token' });
      throw new HttpError(401, 'Authentication required', 'UNAUTHENTICATED');
    }
    request.subject = subject;
  });
}

/** The subject of a request that passed `app.authenticate`. */
export function requireSubject(request: FastifyRequest): Subject {
  if (!request.subject) throw new HttpError(401, 'Authentication required', 'UNAUTHENTICATED');
  return request.subject;
}
