import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  billingConfigSchema,
  billingMessages,
  cancelSubscriptionSchema,
  planChoiceSchema,
  plansResponseSchema,
  redirectUrlResponseSchema,
  subscriptionChangeResponseSchema,
  subscriptionResponseSchema,
} from '../../../contract/billing.ts';
import { apiErrorSchema } from '../../../contract/errors.ts';
import { HttpError } from '../../lib/http-error.ts';
import { bearerSecurity, requireSubject } from '../../plugins/authentication.ts';
import type { BillingService } from './billing.service.ts';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
  502: apiErrorSchema,
  503: apiErrorSchema,
};

/** `/api/stripe/*`: plans, checkout, plan changes, cancel and reactivate, the portal, and Stripe's webhook. */
export function billingRoutes(service: BillingService) {
  return async function register(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    /** SPEC §7: the billing calls report a missing or expired sign-in as 'User not authenticated'. */
    async function signedIn(request: FastifyRequest): Promise<void> {
      try {
        await app.authenticate(request);
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 401) {
          throw new HttpError(401, billingMessages.unauthenticated, error.code);
        }
        throw error;
      }
    }
    // The write budget is spent after validation: a request refused for its input costs nothing.
    const writing = { onRequest: signedIn, preHandler: app.limitWrites };

    routes.get(
      '/plans',
      {
        schema: {
          tags: ['billing'],
          summary: 'The paid plans, prices in dollars',
          response: { 200: plansResponseSchema },
        },
      },
      async () => ({ plans: service.plans() }),
    );

    routes.get(
      '/config',
      {
        schema: {
          tags: ['billing'],
          summary: 'The Stripe publishable key, whether paying is on, and whether the beta is free',
          response: { 200: billingConfigSchema },
        },
      },
      async () => service.config(),
    );

    routes.get(
      '/subscription',
      {
        onRequest: signedIn,
        schema: {
          tags: ['billing'],
          summary: 'The subscription in force, else the last one, else null',
          security: bearerSecurity,
          response: { 200: subscriptionResponseSchema, 401: apiErrorSchema },
        },
      },
      async (request) => ({ subscription: await service.subscription(requireSubject(request).userId) }),
    );

    routes.post(
      '/create-checkout-session',
      {
        ...writing,
        schema: {
          tags: ['billing'],
          summary: 'Starts Stripe Checkout for a paid plan; answers the hosted page to send the browser to',
          description: 'Someone with a subscription in force changes plan instead (409 ALREADY_SUBSCRIBED).',
          security: bearerSecurity,
          body: planChoiceSchema,
          response: { 200: redirectUrlResponseSchema, ...errors },
        },
      },
      async (request) => ({
        url: await service.checkout(requireSubject(request).userId, request.body.planName),
      }),
    );

    routes.post(
      '/change-subscription-plan',
      {
        ...writing,
        schema: {
          tags: ['billing'],
          summary: 'Moves the active subscription to another paid plan, prorated',
          security: bearerSecurity,
          body: planChoiceSchema,
          response: { 200: subscriptionChangeResponseSchema, ...errors },
        },
      },
      async (request) => {
        const subscription = await service.changePlan(requireSubject(request).userId, request.body.planName);
        return { success: true as const, message: 'Plan changed', subscription };
      },
    );

    routes.post(
      '/cancel-subscription',
      {
        ...writing,
        schema: {
          tags: ['billing'],
          summary: 'Cancels at the end of the period, or at once with immediate: true',
          security: bearerSecurity,
          body: z.nullish(cancelSubscriptionSchema),
          response: { 200: subscriptionChangeResponseSchema, ...errors },
        },
      },
      async (request) => {
        const immediate = request.body?.immediate ?? false;
        const subscription = await service.cancel(requireSubject(request).userId, immediate);
        return {
          success: true as const,
          message: immediate ? 'Subscription canceled' : 'Subscription will end at the end of the period',
          subscription,
        };
      },
    );

    routes.post(
      '/reactivate-subscription',
      {
        ...writing,
        schema: {
          tags: ['billing'],
          summary: 'Keeps a subscription that was set to end at the end of its period',
          security: bearerSecurity,
          response: { 200: subscriptionChangeResponseSchema, ...errors },
        },
      },
      async (request) => {
        const subscription = await service.reactivate(requireSubject(request).userId);
        return { success: true as const, message: 'Subscription reactivated', subscription };
      },
    );

    routes.post(
      '/create-portal-session',
      {
        ...writing,
        schema: {
          tags: ['billing'],
          summary: "Opens Stripe's Billing Portal for the user's customer",
          security: bearerSecurity,
          response: { 200: redirectUrlResponseSchema, ...errors },
        },
      },
      async (request) => ({ url: await service.portal(requireSubject(request).userId) }),
    );

    // Stripe signs the exact bytes it sent: this route alone reads its JSON body as a Buffer.
    await app.register(async (webhook) => {
      webhook.removeContentTypeParser('application/json');
      webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
        done(null, body),
      );
      webhook.withTypeProvider<ZodTypeProvider>().post(
        '/webhook',
        {
          schema: {
            tags: ['billing'],
            summary: "Stripe's events, signature checked on the raw body; each event id is handled once",
            response: {
              200: z.object({ received: z.literal(true), duplicate: z.boolean() }),
              400: apiErrorSchema,
              503: apiErrorSchema,
            },
          },
        },
        async (request) => {
          const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          const signature = request.headers['stripe-signature'];
          const event = service.verifyEvent(body, typeof signature === 'string' ? signature : undefined);
          try {
            const handled = await service.handleEvent(event);
            return { received: true as const, duplicate: !handled };
          } catch (error) {
            if (error instanceof HttpError) throw error;
            request.log.warn(
              { event: event.id, type: event.type, err: error },
              'a Stripe event could not be handled yet',
            );
            // Not recorded: Stripe delivers it again later.
            throw new HttpError(503, billingMessages.unavailable, 'PAYMENT_PROVIDER_UNAVAILABLE');
          }
        },
      );
    });
  };
}
