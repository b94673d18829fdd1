import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../contract/errors.ts';
import { successSchema } from '../../../contract/tags.ts';
import {
  doneBatchResponseSchema,
  doneBatchSchema,
  doneMarksResponseSchema,
  SNOOZE_CLOCK_SKEW_SECONDS,
  SNOOZE_MAX_DAYS,
  snoozeBatchResponseSchema,
  snoozeBatchSchema,
  snoozesResponseSchema,
  triageIdParamsSchema,
  triageKinds,
  triageRemoveBatchSchema,
  triageRemoveResponseSchema,
  triageRestoreResponseSchema,
  triageRestoreSchema,
} from '../../../contract/triage.ts';
import { bearerSecurity, requireSubject } from '../../plugins/authentication.ts';
import type { TriageService } from './triage.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema };
const writeErrors = { ...errors, 403: apiErrorSchema };
const SCOPE_NOTE =
  "On a demo account, snoozes and done marks belong to the sign-in that made them; other sessions don't see them.";
const ONE_OF_TWO =
  'A message is either snoozed or done: snoozing a done message takes its done mark away, and the other way round.';

const paths = { snoozes: '/snoozes', done: '/done' } as const;
const removeSummaries = {
  snoozes: 'Unsnooze up to 500 messages at once',
  done: 'Undo done on up to 500 messages at once',
} as const;
const removeOneSummaries = {
  snoozes: 'Unsnooze one snooze by its id',
  done: 'Undo one done mark by its id',
} as const;

/** Snooze, and done until the thread moves (issue 23). Writes are idempotent and all or nothing. */
export function triageRoutes(service: TriageService) {
  return async function register(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const common = { onRequest: app.authenticate } as const;
    const write = { onRequest: [app.authenticate, app.limitWrites] };
    const schemaBase = { tags: ['triage'], security: bearerSecurity };

    routes.get(
      paths.snoozes,
      {
        ...common,
        schema: {
          ...schemaBase,
          summary: 'The snoozed messages, soonest first',
          description: `Woken ones (\`until\` past) stay listed until they are unsnoozed. ${SCOPE_NOTE}`,
          response: { 200: snoozesResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return { snoozes: await service.snoozes(requireSubject(request)) };
      },
    );

    routes.post(
      paths.snoozes,
      {
        ...write,
        schema: {
          ...schemaBase,
          summary: 'Snooze up to 500 messages until a time',
          description: `\`until\` is ISO 8601 with an offset, in the future (${SNOOZE_CLOCK_SKEW_SECONDS} s of clock skew allowed: 400 \`SNOOZE_IN_PAST\`) and at most ${SNOOZE_MAX_DAYS} days ahead (400 \`SNOOZE_TOO_FAR\`). A snoozed message gets the new time. All or nothing; \`snoozed\` counts the distinct messages. ${ONE_OF_TWO} ${SCOPE_NOTE}`,
          body: snoozeBatchSchema,
          response: { 200: snoozeBatchResponseSchema, ...writeErrors },
        },
      },
      async (request) => {
        const snoozes = await service.snooze(
          requireSubject(request),
          request.body.messages,
          request.body.until,
        );
        return { success: true as const, snoozed: snoozes.length, snoozes };
      },
    );

    routes.get(
      paths.done,
      {
        ...common,
        schema: {
          ...schemaBase,
          summary: 'The messages marked done, newest first',
          description: `Whether a done message is back (its thread moved) is worked out from the inbox: \`triageStates\` in the contract. ${SCOPE_NOTE}`,
          response: { 200: doneMarksResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return { done_marks: await service.doneMarks(requireSubject(request)) };
      },
    );

    routes.post(
      paths.done,
      {
        ...write,
        schema: {
          ...schemaBase,
          summary: 'Mark up to 500 messages done until their thread moves',
          description: `Each message comes with its thread keys (\`messageThreadKeys\` in the contract). A done message gets the new time and keys. All or nothing; \`marked\` counts the distinct messages. ${ONE_OF_TWO} ${SCOPE_NOTE}`,
          body: doneBatchSchema,
          response: { 200: doneBatchResponseSchema, ...writeErrors },
        },
      },
      async (request) => {
        const marks = await service.markDone(requireSubject(request), request.body.messages);
        return { success: true as const, marked: marks.length, done_marks: marks };
      },
    );

    routes.post(
      '/triage/restore',
      {
        ...write,
        schema: {
          ...schemaBase,
          summary: 'Undo a snooze, a done or an unsnooze of up to 500 messages',
          description: `Each message gets back exactly what it had before: its snooze with its own times (one already past stays woken), its done mark with its own \`done_at\` and thread keys, or neither; whatever it has now goes. One transaction: all or nothing. Past times only, except a snooze's \`until\` (at most ${SNOOZE_MAX_DAYS} days ahead): 400 \`TIME_IN_FUTURE\`. The caps hold (403). ${SCOPE_NOTE}`,
          body: triageRestoreSchema,
          response: { 200: triageRestoreResponseSchema, ...writeErrors },
        },
      },
      async (request) => ({
        success: true as const,
        restored: await service.restore(requireSubject(request), request.body.messages),
      }),
    );

    for (const kind of triageKinds) {
      routes.delete(
        paths[kind],
        {
          ...write,
          schema: {
            ...schemaBase,
            summary: removeSummaries[kind],
            description: '`removed` counts the messages that had one; the others are skipped.',
            body: triageRemoveBatchSchema,
            response: { 200: triageRemoveResponseSchema, ...errors },
          },
        },
        async (request) => ({
          success: true as const,
          removed: await service.remove(requireSubject(request), kind, request.body.messages),
        }),
      );

      routes.delete(
        `${paths[kind]}/:id`,
        {
          ...write,
          schema: {
            ...schemaBase,
            summary: removeOneSummaries[kind],
            description: "An id that is not one of the caller's gives 404.",
            params: triageIdParamsSchema,
            response: { 200: successSchema, ...errors, 404: apiErrorSchema },
          },
        },
        async (request) => {
          await service.removeById(requireSubject(request), kind, request.params.id);
          return { success: true as const };
        },
      );
    }
  };
}
