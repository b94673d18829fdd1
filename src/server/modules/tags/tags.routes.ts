import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../contract/errors.ts';
import { platformSchema } from '../../../contract/messages.ts';
import {
  dataResponseSchema,
  platformMessageIdSchema,
  successSchema,
  tagCreateSchema,
  tagLinkCreateSchema,
  tagLinkSchema,
  tagRecordSchema,
  tagStatisticSchema,
  tagUpdateSchema,
} from '../../../contract/tags.ts';
import { bearerSecurity, requireSubject } from '../../plugins/authentication.ts';
import type { TagsService } from './tags.service.ts';

const tagParamsSchema = z.object({ tagId: z.uuid() });
const messageParamsSchema = z.object({ platform: platformSchema, messageId: platformMessageIdSchema });
const linkParamsSchema = messageParamsSchema.extend({ tagId: z.uuid() });

const errors = { 400: apiErrorSchema, 401: apiErrorSchema };
const writeErrors = { ...errors, 403: apiErrorSchema, 404: apiErrorSchema };
const WRITE_NOTE =
  'Demo accounts get 403 `DEMO_RESTRICTED`, and users in test mode 403 `TEST_MODE_RESTRICTED`: their sample tags are read-only.';

/** Tags and message-tag links (SPEC §7), all scoped to the signed-in user: another user's tag is a 404. */
export function tagsRoutes(service: TagsService) {
  return async function register(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const common = { onRequest: app.authenticate } as const;
    const write = { onRequest: [app.authenticate, app.limitWrites] };
    const schemaBase = { tags: ['tags'], security: bearerSecurity };

    routes.get(
      '/',
      {
        ...common,
        schema: {
          ...schemaBase,
          summary: "The user's tags, by name",
          response: { 200: dataResponseSchema(z.array(tagRecordSchema)), ...errors },
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
          summary: 'Create a tag',
          description: `A name already used by the user (in any letter case) gives 409. ${WRITE_NOTE}`,
          body: tagCreateSchema,
          response: { 201: dataResponseSchema(tagRecordSchema), ...writeErrors, 409: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const data = await service.create(requireSubject(request).userId, request.body);
        return reply.code(201).send({ success: true as const, data });
      },
    );

    routes.get(
      '/statistics',
      {
        ...common,
        schema: {
          ...schemaBase,
          summary: 'Every tag with the number of messages carrying it',
          response: { 200: dataResponseSchema(z.array(tagStatisticSchema)), ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await service.statistics(requireSubject(request).userId),
      }),
    );

    routes.post(
      '/messages',
      {
        ...write,
        schema: {
          ...schemaBase,
          summary: 'Tag a message',
          description: `A message that already carries the tag gives 409. ${WRITE_NOTE}`,
          body: tagLinkCreateSchema,
          response: { 201: dataResponseSchema(tagLinkSchema), ...writeErrors, 409: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const { tag_id: tagId, ...ref } = request.body;
        const data = await service.link(requireSubject(request).userId, tagId, ref);
        return reply.code(201).send({ success: true as const, data });
      },
    );

    routes.get(
      '/messages/:platform/:messageId',
      {
        ...common,
        schema: {
          ...schemaBase,
          summary: 'The tags of one message',
          params: messageParamsSchema,
          response: { 200: dataResponseSchema(z.array(tagRecordSchema)), ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await service.tagsOfMessage(requireSubject(request).userId, {
          platform: request.params.platform,
          platform_message_id: request.params.messageId,
        }),
      }),
    );

    routes.delete(
      '/messages/:platform/:messageId/:tagId',
      {
        ...write,
        schema: {
          ...schemaBase,
          summary: 'Take a tag off a message',
          description: `A message that does not carry the tag gives 404. ${WRITE_NOTE}`,
          params: linkParamsSchema,
          response: { 200: successSchema, ...writeErrors },
        },
      },
      async (request) => {
        const { platform, messageId, tagId } = request.params;
        await service.unlink(requireSubject(request).userId, tagId, {
          platform,
          platform_message_id: messageId,
        });
        return { success: true as const };
      },
    );

    routes.get(
      '/:tagId',
      {
        ...common,
        schema: {
          ...schemaBase,
          summary: 'One tag',
          params: tagParamsSchema,
          response: { 200: dataResponseSchema(tagRecordSchema), ...errors, 404: apiErrorSchema },
        },
      },
      async (request) => ({
        success: true as const,
        data: await service.get(requireSubject(request).userId, request.params.tagId),
      }),
    );

    routes.put(
      '/:tagId',
      {
        ...write,
        schema: {
          ...schemaBase,
          summary: 'Change a tag',
          description: `Only the fields given change. A name another of the user's tags has gives 409. ${WRITE_NOTE}`,
          params: tagParamsSchema,
          body: tagUpdateSchema,
          response: { 200: dataResponseSchema(tagRecordSchema), ...writeErrors, 409: apiErrorSchema },
        },
      },
      async (request) => ({
        success: true as const,
        data: await service.update(requireSubject(request).userId, request.params.tagId, request.body),
      }),
    );

    routes.delete(
      '/:tagId',
      {
        ...write,
        schema: {
          ...schemaBase,
          summary: 'Delete a tag and take it off every message',
          description: WRITE_NOTE,
          params: tagParamsSchema,
          response: { 200: successSchema, ...writeErrors },
        },
      },
      async (request) => {
        await service.remove(requireSubject(request).userId, request.params.tagId);
        return { success: true as const };
      },
    );

    routes.get(
      '/:tagId/messages',
      {
        ...common,
        schema: {
          ...schemaBase,
          summary: 'The messages carrying a tag, newest link first',
          params: tagParamsSchema,
          querystring: z.object({ platform: z.optional(platformSchema) }),
          response: { 200: dataResponseSchema(z.array(tagLinkSchema)), ...errors, 404: apiErrorSchema },
        },
      },
      async (request) => ({
        success: true as const,
        data: await service.linksOfTag(
          requireSubject(request).userId,
          request.params.tagId,
          request.query.platform,
        ),
      }),
    );
  };
}
