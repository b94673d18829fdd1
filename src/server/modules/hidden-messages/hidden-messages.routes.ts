import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../contract/errors.ts';
import {
  hiddenIdsResponseSchema,
  hiddenMessagesResponseSchema,
  hiddenQuerySchema,
  hiddenStatsSchema,
  hideBatchResponseSchema,
  hideBatchSchema,
  unhideAllResponseSchema,
} from '../../../contract/hidden-messages.ts';
import { messageRefSchema, successSchema } from '../../../contract/tags.ts';
import { bearerSecurity, requireSubject } from '../../plugins/authentication.ts';
import type { HiddenMessagesService } from './hidden-messages.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema };
const SCOPE_NOTE =
  "On a demo account, hides belong to the sign-in that made them; other sessions don't see them.";

/** Check and hide (SPEC §7). Hiding and unhiding are idempotent. */
export function hiddenMessagesRoutes(service: HiddenMessagesService) {
  return async function register(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const common = { onRequest: app.authenticate } as const;
    const write = { onRequest: [app.authenticate, app.limitWrites] };
    const schemaBase = { tags: ['hidden messages'], security: bearerSecurity };

    routes.post(
      '/hide',
      {
        ...write,
        schema: {
          ...schemaBase,
          summary: 'Hide a message',
          description: SCOPE_NOTE,
          body: messageRefSchema,
          response: { 200: successSchema, ...errors },
        },
      },
      async (request) => {
        await service.hide(requireSubject(request), [request.body]);
        return { success: true as const };
      },
    );

    routes.delete(
      '/hide',
      {
        ...write,
        schema: {
          ...schemaBase,
          summary: 'Show a hidden message again',
          body: messageRefSchema,
          response: { 200: successSchema, ...errors },
        },
      },
      async (request) => {
        await service.unhide(requireSubject(request), request.body);
        return { success: true as const };
      },
    );

    routes.post(
      '/hide/batch',
      {
        ...write,
        schema: {
          ...schemaBase,
          summary: 'Hide up to 500 messages at once',
          description: `All or nothing. \`hidden\` counts the distinct messages given. ${SCOPE_NOTE}`,
          body: hideBatchSchema,
          response: { 200: hideBatchResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        hidden: await service.hide(requireSubject(request), request.body.messages),
      }),
    );

    routes.get(
      '/hidden',
      {
        ...common,
        schema: {
          ...schemaBase,
          summary: 'The hidden messages',
          description:
            '`ids_only=true` (the default) gives the ids by platform, cached 300 s; `ids_only=false` gives each hidden message with its time, newest first.',
          querystring: hiddenQuerySchema,
          response: { 200: z.union([hiddenIdsResponseSchema, hiddenMessagesResponseSchema]), ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        const subject = requireSubject(request);
        if (request.query.ids_only === 'false' || request.query.ids_only === '0') {
          return { hidden_messages: await service.hiddenMessages(subject) };
        }
        return { hidden_message_ids: await service.hiddenIds(subject) };
      },
    );

    routes.delete(
      '/hidden/all',
      {
        ...write,
        schema: {
          ...schemaBase,
          summary: 'Show every hidden message again',
          response: { 200: unhideAllResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        unhidden: await service.unhideAll(requireSubject(request)),
      }),
    );

    routes.get(
      '/hidden/stats',
      {
        ...common,
        schema: {
          ...schemaBase,
          summary: 'How many messages are hidden, in total and by platform',
          description: 'Cached 600 s; every hide or unhide refreshes it.',
          response: { 200: hiddenStatsSchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return service.stats(requireSubject(request));
      },
    );
  };
}
