import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { connectionIdSchema } from '../../../contract/connections.ts';
import { apiErrorSchema } from '../../../contract/errors.ts';
import {
  connectionStatusResponseSchema,
  messageFetchQuerySchema,
  messageResultSchemas,
  platformNames,
  platforms,
  type MessageFetchQuery,
} from '../../../contract/messages.ts';
import { sendEncodedAnswer } from '../../lib/encoded-answer.ts';
import { createRateLimit } from '../../lib/rate-limit.ts';
import { bearerSecurity, requireSubject } from '../../plugins/authentication.ts';
import type { MessagesService } from './messages.service.ts';

const connectionParamsSchema = z.object({ connectionId: connectionIdSchema });
const notModifiedSchema = z.null().describe('The answer named in If-None-Match is still current');

function wantsRefresh(query: MessageFetchQuery): boolean {
  return [query.refresh, query.force].some((value) => value === '1' || value === 'true');
}

/**
 * Forced refreshes a user may ask for per minute, all platforms and accounts together (decision 051): three
 * refreshes of every account of the largest plan. Within 30 seconds of a gathering an account is not gathered
 * again anyway; this bounds the requests themselves.
 */
export const FORCED_REFRESHES_PER_USER = { points: 30, durationSeconds: 60 };

const REFRESH_NOTE =
  'Answers from the server cache when it can (see SPEC §9 lifetimes); `refresh=1` (or `force=1`) gathers afresh and refills the cache.';

const ENCODING_NOTE =
  'Sent with brotli or gzip when `Accept-Encoding` allows, with a strong `ETag`; `If-None-Match` with a current tag gets 304.';

/** The message and status calls, one set per platform; an unknown platform has no route and gets 404. */
export function messagesRoutes(service: MessagesService) {
  return async function register(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const forcedRefreshes = createRateLimit(FORCED_REFRESHES_PER_USER);
    /** Whether the request asks to gather afresh, after spending one of the user's forced refreshes. */
    async function refreshWanted(userId: string, query: MessageFetchQuery): Promise<boolean> {
      if (!wantsRefresh(query)) return false;
      await forcedRefreshes.consume(userId);
      return true;
    }

    for (const platform of platforms) {
      const name = platformNames[platform];
      const resultSchema = messageResultSchemas[platform];

      routes.get(
        `/${platform}/messages`,
        {
          onRequest: app.authenticate,
          schema: {
            tags: ['messages'],
            summary: `Mentions, replies, DMs and all-mentions from all of the user's ${name} connections`,
            description: `Newest first. Cached per user for 300 s. ${REFRESH_NOTE} ${ENCODING_NOTE}`,
            security: bearerSecurity,
            querystring: messageFetchQuerySchema,
            response: {
              200: resultSchema,
              304: notModifiedSchema,
              400: apiErrorSchema,
              401: apiErrorSchema,
              429: apiErrorSchema,
            },
          },
        },
        // Not an async function: a warm answer is sent at once, without a promise (decision 172).
        (request, reply) => {
          const { userId } = requireSubject(request);
          const warm = wantsRefresh(request.query) ? undefined : service.warmMessages(userId, platform);
          if (warm) {
            sendEncodedAnswer(request, reply, warm);
            return;
          }
          return (async () => {
            const refresh = await refreshWanted(userId, request.query);
            return sendEncodedAnswer(
              request,
              reply,
              await service.getMessages(userId, platform, { refresh }),
            );
          })();
        },
      );

      routes.get(
        `/${platform}/messages/:connectionId`,
        {
          onRequest: app.authenticate,
          schema: {
            tags: ['messages'],
            summary: `Messages from one of the user's ${name} connections`,
            description: `Cached per connection for 60 s. ${REFRESH_NOTE} ${ENCODING_NOTE} A connection that is unknown or belongs to someone else gives 404.`,
            security: bearerSecurity,
            params: connectionParamsSchema,
            querystring: messageFetchQuerySchema,
            response: {
              200: resultSchema,
              304: notModifiedSchema,
              400: apiErrorSchema,
              401: apiErrorSchema,
              404: apiErrorSchema,
              429: apiErrorSchema,
            },
          },
        },
        async (request, reply) => {
          const { userId } = requireSubject(request);
          const refresh = await refreshWanted(userId, request.query);
          const answer = await service.getConnectionMessages(userId, platform, request.params.connectionId, {
            refresh,
          });
          return sendEncodedAnswer(request, reply, answer);
        },
      );

      routes.get(
        `/${platform}/status`,
        {
          onRequest: app.authenticate,
          schema: {
            tags: ['messages'],
            summary: `The user's ${name} connections`,
            security: bearerSecurity,
            response: { 200: connectionStatusResponseSchema, 401: apiErrorSchema },
          },
        },
        async (request, reply) => {
          reply.header('cache-control', 'private, no-store');
          return service.listConnections(requireSubject(request).userId, platform);
        },
      );
    }
  };
}
