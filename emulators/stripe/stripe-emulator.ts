/**
 * A local stand-in for the Stripe API calls Matome makes through the official `stripe` SDK (pointed here with its
 * `host`, `port` and `protocol` options): products and prices, customers, Checkout Sessions in subscription mode
 * with a hosted page of its own, subscriptions (retrieve, list, create, change price with proration,
 * `cancel_at_period_end`, immediate cancel), invoices, events and Billing Portal sessions with a portal page.
 * Every change emits the event Stripe would emit, delivered to the webhook endpoint signed as Stripe signs
 * (`Stripe-Signature: t=…,v1=…`) and retried on any answer but 2xx. `/_control/advance` plays the part of Stripe's
 * test clocks: renewals, trial ends, ends at period end and declined renewals (past_due, then unpaid) fall due.
 * Its objects are held to Stripe's own example objects by `stripe-emulator-contract.test.ts`.
 *
 * What it knowingly does not model, and what real Stripe does there:
 * - payment methods, PaymentIntents, SetupIntents, 3-D Secure and Smart Retries: a customer's card either pays
 *   or is declined (`/_control/customers/{id}/card`); a declined renewal is not retried by itself;
 * - subscriptions with more than one item, quantities, coupons, taxes, schedules, pausing and test clocks as objects;
 * - Checkout in payment or setup mode, embedded Checkout, promotion codes and the 24-hour expiry's event
 *   (sessions simply stop opening);
 * - the portal's configuration objects (one fixed configuration: switch price, cancel at period end, renew);
 * - idempotency keys (accepted, not replayed), API versions other than the SDK's (`Stripe-Version` is ignored),
 *   pagination cursors, search, and the rate limit of 25 requests per second in test mode;
 * - webhook retries over three days: here after each of `webhookRetryDelaysMs`.
 */
import type { FastifyInstance } from 'fastify';
import {
  startEmulator,
  type EmulatorDefinition,
  type RunningEmulator,
  type StartOptions,
} from '../core/emulator-server.ts';
import { stripeApiRoutes } from './stripe-api.ts';
import { stripeControlRoutes } from './stripe-control.ts';
import { stripeError } from './stripe-objects.ts';
import { stripePageRoutes } from './stripe-pages.ts';
import { defaultStripeSeed, stripeSeedSchema, type StripeSeed } from './stripe-seed.ts';
import { StripeStore } from './stripe-store.ts';

const stripeEmulator: EmulatorDefinition<StripeSeed, StripeStore> = {
  name: 'Stripe',
  seedSchema: stripeSeedSchema,
  createState: (seed) => new StripeStore(seed),
  errorBody: (status, message) =>
    stripeError(
      status >= 500 ? 'api_error' : 'invalid_request_error',
      status === 429 ? 'Too many requests' : message,
    ),
  routes(app: FastifyInstance, context) {
    stripeApiRoutes(app, context);
    stripePageRoutes(app, context);
    stripeControlRoutes(app, context);
  },
};

export function startStripeEmulator(options: StartOptions<StripeSeed> = {}): Promise<RunningEmulator> {
  return startEmulator(stripeEmulator, options.seed ?? defaultStripeSeed(), options);
}
