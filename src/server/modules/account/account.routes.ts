import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountInfoResponseSchema,
  accountStatsResponseSchema,
  deleteAccountRequestSchema,
  deleteAccountResponseSchema,
  updateProfileRequestSchema,
  updateProfileResponseSchema,
} from '../../../contract/account.ts';
import { apiErrorSchema } from '../../../contract/errors.ts';
import { bearerSecurity, requireSubject } from '../../plugins/authentication.ts';
import { readOAuthBinding } from '../oauth-flows/oauth-binding-cookie.ts';
import type { AccountStatsService } from './account-stats.service.ts';
import type { AccountService } from './account.service.ts';

/** `/api/account/*`: the account page's profile, figures and deletion; all of them about the caller only. */
export function accountRoutes(deps: {
  service: AccountService;
  stats: AccountStatsService;
  clearRefreshCookie: (reply: FastifyReply) => void;
}) {
  return async function register(app: FastifyInstance): Promise<void> {
    const typed = app.withTypeProvider<ZodTypeProvider>();
    typed.get(
      '/me',
      {
        onRequest: app.authenticate,
        schema: {
          tags: ['account'],
          summary: 'The profile, the connection usage against the plan, and every connection',
          security: bearerSecurity,
          response: { 200: accountInfoResponseSchema, 401: apiErrorSchema, 404: apiErrorSchema },
        },
      },
      async (request) => ({
        success: true as const,
        message: 'Account information',
        data: await deps.service.info(requireSubject(request).userId),
      }),
    );

    typed.get(
      '/stats',
      {
        onRequest: app.authenticate,
        schema: {
          tags: ['account'],
          summary:
            'Totals of gathered, hidden and tags, and mentions gathered per platform over the last 14 days',
          security: bearerSecurity,
          response: { 200: accountStatsResponseSchema, 401: apiErrorSchema },
        },
      },
      async (request) => ({
        success: true as const,
        message: 'Account statistics',
        data: await deps.stats.stats(requireSubject(request).userId),
      }),
    );

    typed.put(
      '/profile',
      {
        onRequest: app.authenticate,
        preHandler: app.limitWrites,
        schema: {
          tags: ['account'],
          summary: 'Changes the display name (1–100 characters after trimming)',
          security: bearerSecurity,
          body: updateProfileRequestSchema,
          response: {
            200: updateProfileResponseSchema,
            400: apiErrorSchema,
            401: apiErrorSchema,
            403: apiErrorSchema,
            404: apiErrorSchema,
            429: apiErrorSchema,
          },
        },
      },
      async (request) => ({
        success: true as const,
        message: 'Your profile has been updated.',
        data: await deps.service.rename(requireSubject(request).userId, request.body.name),
      }),
    );

    typed.delete(
      '/delete',
      {
        onRequest: app.authenticate,
        preHandler: app.limitWrites,
        schema: {
          tags: ['account'],
          summary: 'Deletes the account and everything that was the user’s, in one transaction',
          description:
            'Refused with 409 ACTIVE_SUBSCRIPTION while a subscription is in force (before any password is checked). ' +
            'E-mail users confirm with their password (400 PASSWORD_REQUIRED, 403 WRONG_PASSWORD; attempts spend the ' +
            'sign-in budget, 429 RATE_LIMITED with Retry-After). Accounts without a password send the code of a ' +
            'Google or GitHub sign-in just made again in this browser (403 REAUTHENTICATION_REQUIRED without a ' +
            'valid one). Provider tokens are revoked where the provider allows it.',
          security: bearerSecurity,
          body: z.nullish(deleteAccountRequestSchema),
          response: {
            200: deleteAccountResponseSchema,
            400: apiErrorSchema,
            401: apiErrorSchema,
            403: apiErrorSchema,
            404: apiErrorSchema,
            409: apiErrorSchema,
            429: apiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        await deps.service.deleteAccount(
          requireSubject(request).userId,
          request.body ?? {},
          readOAuthBinding(request),
        );
        deps.clearRefreshCookie(reply);
        return { success: true as const, message: 'Your account has been deleted.', data: null };
      },
    );
  };
}
