import type Stripe from 'stripe';
import type { PaidPlanName } from '../../../contract/billing.ts';
import type { Settings } from '../../config.ts';

export type StripeBilling = {
  stripe: Stripe;
  publishableKey: string | null;
  webhookSecret: string;
  priceIds: Record<PaidPlanName, string>;
};

/**
 * The `stripe` SDK from the settings, or undefined when billing is not configured. The SDK keeps the API version
 * it pins (its types describe that version) and its calls go to `STRIPE_API_HOST` (the emulator in the sandbox).
 * The SDK (some 200 modules) loads only when billing is configured.
 */
export async function createStripeBilling(settings: Settings): Promise<StripeBilling | undefined> {
  const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_PRO, STRIPE_PRICE_PROPLUS } = settings;
  if (!STRIPE_SECRET_KEY || !STRIPE_WEBHOOK_SECRET || !STRIPE_PRICE_PRO || !STRIPE_PRICE_PROPLUS)
    return undefined;
  const { default: StripeSdk } = await import('stripe');
  const stripe = new StripeSdk(STRIPE_SECRET_KEY, {
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
  };
}
