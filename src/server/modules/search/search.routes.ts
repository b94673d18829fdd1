import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../contract/errors.ts';
import { SEARCH_RESULT_CAP, searchQuerySchema, searchResponseSchema } from '../../../contract/search.ts';
import { bearerSecurity, requireSubject } from '../../plugins/authentication.ts';
import type { SearchService } from './search.service.ts';

export function searchRoutes(service: SearchService) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/search',
      {
        onRequest: app.authenticate,
        schema: {
          tags: ['messages'],
          summary: "Find words in the user's gathered messages of every account",
          description:
            'Searches what the message cache holds for the user (both platforms, every connection), so only messages ' +
            'gathered within the cache time are found. Every word must be found; width, kana and case are folded, ' +
            `Japanese is found inside words, Latin words from their start. Newest first, at most ${SEARCH_RESULT_CAP}; ` +
            '`highlights` are ranges of the plain text the card shows.',
          security: bearerSecurity,
          querystring: searchQuerySchema,
          response: { 200: searchResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return service.search(requireSubject(request).userId, request.query);
      },
    );
    app.withTypeProvider<ZodTypeProvider>().post(
      '/search/prepare',
      {
        onRequest: app.authenticate,
        schema: {
          tags: ['messages'],
          summary: "Get the user's messages ready to search",
          description:
            'Indexes what the message cache holds for the user, as the first search would, so that the search ' +
            'itself answers at once. Sent when the search box gets focus; nothing changes that the user can see.',
          security: bearerSecurity,
          response: { 204: z.undefined(), 401: apiErrorSchema },
        },
      },
      async (request, reply) => {
        await service.prepare(requireSubject(request).userId);
        return reply.code(204).send();
      },
    );
  };
}
