import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  digestSettingsSchema,
  digestSettingsUpdateSchema,
  digestUnsubscribeQuerySchema,
} from '../../../contract/digest.ts';
import { apiErrorSchema } from '../../../contract/errors.ts';
import { HttpError } from '../../lib/http-error.ts';
import { bearerSecurity, requireSubject } from '../../plugins/authentication.ts';
import type { DigestService } from './digest.service.ts';
import { unsubscribePages } from './unsubscribe-page.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema };

/** Whether the caller is a browser showing the answer as a page (the confirm form) rather than a mail provider. */
const wantsPage = (request: FastifyRequest) => /text\/html/.test(request.headers.accept ?? '');

/**
 * `/api/digest/*`: the person's digest setting (signed in), and the unsubscribe link of the mail (RFC 8058), which
 * needs no sign-in: its signed token names its owner, and only theirs is turned off.
 */
export function digestRoutes(deps: { service: DigestService; publicUrl: string }) {
  const accountUrl = `${deps.publicUrl}/account`;
  return async function register(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const schemaBase = { tags: ['digest'] };
    // RFC 8058: the one-click POST carries `List-Unsubscribe=One-Click` as a form; the token is in the address, so
    // the body is read only to be accepted.
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
      app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) =>
        done(null, {}),
      );
    }

    routes.get(
      '/settings',
      {
        onRequest: app.authenticate,
        schema: {
          ...schemaBase,
          security: bearerSecurity,
          summary: 'The morning digest setting: on or off, the local time and its time zone',
          response: { 200: digestSettingsSchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return deps.service.settings(requireSubject(request).userId);
      },
    );

    routes.put(
      '/settings',
      {
        onRequest: [app.authenticate, app.limitWrites],
        schema: {
          ...schemaBase,
          security: bearerSecurity,
          summary: 'Turn the morning digest on or off, choose its time and time zone and the mail’s language',
          body: digestSettingsUpdateSchema,
          response: { 200: digestSettingsSchema, 429: apiErrorSchema, ...errors },
        },
      },
      async (request) => deps.service.saveSettings(requireSubject(request).userId, request.body),
    );

    async function invalidPage(reply: FastifyReply, error: unknown) {
      if (!(error instanceof HttpError)) throw error;
      return reply
        .code(error.statusCode)
        .type('text/html; charset=utf-8')
        .send(unsubscribePages.invalid(accountUrl));
    }

    routes.get(
      '/unsubscribe',
      {
        schema: {
          ...schemaBase,
          summary:
            'The unsubscribe link’s page: asks to confirm (a GET never unsubscribes); 400 for a bad link',
          querystring: digestUnsubscribeQuerySchema,
          produces: ['text/html'],
        },
      },
      async (request, reply) => {
        try {
          const language = await deps.service.languageOf(request.query.token);
          const action = `${deps.publicUrl}/api/digest/unsubscribe?token=${encodeURIComponent(request.query.token)}`;
          return reply.type('text/html; charset=utf-8').send(unsubscribePages.ask(language, action));
        } catch (error) {
          return invalidPage(reply, error);
        }
      },
    );

    routes.post(
      '/unsubscribe',
      {
        schema: {
          ...schemaBase,
          summary:
            'One-click unsubscribe (RFC 8058) of the link’s owner, without signing in; 400 for a bad link',
          querystring: digestUnsubscribeQuerySchema,
          response: { 200: z.object({ success: z.literal(true) }), 400: apiErrorSchema },
        },
      },
      async (request, reply) => {
        if (!wantsPage(request)) {
          await deps.service.unsubscribe(request.query.token);
          return { success: true as const };
        }
        try {
          const language = await deps.service.unsubscribe(request.query.token);
          // A page for the person who pressed the button; the route's JSON schema is for mail providers.
          return reply
            .type('text/html; charset=utf-8')
            .send(unsubscribePages.done(language, accountUrl) as never);
        } catch (error) {
          return invalidPage(reply, error);
        }
      },
    );
  };
}
