import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../contract/errors.ts';
import { sessionParamsSchema, sessionsResponseSchema } from '../../../contract/sessions.ts';
import { HttpError } from '../../lib/http-error.ts';
import { bearerSecurity, requireSubject } from '../../plugins/authentication.ts';
import type { SessionsService } from './sessions.service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The signed-in user's sessions: list them, end one, end them all ("sign out everywhere"). */
export function sessionsRoutes(deps: {
  service: SessionsService;
  /** Clears the refresh cookie of the browser that ended its own session. */
  clearRefreshCookie: (reply: FastifyReply) => void;
}) {
  const { service } = deps;
  return async function register(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(
      '/sessions',
      {
        onRequest: app.authenticate,
        schema: {
          tags: ['sessions'],
          summary:
            'The live sessions of the signed-in user: device, address, sign-in and last use, newest use first (on a shared demo account, only the caller’s own)',
          security: bearerSecurity,
          response: { 200: sessionsResponseSchema, 401: apiErrorSchema },
        },
      },
      async (request) => {
        const { userId, sessionFamilyId } = requireSubject(request);
        return { sessions: await service.list(userId, sessionFamilyId) };
      },
    );

    routes.delete(
      '/sessions/:id',
      {
        onRequest: app.authenticate,
        schema: {
          tags: ['sessions'],
          summary: 'End one session: its refresh token and access tokens stop working at once',
          description:
            'Another user’s session, an ended one, an unknown id or, on a shared demo account, another visitor’s sign-in gives 404.',
          security: bearerSecurity,
          params: sessionParamsSchema,
          response: { 204: z.undefined(), 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const { userId, sessionFamilyId } = requireSubject(request);
        const { id } = request.params;
        if (!UUID.test(id) || !(await service.end(userId, id, sessionFamilyId))) {
          throw new HttpError(404, 'Session not found', 'NOT_FOUND');
        }
        if (id === sessionFamilyId) deps.clearRefreshCookie(reply);
        return reply.code(204).send();
      },
    );

    routes.delete(
      '/sessions',
      {
        onRequest: app.authenticate,
        schema: {
          tags: ['sessions'],
          summary: 'Sign out everywhere: end every session of the user, this one included',
          description:
            'On a shared demo account, only the caller’s own sign-in: each visitor sees and ends only their own.',
          security: bearerSecurity,
          response: { 204: z.undefined(), 401: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const { userId, sessionFamilyId } = requireSubject(request);
        await service.endEverywhere(userId, sessionFamilyId);
        deps.clearRefreshCookie(reply);
        return reply.code(204).send();
      },
    );
  };
}
