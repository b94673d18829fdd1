import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authResponseSchema,
  loginBodySchema,
  logoutBodySchema,
  meResponseSchema,
  refreshBodySchema,
  refreshResponseSchema,
  registerBodySchema,
} from '../../../contract/auth.ts';
import { demoAccountsResponseSchema } from '../../../contract/demo.ts';
import { apiErrorSchema } from '../../../contract/errors.ts';
import { HttpError } from '../../lib/http-error.ts';
import { createRateLimit } from '../../lib/rate-limit.ts';
import { logSecurityEvent } from '../../lib/security-events.ts';
import { bearerSecurity, requireSubject } from '../../plugins/authentication.ts';
import type { AuthService, DemoAccount } from './auth.service.ts';

const MINUTE = 60;

/** Budgets for unauthenticated endpoints, per client address and per account. */
export const authRateLimits = {
  loginPerIp: { points: 30, durationSeconds: 15 * MINUTE },
  loginFailuresPerEmail: { points: 10, durationSeconds: 15 * MINUTE },
  registerPerIp: { points: 10, durationSeconds: 60 * MINUTE },
  registerPerEmail: { points: 5, durationSeconds: 60 * MINUTE },
  refreshPerIp: { points: 60, durationSeconds: 15 * MINUTE },
};

const errorResponses = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  429: apiErrorSchema,
};

export function authRoutes(
  service: AuthService,
  demo: { accounts: readonly DemoAccount[]; password: string },
) {
  const limits = {
    loginPerIp: createRateLimit(authRateLimits.loginPerIp),
    loginFailuresPerEmail: createRateLimit(authRateLimits.loginFailuresPerEmail),
    registerPerIp: createRateLimit(authRateLimits.registerPerIp),
    registerPerEmail: createRateLimit(authRateLimits.registerPerEmail),
    refreshPerIp: createRateLimit(authRateLimits.refreshPerIp),
  };
  // Demo passwords are public, so a failure budget on them would only let anyone lock the demo out.
  const demoEmails = new Set(demo.accounts.map((account) => account.email));

  return async function register(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.post(
      '/register',
      {
        schema: {
          tags: ['auth'],
          summary: 'Create an account with email and password',
          body: registerBodySchema,
          response: { 201: authResponseSchema, ...errorResponses, 409: apiErrorSchema },
        },
      },
      async (request, reply) => {
        await limits.registerPerIp.consume(request.ip);
        await limits.registerPerEmail.consume(request.body.email);
        return reply.code(201).send(await service.register(request.body));
      },
    );

    routes.post(
      '/login',
      {
        schema: {
          tags: ['auth'],
          summary: 'Sign in with email and password',
          body: loginBodySchema,
          response: { 200: authResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const { email } = request.body;
        const countsFailures = !demoEmails.has(email);
        await limits.loginPerIp.consume(request.ip);
        if (countsFailures) {
          await limits.loginFailuresPerEmail.assertOpen(email).catch((error: unknown) => {
            logSecurityEvent(request, { event: 'sign_in_locked' });
            throw error;
          });
        }
        try {
          const result = await service.login(request.body);
          if (countsFailures) await limits.loginFailuresPerEmail.reset(email);
          logSecurityEvent(request, { event: 'signed_in', userId: result.user.id });
          return result;
        } catch (error) {
          if (error instanceof HttpError && error.statusCode === 401) {
            logSecurityEvent(request, { event: 'sign_in_failed' });
            if (countsFailures) await limits.loginFailuresPerEmail.penalise(email);
          }
          throw error;
        }
      },
    );

    routes.post(
      '/refresh',
      {
        schema: {
          tags: ['auth'],
          summary: 'Exchange a refresh token for new tokens (the refresh token rotates)',
          body: refreshBodySchema,
          response: { 200: refreshResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        await limits.refreshPerIp.consume(request.ip);
        try {
          return { tokens: await service.refresh(request.body.refreshToken) };
        } catch (error) {
          if (error instanceof HttpError && error.code === 'REFRESH_TOKEN_REUSED') {
            logSecurityEvent(request, { event: 'refresh_token_reused' });
          }
          throw error;
        }
      },
    );

    routes.post(
      '/logout',
      {
        onRequest: app.authenticate,
        schema: {
          tags: ['auth'],
          summary: 'End the current session',
          security: bearerSecurity,
          body: logoutBodySchema,
          response: { 204: z.undefined(), ...errorResponses },
        },
      },
      async (request, reply) => {
        await service.logout(requireSubject(request), request.body?.refreshToken);
        return reply.code(204).send();
      },
    );

    routes.get(
      '/me',
      {
        onRequest: app.authenticate,
        schema: {
          tags: ['auth'],
          summary: 'The signed-in user',
          security: bearerSecurity,
          response: { 200: meResponseSchema, 401: apiErrorSchema },
        },
      },
      async (request) => ({ user: await service.getUser(requireSubject(request).userId) }),
    );

    routes.get(
      '/demo-accounts',
      {
        schema: {
          tags: ['auth'],
          summary: 'The public demo accounts shown on the login page',
          response: { 200: demoAccountsResponseSchema },
        },
      },
      async () => ({ accounts: [...demo.accounts], password: demo.password }),
    );
  };
}
