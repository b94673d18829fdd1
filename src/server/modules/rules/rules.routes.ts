import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../contract/errors.ts';
import {
  ruleIdParamsSchema,
  ruleInputSchema,
  ruleOrderSchema,
  RULE_LIST_MAX,
  RULE_NAME_MAX,
  RULE_TAGS_MAX,
  RULE_WORDS_MAX,
  RULES_PER_USER_MAX,
  ruleSchema,
  ruleSettingsSchema,
  rulesResponseSchema,
} from '../../../contract/rules.ts';
import { bearerSecurity, requireSubject } from '../../plugins/authentication.ts';
import type { RulesService } from './rules.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema };
const writeErrors = { ...errors, 403: apiErrorSchema, 404: apiErrorSchema };
const LIMITS =
  `Up to ${RULES_PER_USER_MAX} rules (403 \`RULE_LIMIT\` beyond), ${RULE_WORDS_MAX} characters of words, ` +
  `${RULE_NAME_MAX} of a name, ${RULE_LIST_MAX} items in a condition list and ${RULE_TAGS_MAX} tags. Connections ` +
  'and tags must be the user’s own (400 `UNKNOWN_CONNECTION`, `UNKNOWN_TAG`). Demo accounts get 403 `DEMO_RESTRICTED`.';

/** The person's rules, their order, and how they combine (issue 24, decision 156). */
export function rulesRoutes(service: RulesService) {
  return async function register(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const read = { onRequest: app.authenticate } as const;
    const write = { onRequest: [app.authenticate, app.limitWrites] };
    const schemaBase = { tags: ['rules'], security: bearerSecurity };

    routes.get(
      '/',
      {
        ...read,
        schema: {
          ...schemaBase,
          summary: "The user's rules in order, each with what keeps it from applying, and their settings",
          response: { 200: rulesResponseSchema, ...errors },
        },
      },
      async (request) => service.list(requireSubject(request).userId),
    );

    routes.post(
      '/',
      {
        ...write,
        schema: {
          ...schemaBase,
          summary: 'Add a rule after the others',
          description: LIMITS,
          body: ruleInputSchema,
          response: { 201: ruleSchema, ...writeErrors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await service.create(requireSubject(request).userId, request.body)),
    );

    routes.put(
      '/order',
      {
        ...write,
        schema: {
          ...schemaBase,
          summary: 'Put the rules in a new order',
          description: 'Every one of the user’s rule ids once; anything else is 400 `RULE_ORDER_MISMATCH`.',
          body: ruleOrderSchema,
          response: { 200: rulesResponseSchema, ...writeErrors },
        },
      },
      async (request) => service.reorder(requireSubject(request).userId, request.body.ids),
    );

    routes.put(
      '/settings',
      {
        ...write,
        schema: {
          ...schemaBase,
          summary: 'First match or all matches, and quiet hours',
          body: ruleSettingsSchema,
          response: { 200: ruleSettingsSchema, ...writeErrors },
        },
      },
      async (request) => service.saveSettings(requireSubject(request).userId, request.body),
    );

    routes.put(
      '/:ruleId',
      {
        ...write,
        schema: {
          ...schemaBase,
          summary: 'Change a rule',
          description: LIMITS,
          params: ruleIdParamsSchema,
          body: ruleInputSchema,
          response: { 200: ruleSchema, ...writeErrors },
        },
      },
      async (request) => service.update(requireSubject(request).userId, request.params.ruleId, request.body),
    );

    routes.delete(
      '/:ruleId',
      {
        ...write,
        schema: {
          ...schemaBase,
          summary: 'Delete a rule',
          params: ruleIdParamsSchema,
          response: { 204: z.undefined(), ...writeErrors },
        },
      },
      async (request, reply) => {
        await service.remove(requireSubject(request).userId, request.params.ruleId);
        return reply.code(204).send();
      },
    );
  };
}
