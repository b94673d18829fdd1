import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { HttpError } from '../lib/http-error.ts';
import { logSecurityEvent } from '../lib/security-events.ts';

export type Subject = { userId: string; sessionFamilyId: string };

/** How a bearer token becomes a subject. */
export type TokenCheck = {
  /**
   * At once, from what this process remembers (a token verified before, its session seen live): the subject, null
   * for a token refused, undefined when only `verify` can tell.
   */
  recall: (accessToken: string) => Subject | null | undefined;
  verify: (accessToken: string) => Promise<Subject | null>;
};

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * onRequest hook for routes that need a signed-in user; sets `request.subject`, or refuses with 401. A token
     * this process remembers is admitted at once, without a promise (decision 172); called directly, await it.
     */
    authenticate: (
      request: FastifyRequest,
      reply?: FastifyReply,
      done?: HookHandlerDoneFunction,
    ) => Promise<void> | undefined;
  }
  interface FastifyRequest {
    subject: Subject | null;
  }
}

export const bearerSecurity = [{ bearerAuth: [] }];

const BEARER = /^Bearer ([^\s]+)$/i;

export function registerAuthentication(app: FastifyInstance, tokens: TokenCheck): void {
  app.decorateRequest('subject', null);

  function admit(request: FastifyRequest, token: string | undefined, subject: Subject | null): void {
    if (!subject) {
      logSecurityEvent(request, { event: 'access_denied', reason: token ? 'invalid_token' : 'no_token' });
      throw new HttpError(401, 'Authentication required', 'UNAUTHENTICATED');
    }
    request.subject = subject;
  }

  app.decorate(
    'authenticate',
    (request: FastifyRequest, _reply?: FastifyReply, done?: HookHandlerDoneFunction) => {
      const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
      if (token !== undefined) {
        const known = tokens.recall(token);
        if (known === undefined)
          return tokens.verify(token).then((subject) => admit(request, token, subject));
        admit(request, token, known);
      } else admit(request, token, null);
      done?.();
      return undefined;
    },
  );
}

/** The subject of a request that passed `app.authenticate`. */
export function requireSubject(request: FastifyRequest): Subject {
  if (!request.subject) throw new HttpError(401, 'Authentication required', 'UNAUTHENTICATED');
  return request.subject;
}
