import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changeEmailBodySchema,
  changePasswordBodySchema,
  passwordResetBodySchema,
  passwordResetRequestBodySchema,
  resendVerificationBodySchema,
  verifyEmailBodySchema,
  verifyEmailResponseSchema,
} from '../../../contract/account-security.ts';
import { acceptedResponseSchema, registerBodySchema } from '../../../contract/auth.ts';
import { apiErrorSchema } from '../../../contract/errors.ts';
import { clientOf } from '../../lib/client-info.ts';
import { createRateLimit } from '../../lib/rate-limit.ts';
import { memoryLimiters, type Limiters } from '../../lib/limiters.ts';
import { bearerSecurity, requireSubject } from '../../plugins/authentication.ts';
import type { AuthCookies } from '../auth/auth-cookies.ts';
import {
  EMAIL_CHANGE_REQUESTED,
  REGISTRATION_ACCEPTED,
  RESET_REQUESTED,
  VERIFICATION_SENT,
  type AccountSecurityService,
} from './account-security.service.ts';

const MINUTE = 60;

/**
 * Budgets for the routes that send mail or check a password (decision 066). Sign-ups per address per hour come
 * from the REGISTRATIONS_PER_HOUR setting (10 by default).
 */
export const accountSecurityRateLimits = {
  registerPerEmail: { points: 5, durationSeconds: 60 * MINUTE },
  resetRequestPerAddress: { points: 10, durationSeconds: 60 * MINUTE },
  resetRequestPerEmail: { points: 5, durationSeconds: 60 * MINUTE },
  mailPerUser: { points: 5, durationSeconds: 60 * MINUTE },
  linksPerAddress: { points: 60, durationSeconds: 15 * MINUTE },
};

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema };

export function accountSecurityRoutes(deps: {
  service: AccountSecurityService;
  cookies: AuthCookies;
  registrationsPerHour: number;
  limiters?: Limiters;
}) {
  const { service, cookies } = deps;
  const limiters = deps.limiters ?? memoryLimiters;
  const limits = {
    ...(Object.fromEntries(
      Object.entries(accountSecurityRateLimits).map(([name, rule]) => [
        name,
        createRateLimit(rule, { limiters, name }),
      ]),
    ) as Record<keyof typeof accountSecurityRateLimits, ReturnType<typeof createRateLimit>>),
    registerPerAddress: createRateLimit(
      { points: deps.registrationsPerHour, durationSeconds: 60 * MINUTE },
      { limiters, name: 'register-per-address' },
    ),
  };

  return async function register(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.post(
      '/register',
      {
        schema: {
          tags: ['account'],
          summary: 'Sign up: sends a link that confirms the address and creates the account',
          description:
            'Answers 202 the same whether or not the address already has an account; its owner then gets an e-mail instead. 400 `PASSWORD_TOO_COMMON` for a common or breached password.',
          body: registerBodySchema,
          response: { 202: acceptedResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        await limits.registerPerAddress.consume(request.ip);
        await limits.registerPerEmail.consume(request.body.email);
        await service.register(request.body);
        return reply.code(202).send({ message: REGISTRATION_ACCEPTED });
      },
    );

    routes.post(
      '/verify-email',
      {
        schema: {
          tags: ['account'],
          summary: 'Follow a confirmation link: finishes a sign-up (signed in at once) or an address change',
          description:
            'A sign-up sets the `matome_refresh` and `matome_device` cookies and answers the access token. 400 `INVALID_LINK` for an unknown, used or expired link.',
          body: verifyEmailBodySchema,
          response: { 200: verifyEmailResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        await limits.linksPerAddress.consume(request.ip);
        const { response, signedIn } = await service.verifyEmail(request.body.token, clientOf(request));
        if (signedIn) {
          cookies.sendSignedIn(reply, signedIn);
          cookies.rememberDevice(request, reply, response.user.email);
        }
        return response;
      },
    );

    routes.post(
      '/verify-email/resend',
      {
        onRequest: app.authenticate,
        schema: {
          tags: ['account'],
          summary: 'Send a new confirmation link to the signed-in user’s unconfirmed address',
          description: '409 `ALREADY_VERIFIED` when the address is confirmed.',
          security: bearerSecurity,
          body: resendVerificationBodySchema,
          response: { 202: acceptedResponseSchema, ...errors, 409: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const { userId } = requireSubject(request);
        await limits.mailPerUser.consume(userId);
        await service.resendVerification(userId, request.body?.language);
        return reply.code(202).send({ message: VERIFICATION_SENT });
      },
    );

    routes.post(
      '/password-reset/request',
      {
        schema: {
          tags: ['account'],
          summary: 'Forgot password: e-mails a reset link when an account uses the address',
          description: 'Answers 202 the same whether or not an account uses the address.',
          body: passwordResetRequestBodySchema,
          response: { 202: acceptedResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        await limits.resetRequestPerAddress.consume(request.ip);
        await limits.resetRequestPerEmail.consume(request.body.email);
        await service.requestPasswordReset(request.body);
        return reply.code(202).send({ message: RESET_REQUESTED });
      },
    );

    routes.post(
      '/password-reset',
      {
        schema: {
          tags: ['account'],
          summary: 'Set a new password through a reset link; every session of the account ends',
          description:
            '400 `INVALID_LINK` for an unknown, used or expired link, `PASSWORD_TOO_COMMON` for a refused password.',
          body: passwordResetBodySchema,
          response: { 204: z.undefined(), ...errors },
        },
      },
      async (request, reply) => {
        await limits.linksPerAddress.consume(request.ip);
        await service.resetPassword(request.body);
        cookies.clearRefresh(reply);
        return reply.code(204).send();
      },
    );

    routes.post(
      '/password',
      {
        onRequest: app.authenticate,
        schema: {
          tags: ['account'],
          summary: 'Change the password, proving the current one; every other session ends',
          description:
            '403 `WRONG_PASSWORD` for a wrong current password, 403 `DEMO_RESTRICTED` for demo accounts. Attempts spend the account’s sign-in budget: 429 `RATE_LIMITED` with Retry-After while it must wait.',
          security: bearerSecurity,
          body: changePasswordBodySchema,
          response: { 204: z.undefined(), ...errors },
        },
      },
      async (request, reply) => {
        await service.changePassword(requireSubject(request), request.body);
        return reply.code(204).send();
      },
    );

    routes.post(
      '/email',
      {
        onRequest: app.authenticate,
        schema: {
          tags: ['account'],
          summary: 'Change the sign-in address: sends a confirmation link to the new one',
          description:
            'Nothing changes until the link is followed. Answers 202 the same whether or not the new address is taken. 403 `WRONG_PASSWORD`, 403 `DEMO_RESTRICTED`; password attempts spend the account’s sign-in budget (429 `RATE_LIMITED` with Retry-After).',
          security: bearerSecurity,
          body: changeEmailBodySchema,
          response: { 202: acceptedResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const subject = requireSubject(request);
        await limits.mailPerUser.consume(subject.userId);
        await service.changeEmail(subject, request.body);
        return reply.code(202).send({ message: EMAIL_CHANGE_REQUESTED });
      },
    );
  };
}
