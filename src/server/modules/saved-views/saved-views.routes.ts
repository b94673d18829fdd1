import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../contract/errors.ts';
import {
  savedViewCreateSchema,
  savedViewOrderSchema,
  savedViewSchema,
  savedViewUpdateSchema,
} from '../../../contract/saved-views.ts';
import { dataResponseSchema, successSchema } from '../../../contract/tags.ts';
import { bearerSecurity, requireSubject } from '../../plugins/authentication.ts';
import type { SavedViewsService } from './saved-views.service.ts';

const viewParamsSchema = z.object({ viewId: z.uuid() });
const viewListResponse = dataResponseSchema(z.array(savedViewSchema));
const viewResponse = dataResponseSchema(savedViewSchema);

const errors = { 400: apiErrorSchema, 401: apiErrorSchema };
const writeErrors = { ...errors, 403: apiErrorSchema, 404: apiErrorSchema };
const WRITE_NOTE =
  'Demo accounts get 403 `DEMO_RESTRICTED`, and users in test mode 403 `TEST_MODE_RESTRICTED`: they see the default views, read-only.';

/** Saved views (issue 24, docs/decisions/157), scoped to the signed-in user: another user's view is a 404. */
export function savedViewsRoutes(service: SavedViewsService) {
  return async function register(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const write = { onRequest: [app.authenticate, app.limitWrites] };
    const schemaBase = { tags: ['saved views'], security: bearerSecurity };

    routes.get(
      '/',
      {
        onRequest: app.authenticate,
        schema: {
          ...schemaBase,
          summary: "The user's views in their order, the defaults (All, Mentions, DMs) among them",
          description:
            '`missing` names what a view refers to that is gone (a deleted tag, a removed connection); the view still applies the rest.',
          response: { 200: viewListResponse, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await service.list(requireSubject(request).userId),
      }),
    );

    routes.post(
      '/',
      {
        ...write,
        schema: {
          ...schemaBase,
          summary: 'Save filters as a view, last in the order',
          description: `A name another view has (in any letter case) gives 409; a tag or connection that is not the user's 400 \`VIEW_UNKNOWN_REFERENCE\`; more than 30 views 403 \`VIEW_LIMIT\`. ${WRITE_NOTE}`,
          body: savedViewCreateSchema,
          response: { 201: viewResponse, ...writeErrors, 409: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const data = await service.create(requireSubject(request).userId, request.body);
        return reply.code(201).send({ success: true as const, data });
      },
    );

    routes.put(
      '/order',
      {
        ...write,
        schema: {
          ...schemaBase,
          summary: 'Put the views in a new order',
          description: `\`ids\` must name each of the user's views once, else 400 \`VIEW_ORDER_MISMATCH\` and nothing moves. ${WRITE_NOTE}`,
          body: savedViewOrderSchema,
          response: { 200: viewListResponse, ...writeErrors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await service.reorder(requireSubject(request).userId, request.body.ids),
      }),
    );

    routes.patch(
      '/:viewId',
      {
        ...write,
        schema: {
          ...schemaBase,
          summary: 'Rename a view or change its filters',
          description: `Only the fields given change. A default takes a name (\`null\` gives back its own) but keeps its filters (400 \`VIEW_IS_DEFAULT\`). ${WRITE_NOTE}`,
          params: viewParamsSchema,
          body: savedViewUpdateSchema,
          response: { 200: viewResponse, ...writeErrors, 409: apiErrorSchema },
        },
      },
      async (request) => ({
        success: true as const,
        data: await service.update(requireSubject(request).userId, request.params.viewId, request.body),
      }),
    );

    routes.delete(
      '/:viewId',
      {
        ...write,
        schema: {
          ...schemaBase,
          summary: 'Delete a view',
          description: `A default view cannot be deleted (400 \`VIEW_IS_DEFAULT\`). ${WRITE_NOTE}`,
          params: viewParamsSchema,
          response: { 200: successSchema, ...writeErrors },
        },
      },
      async (request) => {
        await service.remove(requireSubject(request).userId, request.params.viewId);
        return { success: true as const };
      },
    );
  };
}
