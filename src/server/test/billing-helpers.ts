import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { startStripeEmulator } from '../../../emulators/stripe/stripe-emulator.ts';
import { defaultStripeSeed } from '../../../emulators/stripe/stripe-seed.ts';
import { bearer } from './auth-helpers.ts';
import { control } from './emulator-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

export const WEBHOOK_SECRET = 'whsec_billing_tests';

export type BillingTestApp = TestApp & {
  stripeUrl: string;
  /** The SDK on the emulator, as the app's own. */
  stripe: Stripe;
  /** Waits until every webhook under way has been answered by the app. */
  webhooksSettled: () => Promise<void>;
};

/**
 * An app listening on a port of its own with a Stripe emulator beside it that delivers its webhooks there, so
 * checkout, plan changes and events travel over real HTTP both ways.
 */
export async function createBillingTestApp(overrides: Record<string, string> = {}): Promise<BillingTestApp> {
  const emulator = await startStripeEmulator({
    seed: defaultStripeSeed({ webhookRetryDelaysMs: [50, 100] }),
  });
  const { hostname, port } = new URL(emulator.url);
  const testApp = await createTestApp({
    STRIPE_SECRET_KEY: 'sk_test_emulator',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_emulator',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_PRO: 'price_matome_pro_monthly',
    STRIPE_PRICE_PROPLUS: 'price_matome_proplus_monthly',
    STRIPE_API_HOST: hostname,
    STRIPE_API_PORT: port,
    STRIPE_API_PROTOCOL: 'http',
    PROVIDER_TIMEOUT_MS: '2000',
    // Configured so the connect route reaches its plan-limit check; no consent is ever followed here.
    CHATWORK_CLIENT_ID: 'billing-tests-chatwork',
    CHATWORK_CLIENT_SECRET: 'billing-tests-chatwork-secret',
    ...overrides,
  });
  const appUrl = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  await control(emulator.url, 'webhook-endpoint', {
    url: `${appUrl}/api/stripe/webhook`,
    secret: WEBHOOK_SECRET,
  });
  return {
    ...testApp,
    stripeUrl: emulator.url,
    stripe: new Stripe('sk_test_emulator', { host: hostname, port: Number(port), protocol: 'http' }),
    webhooksSettled: async () => {
      await fetch(`${emulator.url}/_control/webhooks`);
    },
    close: async () => {
      await testApp.close();
      await emulator.close();
    },
  };
}

/** Pays on the emulator's hosted Checkout page as a browser would; answers where it sends the browser. */
export async function payOnCheckoutPage(url: string, card = '4242424242424242'): Promise<string | null> {
  const answer = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: 'payer@example.com', card }),
    redirect: 'manual',
  });
  return answer.headers.get('location');
}

/** Subscribes the user to a plan through Checkout, with every webhook delivered and handled. */
export async function subscribe(billing: BillingTestApp, accessToken: string, planName: 'pro' | 'proplus') {
  const started = await billing.app.inject({
    method: 'POST',
    url: '/api/stripe/create-checkout-session',
    headers: bearer(accessToken),
    payload: { planName },
  });
  if (started.statusCode !== 200) throw new Error(`checkout failed: ${started.statusCode} ${started.body}`);
  const location = await payOnCheckoutPage(started.json().url);
  await billing.webhooksSettled();
  return location;
}

export async function getJson(app: FastifyInstance, url: string, accessToken: string) {
  const response = await app.inject({ method: 'GET', url, headers: bearer(accessToken) });
  return { status: response.statusCode, body: response.json() };
}
