import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AWAITING_DAY_CHOICES,
  awaitingIdParamsSchema,
  awaitingQuerySchema,
  awaitingResponseSchema,
  handledResponseSchema,
  replySettingsSchema,
  replySettingsUpdateSchema,
} from '../../../contract/awaiting.ts';
import { apiErrorSchema } from '../../../contract/errors.ts';
import { successSchema } from '../../../contract/tags.ts';
import { bearerSecurity, requireSubject } from '../../plugins/authentication.ts';
import type { RepliesAwaitedService } from './replies-awaited.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema };
const privateAnswer = 'private, no-store';

/** Handled messages, the Awaiting reply list and the person's settings of both (issue 24, decision 154). */
export function repliesAwaitedRoutes(service: RepliesAwaitedService) {
  return async function register(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const read = { onRequest: app.authenticate } as const;
    const write = { onRequest: [app.authenticate, app.limitWrites] };
    const schemaBase = { tags: ['replies'], security: bearerSecurity };

    routes.get(
      '/handled',
      {
        ...read,
        schema: {
          ...schemaBase,
          summary: 'The inbox messages the person answered, from Matome or on Slack or ChatWork',
          response: { 200: handledResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', privateAnswer);
        return { handled: await service.handled(requireSubject(request).userId) };
      },
    );

    routes.get(
      '/awaiting',
      {
        ...read,
        schema: {
          ...schemaBase,
          summary: 'Conversations where the person wrote last and nobody answered for `days` days',
          description: `\`days\` is one of ${AWAITING_DAY_CHOICES.join(', ')}; without it, the person's own choice.`,
          querystring: awaitingQuerySchema,
          response: { 200: awaitingResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', privateAnswer);
        return service.awaiting(requireSubject(request).userId, request.query.days);
      },
    );

    routes.delete(
      '/awaiting/:id',
      {
        ...write,
        schema: {
          ...schemaBase,
          summary: 'Take a conversation off the Awaiting reply list until the person writes there again',
          params: awaitingIdParamsSchema,
          response: { 200: successSchema, 404: apiErrorSchema, ...errors },
        },
      },
      async (request) => {
        await service.dismiss(requireSubject(request).userId, request.params.id);
        return { success: true as const };
      },
    );

    routes.get(
      '/reply-settings',
      {
        ...read,
        schema: {
          ...schemaBase,
          summary: 'Auto-done when I reply, and how long a conversation waits before it is listed',
          response: { 200: replySettingsSchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', privateAnswer);
        return service.settings(requireSubject(request).userId);
      },
    );

    routes.patch(
      '/reply-settings',
      {
        ...write,
        schema: {
          ...schemaBase,
          summary: 'Change auto-done when I reply, or the Awaiting reply time',
          body: replySettingsUpdateSchema,
          response: { 200: replySettingsSchema, ...errors },
        },
      },
      async (request) => service.updateSettings(requireSubject(request).userId, request.body),
    );
  };
}
