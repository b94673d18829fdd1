import type Stripe from 'stripe';
import type { PaidPlanName } from '../../../contract/billing.ts';
import type { Settings } from '../../config.ts';

export type StripeBilling = {
  stripe: Stripe;
  publishableKey: string | null;
  webhookSecret: string;
  priceIds: Record<PaidPlanName, string>;
  /** Whether a failed call asked for something Stripe does not have (a 404 of an invalid request). */
  isNotFound: (error: unknown) => boolean;
};

/**
 * The `stripe` SDK from the settings, or undefined when billing is not configured. The SDK keeps the API version
 * it pins (its types describe that version) and its calls go to `STRIPE_API_HOST` (the emulator in the sandbox).
 * The SDK is some 200 modules, so it is loaded only when billing is configured (decision 164).
 */
export async function createStripeBilling(settings: Settings): Promise<StripeBilling | undefined> {
  const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_PRO, STRIPE_PRICE_PROPLUS } = settings;
  if (!STRIPE_SECRET_KEY || !STRIPE_WEBHOOK_SECRET || !STRIPE_PRICE_PRO || !STRIPE_PRICE_PROPLUS)
    return undefined;
  const { default: Stripe } = await import('stripe');
  const stripe = new Stripe(STRIPE_SECRET_KEY, {
    host: settings.STRIPE_API_HOST,
    port: settings.STRIPE_API_PORT,
    protocol: settings.STRIPE_API_PROTOCOL,
    timeout: settings.PROVIDER_TIMEOUT_MS,
    maxNetworkRetries: 1,
    appInfo: { name: 'Matome' },
  });
  return {
    stripe,
    publishableKey: settings.STRIPE_PUBLISHABLE_KEY ?? null,
    webhookSecret: STRIPE_WEBHOOK_SECRET,
    priceIds: { pro: STRIPE_PRICE_PRO, proplus: STRIPE_PRICE_PROPLUS },
    isNotFound: (error) =>
      error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404,
  };
}
