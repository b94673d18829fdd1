import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { connectionIdSchema } from '../../../contract/connections.ts';
import { apiErrorSchema } from '../../../contract/errors.ts';
import { chatworkWebhookStateSchema } from '../../../contract/live.ts';
import { logSecurityEvent } from '../../lib/security-events.ts';
import { bearerSecurity, requireSubject } from '../../plugins/authentication.ts';
import { chatworkWebhookTokenSchema, type ChatworkWebhooksService } from './chatwork-webhooks.service.ts';

const paramsSchema = z.object({ connectionId: connectionIdSchema });
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema };

/** Setting and clearing a ChatWork connection's webhook token (the user's own connections only). */
export function chatworkWebhookTokenRoutes(service: ChatworkWebhooksService) {
  return async function register(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    routes.get(
      '/chatwork/connections/:connectionId/webhook',
      {
        onRequest: [app.authenticate],
        schema: {
          tags: ['live'],
          summary: 'The webhook URL to give ChatWork for a connection, and whether its token is set',
          security: bearerSecurity,
          params: paramsSchema,
          response: { 200: chatworkWebhookStateSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = requireSubject(request);
        return service.getState(userId, request.params.connectionId);
      },
    );
    routes.put(
      '/chatwork/connections/:connectionId/webhook',
      {
        onRequest: [app.authenticate, app.limitWrites],
        schema: {
          tags: ['live'],
          summary: 'Store the token of a ChatWork account webhook (mention_to_me), encrypted',
          description:
            'ChatWork then posts to `/api/chatwork/webhook/{connectionId}`, and mentions arrive without a refresh.',
          security: bearerSecurity,
          params: paramsSchema,
          body: z.strictObject({ token: chatworkWebhookTokenSchema }),
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        const { userId } = requireSubject(request);
        await service.setToken(userId, request.params.connectionId, request.body.token);
        return reply.code(204).send(null);
      },
    );
    routes.delete(
      '/chatwork/connections/:connectionId/webhook',
      {
        onRequest: [app.authenticate, app.limitWrites],
        schema: {
          tags: ['live'],
          summary: 'Forget the ChatWork webhook token of a connection',
          security: bearerSecurity,
          params: paramsSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        const { userId } = requireSubject(request);
        await service.clearToken(userId, request.params.connectionId);
        return reply.code(204).send(null);
      },
    );
  };
}

/**
 * The webhook URL ChatWork posts to. ChatWork wants 200 with at most 2,048 bytes whatever happens (errors count
 * against the webhook, which it then turns off) and never retries, so every answer is the same small 200; what
 * cannot be verified is ignored.
 */
export function chatworkWebhookRoutes(
  service: ChatworkWebhooksService,
  /** Told of every webhook request, verified or not, for the metrics. */
  onReceived?: (verified: boolean) => void,
) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    app.post('/chatwork/webhook/:connectionId', { schema: { hide: true } }, async (request, reply) => {
      const { connectionId } = request.params as { connectionId: string };
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers['x-chatworkwebhooksignature'];
      const signature = Array.isArray(header) ? header[0] : header;
      const verified = await service.receive(connectionId, rawBody, signature).catch((error: unknown) => {
        request.log.error({ err: error }, 'handling a ChatWork webhook failed');
        return true;
      });
      onReceived?.(verified);
      if (!verified) {
        logSecurityEvent(request, {
          event: 'provider_signature_refused',
          provider: 'chatwork',
          reason: 'unverified',
        });
      }
      return reply.code(200).send({ ok: true });
    });
  };
}
