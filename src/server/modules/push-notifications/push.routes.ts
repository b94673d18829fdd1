import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../contract/errors.ts';
import {
  notificationPreferencesSchema,
  PUSH_SUBSCRIPTIONS_PER_USER_MAX,
  pushDeviceParamsSchema,
  pushDeviceSchema,
  pushDevicesResponseSchema,
  pushPublicKeyResponseSchema,
  pushSubscribeSchema,
} from '../../../contract/push-notifications.ts';
import { bearerSecurity, requireSubject } from '../../plugins/authentication.ts';
import { describeDevice } from '../sessions/sessions.service.ts';
import type { PushService } from './push.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema };
const writeErrors = { ...errors, 403: apiErrorSchema, 404: apiErrorSchema, 503: apiErrorSchema };

/** The person's devices for push notifications and what notifies them (issue 25, decision 159). */
export function pushRoutes(service: PushService) {
  return async function register(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const read = { onRequest: app.authenticate } as const;
    const write = { onRequest: [app.authenticate, app.limitWrites] };
    const schemaBase = { tags: ['push notifications'], security: bearerSecurity };

    routes.get(
      '/public-key',
      {
        ...read,
        schema: {
          ...schemaBase,
          summary: 'The VAPID public key a browser subscribes with (applicationServerKey)',
          description: '503 `PUSH_UNAVAILABLE` when the server has no VAPID keys.',
          response: { 200: pushPublicKeyResponseSchema, ...errors, 503: apiErrorSchema },
        },
      },
      async () => service.publicKey(),
    );

    routes.get(
      '/devices',
      {
        ...read,
        schema: {
          ...schemaBase,
          summary: "The user's devices that receive notifications, oldest first",
          response: { 200: pushDevicesResponseSchema, ...errors },
        },
      },
      async (request) => service.listDevices(requireSubject(request).userId),
    );

    routes.post(
      '/devices',
      {
        ...write,
        schema: {
          ...schemaBase,
          summary: "Turn notifications on for this device (the browser's PushSubscription)",
          description:
            'The endpoint must be at a known push service (400 `PUSH_SERVICE_NOT_ALLOWED`). The same endpoint ' +
            `again replaces its keys. At most ${PUSH_SUBSCRIPTIONS_PER_USER_MAX} devices (403 \`PUSH_SUBSCRIPTION_LIMIT\`); ` +
            'demo accounts get 403 `DEMO_RESTRICTED`.',
          body: pushSubscribeSchema,
          response: { 201: pushDeviceSchema, ...writeErrors },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            await service.subscribe(
              requireSubject(request).userId,
              request.body,
              describeDevice(request.headers['user-agent'] ?? null),
            ),
          ),
    );

    routes.delete(
      '/devices/:deviceId',
      {
        ...write,
        schema: {
          ...schemaBase,
          summary: 'Stop notifications on a device',
          params: pushDeviceParamsSchema,
          response: { 204: z.undefined(), ...writeErrors },
        },
      },
      async (request, reply) => {
        await service.removeDevice(requireSubject(request).userId, request.params.deviceId);
        return reply.code(204).send();
      },
    );

    routes.post(
      '/devices/:deviceId/test',
      {
        ...write,
        schema: {
          ...schemaBase,
          summary: 'Send a test notification to a device',
          description:
            '`delivered` says whether the push service took it. A device its push service no longer knows is ' +
            'removed (404).',
          params: pushDeviceParamsSchema,
          response: { 200: z.object({ delivered: z.boolean() }), ...writeErrors },
        },
      },
      async (request) => service.sendTest(requireSubject(request).userId, request.params.deviceId),
    );

    routes.get(
      '/preferences',
      {
        ...read,
        schema: {
          ...schemaBase,
          summary: 'What notifies the user: kinds, connections, whether the first line is shown',
          response: { 200: notificationPreferencesSchema, ...errors },
        },
      },
      async (request) => service.preferences(requireSubject(request).userId),
    );

    routes.put(
      '/preferences',
      {
        ...write,
        schema: {
          ...schemaBase,
          summary: 'Choose what notifies',
          description:
            'Muted messages never notify, a rule’s notify or never-notify wins over the kinds, and the quiet hours ' +
            'of the rules’ settings hold every notification. Connections must be the user’s own (400 ' +
            '`UNKNOWN_CONNECTION`).',
          body: notificationPreferencesSchema,
          response: { 200: notificationPreferencesSchema, ...writeErrors },
        },
      },
      async (request) => service.savePreferences(requireSubject(request).userId, request.body),
    );
  };
}
