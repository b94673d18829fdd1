import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../contract/errors.ts';
import { testModeStateSchema, testModeUpdateSchema } from '../../../contract/messages.ts';
import { bearerSecurity, requireSubject } from '../../plugins/authentication.ts';
import type { TestModeService } from './test-mode.service.ts';

export function testModeRoutes(service: TestModeService, onChange: (userId: string) => Promise<void>) {
  return async function register(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(
      '/test-mode',
      {
        onRequest: app.authenticate,
        schema: {
          tags: ['test mode'],
          summary: 'Whether test mode is available to the signed-in user, and its flag and sample language',
          security: bearerSecurity,
          response: { 200: testModeStateSchema, 401: apiErrorSchema },
        },
      },
      async (request) => service.getState(requireSubject(request).userId),
    );

    routes.put(
      '/test-mode',
      {
        onRequest: [app.authenticate, app.limitWrites],
        schema: {
          tags: ['test mode'],
          summary:
            'Turn test mode on or off and pick its sample language (users listed in TEST_MODE_EMAILS only)',
          description:
            'While test mode is on, the message and status calls answer with sample data in the chosen language.',
          security: bearerSecurity,
          body: testModeUpdateSchema,
          response: {
            200: testModeStateSchema,
            400: apiErrorSchema,
            401: apiErrorSchema,
            403: apiErrorSchema,
          },
        },
      },
      async (request) => {
        const { userId } = requireSubject(request);
        const state = await service.update(userId, request.body);
        await onChange(userId);
        return state;
      },
    );
  };
}
