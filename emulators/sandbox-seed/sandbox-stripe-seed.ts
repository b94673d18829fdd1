import { defaultStripeSeed, type StripeSeed } from '../stripe/stripe-seed.ts';

const webhookSecret = 'whsec_sandbox_matome';

/** Matome's two plans, delivering webhooks to the app at `appUrl` when given. */
export function sandboxStripeSeed(appUrl?: string): StripeSeed {
  return defaultStripeSeed({
    secretKey: 'sk_test_sandbox_matome',
    publishableKey: 'pk_test_sandbox_matome',
    webhook: appUrl ? { url: `${appUrl}/api/stripe/webhook`, secret: webhookSecret } : null,
  });
}

/** The app's settings that point its `stripe` SDK at the emulator at `url`, with the sandbox keys and prices. */
export function stripeAppEnv(url: string): Record<string, string> {
  const { hostname, port, protocol } = new URL(url);
  const seed = sandboxStripeSeed();
  return {
    STRIPE_SECRET_KEY: seed.secretKey,
    STRIPE_PUBLISHABLE_KEY: seed.publishableKey,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_HOST: hostname,
    STRIPE_API_PORT: port,
    STRIPE_API_PROTOCOL: protocol.replace(':', ''),
    STRIPE_PRICE_PRO: 'price_matome_pro_monthly',
    STRIPE_PRICE_PROPLUS: 'price_matome_proplus_monthly',
  };
}
