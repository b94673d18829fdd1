import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../contract/errors.ts';
import { onboardingStatusSchema, onboardingUpdateSchema } from '../../../contract/onboarding.ts';
import { bearerSecurity, requireSubject } from '../../plugins/authentication.ts';
import type { OnboardingService } from './onboarding.service.ts';

export function onboardingRoutes(service: OnboardingService) {
  return async function register(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['onboarding'];

    routes.get(
      '/status',
      {
        onRequest: app.authenticate,
        schema: {
          tags,
          summary:
            'Whether the signed-in user finished the onboarding guide, the step reached, and first login',
          security: bearerSecurity,
          response: { 200: onboardingStatusSchema, 401: apiErrorSchema },
        },
      },
      async (request) => service.status(requireSubject(request).userId),
    );

    routes.put(
      '/',
      {
        onRequest: [app.authenticate, app.limitWrites],
        schema: {
          tags,
          summary:
            'Store the step reached, or completion (finishing and skipping both complete it at step 4)',
          security: bearerSecurity,
          body: onboardingUpdateSchema,
          response: { 200: onboardingStatusSchema, 400: apiErrorSchema, 401: apiErrorSchema },
        },
      },
      async (request) => service.update(requireSubject(request).userId, request.body),
    );

    routes.post(
      '/reset',
      {
        onRequest: [app.authenticate, app.limitWrites],
        schema: {
          tags,
          summary: 'Start the onboarding over: not completed, step 0, and shown again as on a first login',
          security: bearerSecurity,
          response: { 200: onboardingStatusSchema, 401: apiErrorSchema },
        },
      },
      async (request) => service.reset(requireSubject(request).userId),
    );
  };
}
