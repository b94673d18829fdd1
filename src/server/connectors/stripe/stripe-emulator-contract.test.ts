import Stripe from 'stripe';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startStripeEmulator } from '../../../../emulators/stripe/stripe-emulator.ts';
import { control, emulatorRequests } from '../../test/emulator-helpers.ts';
import { loadStripeExamples } from '../../test/stripe-examples.ts';

/**
 * The Stripe emulator held to Stripe's own example objects (shared/apis/stripe/fixtures3.json, read at test time):
 * every call Matome makes, errors included, is made through the `stripe` SDK, and every object the emulator
 * answered with or sent as an event is checked field by field against its resource's example.
 */
const examples = loadStripeExamples();

let emulator: { url: string; close(): Promise<void> };
let stripe: Stripe;
beforeAll(async () => {
  emulator = await startStripeEmulator();
  const url = new URL(emulator.url);
  stripe = new Stripe('sk_test_emulator', { host: url.hostname, port: Number(url.port), protocol: 'http' });
});
afterAll(async () => emulator?.close());

async function pay(url: string) {
  await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: 'aiko@example.com', card: '4242424242424242' }),
    redirect: 'manual',
  });
}

async function useEveryCall() {
  await stripe.prices.list({ lookup_keys: ['pro_monthly'] });
  await stripe.products.retrieve('prod_matome_pro');
  const customer = await stripe.customers.create({ email: 'aiko@example.com', metadata: { userId: 'u1' } });
  await stripe.customers.retrieve(customer.id);
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    client_reference_id: 'u1',
    line_items: [{ price: 'price_matome_pro_monthly', quantity: 1 }],
    success_url: 'http://app.test/subscription/success?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://app.test/subscription/cancel',
  });
  await pay(session.url!);
  const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
  const subscription = done.subscription as Stripe.Subscription;
  const item = subscription.items.data[0]!;
  await stripe.subscriptions.update(subscription.id, {
    items: [{ id: item.id, price: 'price_matome_proplus_monthly' }],
    proration_behavior: 'always_invoice',
  });
  await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
  await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false });
  await stripe.subscriptions.list({ customer: customer.id, status: 'all' });
  const latest = await stripe.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice'] });
  await stripe.invoices.retrieve(String((latest.latest_invoice as Stripe.Invoice).id));
  await stripe.billingPortal.sessions.create({
    customer: customer.id,
    return_url: 'http://app.test/account',
  });
  await control(emulator.url, `customers/${customer.id}/card`, { declines: true });
  await control(emulator.url, 'advance', { days: 32 });
  await stripe.subscriptions.cancel(subscription.id);
  const trial = await stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: 'price_matome_pro_monthly' }],
    trial_period_days: 7,
  });
  await stripe.subscriptions.retrieve(trial.id);
  await stripe.customers.del(customer.id);
  const expiring = await stripe.checkout.sessions.create({
    mode: 'subscription',
    line_items: [{ price: 'price_matome_pro_monthly', quantity: 1 }],
    success_url: 'http://app.test/ok',
  });
  await stripe.checkout.sessions.expire(expiring.id);

  await expect(stripe.subscriptions.retrieve('sub_missing')).rejects.toThrow();
  await expect(
    stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true }),
  ).rejects.toThrow();
  await expect(
    stripe.customers.create({ email: 'x@example.com' }, { apiKey: 'sk_test_wrong' }),
  ).rejects.toThrow();
}

it.skipIf(!examples)("answers and events match Stripe's example objects", async () => {
  await useEveryCall();
  const requests = (await emulatorRequests(emulator.url)).filter((request) =>
    request.path.startsWith('/v1/'),
  );
  expect(requests.length).toBeGreaterThan(15);
  expect(new Set(requests.map((request) => request.status))).toEqual(new Set([200, 400, 401, 404]));
  const problems = requests.flatMap((request) =>
    examples!.check(request.response.body).map((problem) => `${request.method} ${request.path}: ${problem}`),
  );
  const events = ((await (await fetch(`${emulator.url}/_control/events`)).json()) as { events: unknown[] })
    .events;
  expect(new Set(events.map((event) => (event as { type: string }).type))).toEqual(
    new Set([
      'customer.created',
      'customer.subscription.created',
      'invoice.paid',
      'checkout.session.completed',
      'customer.subscription.updated',
      'invoice.payment_failed',
      'customer.subscription.deleted',
      'customer.deleted',
      'checkout.session.expired',
    ]),
  );
  problems.push(...events.flatMap((event) => examples!.check(event).map((problem) => `event: ${problem}`)));
  expect(problems).toEqual([]);
});

it.skipIf(!examples)('a field Stripe does not have fails the check', () => {
  const problems = examples!.check({ ...stripeLikeCustomer(), plan_type: 'pro' });
  expect(problems).toEqual(["customer.plan_type is not in Stripe's example customer"]);
  expect(examples!.check({ ...stripeLikeCustomer(), balance: '0' })).toEqual([
    "customer.balance is string, Stripe's example has number",
  ]);
  const { tax_exempt: _missing, ...withoutField } = stripeLikeCustomer();
  expect(examples!.check(withoutField)).toEqual(['customer.tax_exempt is missing']);
});

function stripeLikeCustomer() {
  return {
    address: null,
    balance: 0,
    created: 1,
    currency: 'usd',
    default_source: null,
    delinquent: false,
    description: null,
    discount: null,
    email: null,
    id: 'cus_1',
    invoice_prefix: 'A',
    invoice_settings: null,
    livemode: false,
    metadata: {},
    name: null,
    next_invoice_sequence: 1,
    object: 'customer',
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
}
