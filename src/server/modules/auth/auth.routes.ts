import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authResponseSchema,
  loginBodySchema,
  meResponseSchema,
  refreshResponseSchema,
} from '../../../contract/auth.ts';
import { demoAccountsResponseSchema } from '../../../contract/demo.ts';
import { apiErrorSchema } from '../../../contract/errors.ts';
import { HttpError } from '../../lib/http-error.ts';
import { createRateLimit } from '../../lib/rate-limit.ts';
import { memoryLimiters, type Limiters } from '../../lib/limiters.ts';
import { logSecurityEvent } from '../../lib/security-events.ts';
import { bearerSecurity, requireSubject } from '../../plugins/authentication.ts';
import { requireSameSiteScript } from '../../plugins/csrf.ts';
import { clientOf } from '../../lib/client-info.ts';
import type { AuthCookies } from './auth-cookies.ts';
import { accountThrottleKey, toUserDto, type AuthService, type DemoAccount } from './auth.service.ts';
import type { LoginThrottle } from './login-throttle.ts';

const MINUTE = 60;

/** Budgets per client address (decision 063). Sign-in failures are counted before the password is checked. */
export const authRateLimits = {
  loginFailuresPerAddress: { points: 30, durationSeconds: 15 * MINUTE },
  /** Refreshing is cheap and a refresh token cannot be guessed; this only bounds a runaway client. */
  refreshPerAddress: { points: 1000, durationSeconds: 15 * MINUTE },
};

const errorResponses = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  429: apiErrorSchema,
};
const cookieNote =
  'Reads the HttpOnly `matome_refresh` cookie and requires the `x-matome-csrf: 1` header (403 `CSRF_REJECTED` without it).';

export type AuthRoutesDeps = {
  service: AuthService;
  cookies: AuthCookies;
  throttle: LoginThrottle;
  demo: { accounts: readonly DemoAccount[]; password: string };
  /** Where the per-address counts live: shared by every instance when Redis is configured. */
  limiters?: Limiters;
};

export function authRoutes({ service, cookies, throttle, demo, limiters = memoryLimiters }: AuthRoutesDeps) {
  const limits = {
    loginFailuresPerAddress: createRateLimit(authRateLimits.loginFailuresPerAddress, {
      limiters,
      name: 'login-failures-per-address',
    }),
    refreshPerAddress: createRateLimit(authRateLimits.refreshPerAddress, {
      limiters,
      name: 'refresh-per-address',
    }),
  };
  // Demo passwords are public, so slowing guesses at them would protect nothing and let anyone lock the demo out.
  const demoEmails = new Set(demo.accounts.map((account) => account.email));

  return async function register(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.post(
      '/login',
      {
        schema: {
          tags: ['auth'],
          summary: 'Sign in with email and password',
          description:
            'Sets the HttpOnly `matome_refresh` cookie (the session) and `matome_device` (this browser signed in before). 429 `RATE_LIMITED` with Retry-After while the account, device or address must wait.',
          body: loginBodySchema,
          response: { 200: authResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const { email } = request.body;
        await limits.loginFailuresPerAddress.consume(request.ip);
        // A browser that signed in to this account before has its own budget, so other people's guesses at the
        // password never lock the owner out of their usual device.
        const throttleKey = demoEmails.has(email)
          ? null
          : cookies.isKnownDevice(request, email)
            ? `device:${cookies.deviceIdOf(request)}:${email}`
            : accountThrottleKey(email);
        try {
          if (throttleKey) await throttle.begin(throttleKey);
        } catch (error) {
          await limits.loginFailuresPerAddress.refund(request.ip);
          logSecurityEvent(request, { event: 'sign_in_locked' });
          throw error;
        }
        const user = await service.checkCredentials(request.body).catch((error: unknown) => {
          if (error instanceof HttpError && error.statusCode === 401) {
            logSecurityEvent(request, { event: 'sign_in_failed' });
          }
          throw error;
        });
        await limits.loginFailuresPerAddress.refund(request.ip);
        if (throttleKey) await throttle.forget(throttleKey);
        const signedIn = await service.signIn(user.id, clientOf(request));
        logSecurityEvent(request, { event: 'signed_in', userId: user.id });
        cookies.rememberDevice(request, reply, email);
        return { user: toUserDto(user), tokens: cookies.sendSignedIn(reply, signedIn) };
      },
    );

    routes.post(
      '/refresh',
      {
        onRequest: requireSameSiteScript,
        schema: {
          tags: ['auth'],
          summary: 'A new access token for the session of the refresh cookie (the refresh token rotates)',
          description: `${cookieNote} A refresh token used again more than 30 seconds after its rotation ends its session (401 \`REFRESH_TOKEN_REUSED\`); sooner, it is answered with another token of the session.`,
          response: { 200: refreshResponseSchema, ...errorResponses, 403: apiErrorSchema },
        },
      },
      async (request, reply) => {
        await limits.refreshPerAddress.consume(request.ip);
        const refreshToken = cookies.readRefresh(request);
        try {
          if (!refreshToken) {
            throw new HttpError(401, 'Refresh token is invalid or expired', 'INVALID_REFRESH_TOKEN');
          }
          const signedIn = await service.refresh(refreshToken);
          // The page starting up would ask /auth/me next; it gets the user here, one round trip sooner.
          const user = await service.getUser(signedIn.userId);
          return { tokens: cookies.sendSignedIn(reply, signedIn), user };
        } catch (error) {
          if (error instanceof HttpError && error.code === 'REFRESH_TOKEN_REUSED') {
            logSecurityEvent(request, { event: 'refresh_token_reused' });
          }
          if (error instanceof HttpError && error.statusCode === 401) cookies.clearRefresh(reply);
          throw error;
        }
      },
    );

    routes.post(
      '/logout',
      {
        onRequest: requireSameSiteScript,
        schema: {
          tags: ['auth'],
          summary: 'End the session of the refresh cookie and clear the cookie',
          description: cookieNote,
          response: { 204: z.undefined(), 403: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const refreshToken = cookies.readRefresh(request);
        if (refreshToken) await service.signOut(refreshToken);
        cookies.clearRefresh(reply);
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
