import { createServer, type Server } from 'node:http';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { controlEmulator } from '../core/control-client.ts';
import type { RunningEmulator } from '../core/emulator-server.ts';
import { startStripeEmulator } from './stripe-emulator.ts';
import { defaultStripeSeed } from './stripe-seed.ts';

const secret = 'whsec_emulator_test';
const pro = 'price_matome_pro_monthly';
const proPlus = 'price_matome_proplus_monthly';

/** A webhook endpoint that checks every signature with the SDK and answers with the next queued status. */
let receiver: Server;
let received: Stripe.Event[] = [];
let statuses: number[] = [];
let emulator: RunningEmulator;
let stripe: Stripe;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const status = statuses.shift() ?? 200;
      try {
        const event = stripe.webhooks.constructEvent(
          Buffer.concat(chunks),
          String(request.headers['stripe-signature']),
          secret,
        );
        if (status === 200) received.push(event);
        response.writeHead(status).end();
      } catch {
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const address = receiver.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  emulator = await startStripeEmulator({
    seed: defaultStripeSeed({
      webhook: { url: `http://127.0.0.1:${port}/hook`, secret },
      webhookRetryDelaysMs: [20, 20],
    }),
  });
  const url = new URL(emulator.url);
  stripe = new Stripe('sk_test_emulator', {
    host: url.hostname,
    port: Number(url.port),
    protocol: 'http',
    maxNetworkRetries: 0,
  });
});
afterAll(async () => {
  await emulator.close();
  await new Promise((resolve) => receiver.close(resolve));
});
beforeEach(async () => {
  await controlEmulator(emulator.url, '/_control/reset');
  received = [];
  statuses = [];
});

async function deliveries() {
  const response = await fetch(`${emulator.url}/_control/webhooks`);
  return (
    (await response.json()) as {
      deliveries: { type: string; attempts: { status: number }[]; delivered: boolean }[];
    }
  ).deliveries;
}

/** Opens the hosted Checkout page and pays (or tries to) as a browser would; returns the redirect or status. */
async function pay(session: Stripe.Checkout.Session, card = '4242424242424242') {
  const page = await fetch(session.url!);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('$4.00 / month');
  const answer = await fetch(session.url!, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: 'aiko@example.com', card }),
    redirect: 'manual',
  });
  return { status: answer.status, location: answer.headers.get('location'), text: await answer.text() };
}

async function subscribe(price = pro) {
  const customer = await stripe.customers.create({ email: 'aiko@example.com', metadata: { userId: 'u1' } });
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    client_reference_id: 'u1',
    line_items: [{ price, quantity: 1 }],
    success_url: 'http://app.test/subscription/success?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://app.test/subscription/cancel',
  });
  await pay(session);
  const done = await stripe.checkout.sessions.retrieve(session.id);
  return {
    customer,
    session: done,
    subscription: await stripe.subscriptions.retrieve(String(done.subscription)),
  };
}

async function advance(days: number) {
  await controlEmulator(emulator.url, '/_control/advance', { days });
}

describe('Stripe emulator, driven by the stripe SDK', () => {
  it('lists the seeded prices by lookup key', async () => {
    const prices = await stripe.prices.list({ lookup_keys: ['pro_monthly', 'proplus_monthly'] });
    expect(prices.data.map((price) => [price.lookup_key, price.unit_amount])).toEqual([
      ['pro_monthly', 400],
      ['proplus_monthly', 999],
    ]);
  });

  it('refuses a wrong key and unknown objects as Stripe does', async () => {
    const url = new URL(emulator.url);
    const wrong = new Stripe('sk_test_wrong', {
      host: url.hostname,
      port: Number(url.port),
      protocol: 'http',
    });
    await expect(wrong.customers.list()).rejects.toMatchObject({
      type: 'StripeAuthenticationError',
      statusCode: 401,
    });
    await expect(stripe.subscriptions.retrieve('sub_missing')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      code: 'resource_missing',
    });
    await expect(
      stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: 'price_nope', quantity: 1 }],
        success_url: 'http://app.test/ok',
      }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'line_items[0][price]' });
  });

  it('pays on the hosted Checkout page, fills in {CHECKOUT_SESSION_ID} and sends signed events', async () => {
    const customer = await stripe.customers.create({ email: 'aiko@example.com' });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      client_reference_id: 'user-1',
      line_items: [{ price: pro, quantity: 1 }],
      success_url: 'http://app.test/subscription/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://app.test/subscription/cancel',
    });
    expect(session).toMatchObject({ status: 'open', mode: 'subscription', subscription: null });
    const declined = await pay(session, '4000000000000002');
    expect(declined.status).toBe(402);
    expect(declined.text).toContain('Your card was declined.');
    const paid = await pay(session);
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(`http://app.test/subscription/success?session_id=${session.id}`);

    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
    expect(done).toMatchObject({ status: 'complete', payment_status: 'paid', client_reference_id: 'user-1' });
    const subscription = done.subscription as Stripe.Subscription;
    expect(subscription.status).toBe('active');
    const item = subscription.items.data[0]!;
    expect(item.price.id).toBe(pro);
    expect(item.current_period_end - item.current_period_start).toBeGreaterThanOrEqual(28 * 86_400);

    await deliveries();
    expect(received.map((event) => event.type)).toEqual([
      'customer.created',
      'customer.subscription.created',
      'invoice.paid',
      'checkout.session.completed',
    ]);
    const invoice = received.find((event) => event.type === 'invoice.paid')!.data.object as Stripe.Invoice;
    expect(invoice.parent?.subscription_details?.subscription).toBe(subscription.id);
    expect((await fetch(session.url!)).status).toBe(404);
  });

  it('changes the price with prorations billed at the next renewal, or at once with always_invoice', async () => {
    const { subscription } = await subscribe();
    const item = subscription.items.data[0]!;
    const changed = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, price: proPlus }],
      proration_behavior: 'create_prorations',
    });
    expect(changed.items.data).toHaveLength(1);
    expect(changed.items.data[0]!.price.id).toBe(proPlus);
    expect(changed.items.data[0]!.current_period_end).toBe(item.current_period_end);

    const back = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, price: pro }],
      proration_behavior: 'always_invoice',
    });
    const invoice = await stripe.invoices.retrieve(String(back.latest_invoice));
    expect(invoice.billing_reason).toBe('subscription_update');
    expect(invoice.lines.data.every((line) => line.parent?.subscription_item_details?.proration)).toBe(true);

    await expect(
      stripe.subscriptions.update(subscription.id, { items: [{ price: proPlus }] }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'items[0][id]' });
  });

  it('cancels at period end, reactivates, and ends the subscription when the period is over', async () => {
    const { subscription } = await subscribe();
    const ending = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    expect(ending).toMatchObject({ status: 'active', cancel_at_period_end: true });
    expect(ending.cancel_at).toBe(ending.items.data[0]!.current_period_end);
    const kept = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false });
    expect(kept).toMatchObject({ cancel_at_period_end: false, cancel_at: null, canceled_at: null });

    await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    await advance(32);
    const ended = await stripe.subscriptions.retrieve(subscription.id);
    expect(ended.status).toBe('canceled');
    expect(received.at(-1)?.type).toBe('customer.subscription.deleted');
    await expect(
      stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false }),
    ).rejects.toMatchObject({ statusCode: 400 });
  });

  it('cancels at once', async () => {
    const { subscription } = await subscribe();
    const canceled = await stripe.subscriptions.cancel(subscription.id);
    expect(canceled.status).toBe('canceled');
    expect(canceled.ended_at).not.toBeNull();
    const listed = await stripe.subscriptions.list({ customer: subscription.customer as string });
    expect(listed.data).toEqual([]);
  });

  it('renews each month, and a declined card makes it past_due, then unpaid, then active once paid', async () => {
    const { customer, subscription } = await subscribe();
    const firstEnd = subscription.items.data[0]!.current_period_end;
    await advance(32);
    const renewed = await stripe.subscriptions.retrieve(subscription.id);
    expect(renewed.status).toBe('active');
    expect(renewed.items.data[0]!.current_period_start).toBe(firstEnd);

    await controlEmulator(emulator.url, `/_control/customers/${customer.id}/card`, { declines: true });
    await advance(31);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('past_due');
    expect(received.map((event) => event.type)).toContain('invoice.payment_failed');
    await advance(31);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('unpaid');

    await controlEmulator(emulator.url, `/_control/customers/${customer.id}/card`, { declines: false });
    await controlEmulator(emulator.url, `/_control/subscriptions/${subscription.id}/pay`);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
  });

  it('has trials, and incomplete subscriptions that expire after 23 hours', async () => {
    const customer = await stripe.customers.create({ email: 'ken@example.com' });
    const trial = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: pro }],
      trial_period_days: 7,
    });
    expect(trial.status).toBe('trialing');
    const incomplete = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: pro }],
      payment_behavior: 'default_incomplete',
    });
    expect(incomplete.status).toBe('incomplete');
    await advance(1);
    expect((await stripe.subscriptions.retrieve(incomplete.id)).status).toBe('incomplete_expired');
    await advance(7);
    expect((await stripe.subscriptions.retrieve(trial.id)).status).toBe('active');
  });

  it('opens a Billing Portal session whose page switches plan, cancels and renews', async () => {
    const { customer, subscription } = await subscribe();
    const portal = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'http://app.test/account',
    });
    expect(portal.url).toMatch(/\/p\/session\/bps_/);
    const page = await (await fetch(portal.url)).text();
    expect(page).toContain('Switch to Matome Pro Plus');
    const form = (body: Record<string, string>) =>
      fetch(`${portal.url}/subscriptions/${subscription.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(body),
        redirect: 'manual',
      });
    expect((await form({ price: proPlus })).status).toBe(303);
    expect((await stripe.subscriptions.retrieve(subscription.id)).items.data[0]!.price.id).toBe(proPlus);
    await form({ action: 'cancel' });
    expect((await stripe.subscriptions.retrieve(subscription.id)).cancel_at_period_end).toBe(true);
    expect(await (await fetch(portal.url)).text()).toContain('Renew plan');
    await form({ action: 'renew' });
    expect((await stripe.subscriptions.retrieve(subscription.id)).cancel_at_period_end).toBe(false);
  });

  it('retries a delivery the endpoint did not accept, with a fresh valid signature', async () => {
    statuses = [500, 503];
    await stripe.customers.create({ email: 'retry@example.com' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const [delivery] = await deliveries();
    expect(delivery).toMatchObject({ type: 'customer.created', delivered: true });
    expect(delivery!.attempts.map((attempt) => attempt.status)).toEqual([500, 503, 200]);
    expect(received.map((event) => event.type)).toEqual(['customer.created']);
  });

  it('expires an open Checkout Session', async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: pro, quantity: 1 }],
      success_url: 'http://app.test/ok',
    });
    const expired = await stripe.checkout.sessions.expire(session.id);
    expect(expired.status).toBe('expired');
    expect((await fetch(session.url!)).status).toBe(404);
  });
});
