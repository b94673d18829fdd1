import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { connectResponseSchema, oauthCallbackQuerySchema } from '../../../contract/connections.ts';
import { apiErrorSchema } from '../../../contract/errors.ts';
import {
  calendarEventSchema,
  calendarEventsQuerySchema,
  calendarEventsResponseSchema,
  createEventBodySchema,
  createTaskBodySchema,
  googleCalendarStatusSchema,
  googleTaskSchema,
  googleTasksResponseSchema,
  idempotencyHeadersSchema,
  tasksQuerySchema,
} from '../../../contract/google.ts';
import { HttpError } from '../../lib/http-error.ts';
import { bearerSecurity, requireSubject } from '../../plugins/authentication.ts';
import { readOAuthBinding, setOAuthBinding } from '../oauth-flows/oauth-binding-cookie.ts';
import type { GoogleWorkspaceService } from './google-workspace.service.ts';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  502: apiErrorSchema,
  504: apiErrorSchema,
};
const gateNote =
  'An optional `Idempotency-Key` header (16 to 64 letters, digits, - or _) makes a repeated submit answer the first result. 403 `PLAN_REQUIRED` on the free plan when `PLAN_GATES` is on; 403 `INSUFFICIENT_SCOPE` when Google did not grant the permission; 409 `GOOGLE_NOT_CONNECTED` or `GOOGLE_RECONNECT_REQUIRED` (the grant was revoked); 502/504 when Google fails.';

/** The optional `Idempotency-Key` header (read here, not declared, so the API document lists no header parameter). */
function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const parsed = idempotencyHeadersSchema.safeParse(request.headers);
  if (!parsed.success) {
    throw new HttpError(400, 'Idempotency-Key must be 16 to 64 letters, digits, - or _', 'VALIDATION_ERROR');
  }
  return parsed.data['idempotency-key'];
}

/** Connecting Google Calendar and Tasks, and their events and tasks (decision 102). */
export function googleWorkspaceRoutes(deps: { service: GoogleWorkspaceService; secureCookies: boolean }) {
  const { service } = deps;
  return async function register(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.post(
      '/auth/google-calendar/connect',
      {
        onRequest: app.authenticate,
        schema: {
          tags: ['google'],
          summary: 'Start connecting Google Calendar and Tasks (incremental scopes): the consent page',
          security: bearerSecurity,
          response: { 200: connectResponseSchema, ...errors, 429: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const { authUrl, binding } = await service.connect(
          requireSubject(request).userId,
          readOAuthBinding(request),
        );
        setOAuthBinding(reply, binding, deps.secureCookies);
        return { authUrl };
      },
    );

    routes.get(
      '/auth/google-calendar/callback',
      {
        schema: {
          tags: ['google'],
          summary: "Where Google's consent page returns; redirects to the dashboard with the result",
          querystring: oauthCallbackQuerySchema,
        },
      },
      async (request, reply) => {
        const location = await service.callback(request.query, readOAuthBinding(request));
        return reply.header('cache-control', 'no-store').redirect(location, 302);
      },
    );

    routes.get(
      '/auth/google-calendar/status',
      {
        onRequest: app.authenticate,
        schema: {
          tags: ['google'],
          summary: 'Whether Google Calendar is connected, and which permissions Google granted',
          security: bearerSecurity,
          response: { 200: googleCalendarStatusSchema, 401: apiErrorSchema },
        },
      },
      async (request) => service.status(requireSubject(request).userId),
    );

    routes.get(
      '/google/calendar/events',
      {
        onRequest: app.authenticate,
        schema: {
          tags: ['google'],
          summary: 'The events of the primary calendar overlapping [timeMin, timeMax), by start time',
          description: gateNote,
          security: bearerSecurity,
          querystring: calendarEventsQuerySchema,
          response: { 200: calendarEventsResponseSchema, ...errors },
        },
      },
      async (request) => service.listEvents(requireSubject(request).userId, request.query),
    );

    routes.post(
      '/google/calendar/events',
      {
        onRequest: app.authenticate,
        preHandler: app.limitWrites,
        schema: {
          tags: ['google'],
          summary: 'Create an event on the primary calendar (once per Idempotency-Key)',
          description: gateNote,
          security: bearerSecurity,
          body: createEventBodySchema,
          response: { 200: calendarEventSchema, ...errors, 429: apiErrorSchema },
        },
      },
      async (request) =>
        service.createEvent(requireSubject(request).userId, request.body, idempotencyKeyOf(request)),
    );

    routes.get(
      '/google/tasks',
      {
        onRequest: app.authenticate,
        schema: {
          tags: ['google'],
          summary: 'The tasks of a task list (the first list when none is named)',
          description: gateNote,
          security: bearerSecurity,
          querystring: tasksQuerySchema,
          response: { 200: googleTasksResponseSchema, ...errors },
        },
      },
      async (request) => service.listTasks(requireSubject(request).userId, request.query.taskListId),
    );

    routes.post(
      '/google/tasks',
      {
        onRequest: app.authenticate,
        preHandler: app.limitWrites,
        schema: {
          tags: ['google'],
          summary: 'Create a Google Task (once per Idempotency-Key)',
          description: gateNote,
          security: bearerSecurity,
          body: createTaskBodySchema,
          response: { 200: googleTaskSchema, ...errors, 429: apiErrorSchema },
        },
      },
      async (request) =>
        service.createTask(requireSubject(request).userId, request.body, idempotencyKeyOf(request)),
    );
  };
}
