import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerUser } from '../../test/auth-helpers.ts';
import {
  createBillingTestApp,
  getJson,
  payOnCheckoutPage,
  subscribe,
  WEBHOOK_SECRET,
  type BillingTestApp,
} from '../../test/billing-helpers.ts';
import { databaseDigest } from '../../test/database-digest.ts';
import { control } from '../../test/emulator-helpers.ts';
import { createTestApp } from '../../test/test-app.ts';
import { platformConnections } from '../../db/schema/platform-connections.ts';

let billing: BillingTestApp;
beforeAll(async () => {
  billing = await createBillingTestApp();
});
afterAll(async () => billing?.close());

function post(url: string, accessToken: string, payload?: unknown) {
  return billing.app.inject({
    method: 'POST',
    url,
    headers: bearer(accessToken),
    payload: payload as object,
  });
}

async function planOf(accessToken: string) {
  return (await getJson(billing.app, '/api/auth/me', accessToken)).body.user.planType;
}

async function subscriptionOf(accessToken: string) {
  return (await getJson(billing.app, '/api/stripe/subscription', accessToken)).body.subscription;
}

async function subscribedUser(plan: 'pro' | 'proplus' = 'pro') {
  const { tokens, user } = await registerUser(billing.app);
  await subscribe(billing, tokens.accessToken, plan);
  return { token: tokens.accessToken, user };
}

describe('plans and config', () => {
  it('lists Pro at $4.00 with 5 connections and Pro Plus at $9.99 with 10, signed in or not', async () => {
    const response = await billing.app.inject({ method: 'GET', url: '/api/stripe/plans' });
    expect(response.statusCode).toBe(200);
    const { plans } = response.json();
    expect(
      plans.map((plan: { name: string; price: number; features: { connections: number } }) => [
        plan.name,
        plan.price,
        plan.features.connections,
      ]),
    ).toEqual([
      ['pro', 4, 5],
      ['proplus', 9.99, 10],
    ]);
    expect(plans[1]).toMatchObject({ displayName: 'Pro Plus', features: { priority_support: true } });
  });

  it('gives the publishable key and whether the beta is free', async () => {
    const response = await billing.app.inject({ method: 'GET', url: '/api/stripe/config' });
    expect(response.json()).toEqual({ publishableKey: 'pk_test_emulator', enabled: true });
  });
});

describe('signed-out calls', () => {
  it.each([
    ['GET', '/api/stripe/subscription'],
    ['POST', '/api/stripe/create-checkout-session'],
    ['POST', '/api/stripe/change-subscription-plan'],
    ['POST', '/api/stripe/cancel-subscription'],
    ['POST', '/api/stripe/reactivate-subscription'],
    ['POST', '/api/stripe/create-portal-session'],
  ] as const)('%s %s answers 401 User not authenticated', async (method, url) => {
    const response = await billing.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ statusCode: 401, message: 'User not authenticated' });
  });
});

describe('checkout', () => {
  it('takes a free user to Pro: subscription active, plan pro, connection limit 5', async () => {
    const { tokens } = await registerUser(billing.app);
    expect(await subscriptionOf(tokens.accessToken)).toBeNull();
    const started = await post('/api/stripe/create-checkout-session', tokens.accessToken, {
      planName: 'pro',
    });
    expect(started.statusCode).toBe(200);
    const { url } = started.json();
    expect(url).toMatch(/\/c\/pay\/cs_test_/);
    const location = await payOnCheckoutPage(url);
    expect(location).toMatch(/\/subscription\/success\?session_id=cs_test_/);
    await billing.webhooksSettled();

    expect(await subscriptionOf(tokens.accessToken)).toMatchObject({
      status: 'active',
      cancel_at_period_end: false,
      subscription_plans: { name: 'pro', display_name: 'Pro' },
    });
    expect(await planOf(tokens.accessToken)).toBe('pro');
    const overview = await getJson(billing.app, '/api/connections/overview', tokens.accessToken);
    expect(overview.body).toMatchObject({ plan: 'pro', limit: 5 });
  });

  it('refuses an unknown plan, and a second checkout while subscribed, changing nothing', async () => {
    const { token } = await subscribedUser();
    const before = await databaseDigest(billing.database);
    const unknown = await post('/api/stripe/create-checkout-session', token, { planName: 'enterprise' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('UNKNOWN_PLAN');
    const again = await post('/api/stripe/create-checkout-session', token, { planName: 'proplus' });
    expect(again.statusCode).toBe(409);
    expect(await databaseDigest(billing.database)).toEqual(before);
  });

  it('leaves a cancelled checkout without a subscription', async () => {
    const { tokens } = await registerUser(billing.app);
    const started = await post('/api/stripe/create-checkout-session', tokens.accessToken, {
      planName: 'pro',
    });
    const page = await (await fetch(started.json().url)).text();
    expect(page).toMatch(/href="http:\/\/localhost:\d+\/subscription\/cancel"/);
    expect(await subscriptionOf(tokens.accessToken)).toBeNull();
    expect(await planOf(tokens.accessToken)).toBe('free');
  });
});

describe('plan changes', () => {
  it('moves Pro to Pro Plus and back, and refuses the plan already held', async () => {
    const { token } = await subscribedUser();
    const up = await post('/api/stripe/change-subscription-plan', token, { planName: 'proplus' });
    expect(up.statusCode).toBe(200);
    expect(up.json().subscription.subscription_plans.name).toBe('proplus');
    expect(await planOf(token)).toBe('proplus');
    const same = await post('/api/stripe/change-subscription-plan', token, { planName: 'proplus' });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toContain('already on the requested plan');
    const down = await post('/api/stripe/change-subscription-plan', token, { planName: 'pro' });
    expect(down.json().subscription.subscription_plans.name).toBe('pro');
    await billing.webhooksSettled();
    expect(await planOf(token)).toBe('pro');
  });

  it('answers 404 No active subscription found to a free user', async () => {
    const { tokens } = await registerUser(billing.app);
    for (const [url, payload] of [
      ['/api/stripe/change-subscription-plan', { planName: 'pro' }],
      ['/api/stripe/cancel-subscription', {}],
      ['/api/stripe/reactivate-subscription', undefined],
      ['/api/stripe/create-portal-session', undefined],
    ] as const) {
      const response = await post(url, tokens.accessToken, payload);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().message).toBe('No active subscription found');
    }
  });

  it('ends two plan changes at once in one state that matches Stripe', async () => {
    const { token, user } = await subscribedUser();
    const answers = await Promise.all([
      post('/api/stripe/change-subscription-plan', token, { planName: 'proplus' }),
      post('/api/stripe/change-subscription-plan', token, { planName: 'proplus' }),
      post('/api/stripe/change-subscription-plan', token, { planName: 'pro' }),
    ]);
    // One at a time, in whatever order they arrive: each either changes the plan or finds it already held.
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.every((status) => status === 200 || status === 400)).toBe(true);
    expect(statuses).toContain(200);
    await billing.webhooksSettled();
    const atStripe = (await billing.stripe.subscriptions.list({ status: 'active' })).data.find(
      (subscription) => subscription.metadata.userId === user.id,
    );
    const plan = (await subscriptionOf(token)).subscription_plans.name;
    expect(atStripe?.items.data[0]?.price.id).toBe(`price_matome_${plan}_monthly`);
    expect(await planOf(token)).toBe(plan);
  });
});

describe('cancel and reactivate', () => {
  it('cancels at period end (still Pro until then), reactivates, then cancels at once to Free', async () => {
    const { token } = await subscribedUser();
    const ending = await post('/api/stripe/cancel-subscription', token, {});
    expect(ending.statusCode).toBe(200);
    expect(ending.json().subscription).toMatchObject({ status: 'active', cancel_at_period_end: true });
    expect(await planOf(token)).toBe('pro');
    const kept = await post('/api/stripe/reactivate-subscription', token);
    expect(kept.json().subscription.cancel_at_period_end).toBe(false);
    const notEnding = await post('/api/stripe/reactivate-subscription', token);
    expect(notEnding.statusCode).toBe(400);

    const now = await post('/api/stripe/cancel-subscription', token, { immediate: true });
    expect(now.json().subscription.status).toBe('canceled');
    await billing.webhooksSettled();
    expect(await planOf(token)).toBe('free');
    expect((await subscriptionOf(token)).status).toBe('canceled');
    const again = await post('/api/stripe/cancel-subscription', token, {});
    expect(again.statusCode).toBe(404);
  });

  it('ends the plan when the period runs out after a cancel at period end', async () => {
    const { token } = await subscribedUser('proplus');
    await post('/api/stripe/cancel-subscription', token, {});
    await control(billing.stripeUrl, 'advance', { days: 32 });
    await billing.webhooksSettled();
    expect(await planOf(token)).toBe('free');
    expect((await subscriptionOf(token)).status).toBe('canceled');
    await control(billing.stripeUrl, 'clock', { advanceMs: -32 * 86_400_000 });
  });
});

describe('downgrade below the connections held', () => {
  it('keeps the connections above the new limit but lets no new one be added', async () => {
    const { token, user } = await subscribedUser();
    await billing.database.db.insert(platformConnections).values(
      [1, 2, 3, 4].map((n) => ({
        userId: user.id,
        platform: 'chatwork' as const,
        platformUserId: String(n),
        platformUserName: `Account ${n}`,
        accessTokenEncrypted: 'sealed-elsewhere',
      })),
    );
    await post('/api/stripe/cancel-subscription', token, { immediate: true });
    await billing.webhooksSettled();
    const overview = await getJson(billing.app, '/api/connections/overview', token);
    expect(overview.body).toMatchObject({ plan: 'free', limit: 2, used: 4 });
    const connect = await post('/api/chatwork/connect', token);
    expect(connect.statusCode).toBe(403);
    expect(connect.json().code).toBe('CONNECTION_LIMIT');
  });
});

describe('portal', () => {
  it("opens the Billing Portal for the user's customer", async () => {
    const { token } = await subscribedUser();
    const response = await post('/api/stripe/create-portal-session', token);
    expect(response.statusCode).toBe(200);
    expect(response.json().url).toMatch(/\/p\/session\/bps_/);
  });
});

describe('webhook', () => {
  function signed(payload: string, timestamp?: number) {
    return Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp });
  }

  function deliver(payload: string, signature: string | undefined) {
    return billing.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: {
        'content-type': 'application/json',
        ...(signature ? { 'stripe-signature': signature } : {}),
      },
      payload,
    });
  }

  async function latestEvent(type: string) {
    const { events } = (await (await fetch(`${billing.stripeUrl}/_control/events`)).json()) as {
      events: { type: string; id: string }[];
    };
    return events.filter((event) => event.type === type).at(-1)!;
  }

  it('refuses a forged, a missing and a stale signature with 400 and changes nothing', async () => {
    const { token } = await subscribedUser();
    await post('/api/stripe/cancel-subscription', token, { immediate: true });
    await billing.webhooksSettled();
    const event = { ...(await latestEvent('customer.subscription.deleted')), id: 'evt_forged_1' };
    const payload = JSON.stringify(event);
    const before = await databaseDigest(billing.database);
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    for (const signature of [
      forged,
      undefined,
      signed(payload, Math.floor(Date.now() / 1000) - 600),
      't=1,v1=00',
    ]) {
      const response = await deliver(payload, signature);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('INVALID_SIGNATURE');
    }
    const tampered = await deliver(payload.replace('"canceled"', '"active"'), signed(payload));
    expect(tampered.statusCode).toBe(400);
    expect(await databaseDigest(billing.database)).toEqual(before);
  });

  it('handles a replayed event once', async () => {
    await subscribedUser();
    const event = await latestEvent('customer.subscription.created');
    const payload = JSON.stringify(event);
    const first = await deliver(payload, signed(payload));
    expect(first.json()).toEqual({ received: true, duplicate: true });
    const before = await databaseDigest(billing.database);
    const again = await deliver(payload, signed(payload));
    expect(again.json()).toEqual({ received: true, duplicate: true });
    expect(await databaseDigest(billing.database)).toEqual(before);
  });

  it('ends in Stripe\u2019s current state when an old event arrives after a newer one', async () => {
    const { token } = await subscribedUser();
    const created = await latestEvent('customer.subscription.created');
    await post('/api/stripe/cancel-subscription', token, { immediate: true });
    await billing.webhooksSettled();
    // The "created" event (status active) delivered late, under a new id as a redelivery would not be deduplicated.
    const late = JSON.stringify({ ...created, id: 'evt_late_created_1' });
    const response = await deliver(late, signed(late));
    expect(response.statusCode).toBe(200);
    expect((await subscriptionOf(token)).status).toBe('canceled');
    expect(await planOf(token)).toBe('free');
  });

  it('marks a declined renewal past_due and drops the plan to Free, keeping the subscription', async () => {
    const { token } = await subscribedUser();
    const customer = (await billing.stripe.customers.list()).data.at(-1)!;
    await control(billing.stripeUrl, `customers/${customer.id}/card`, { declines: true });
    await control(billing.stripeUrl, 'advance', { days: 32 });
    await billing.webhooksSettled();
    expect((await subscriptionOf(token)).status).toBe('past_due');
    expect(await planOf(token)).toBe('free');
    await control(billing.stripeUrl, `customers/${customer.id}/card`, { declines: false });
    await control(billing.stripeUrl, 'clock', { advanceMs: -32 * 86_400_000 });
  });

  it('answers 503 without recording the event when Stripe cannot be read, so Stripe retries', async () => {
    await subscribedUser();
    const event = await latestEvent('customer.subscription.created');
    const payload = JSON.stringify({ ...event, id: 'evt_while_down_1' });
    await control(billing.stripeUrl, 'faults', { path: '/v1/subscriptions/*', status: 500, times: 2 });
    const failed = await deliver(payload, signed(payload));
    expect(failed.statusCode).toBe(503);
    const retried = await deliver(payload, signed(payload));
    expect(retried.json()).toEqual({ received: true, duplicate: false });
  });
});

describe('Stripe unreachable or not configured', () => {
  it('answers 502 with a clear message when Stripe does not answer', async () => {
    const down = await createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_PRO: 'price_a',
      STRIPE_PRICE_PROPLUS: 'price_b',
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: '9',
      STRIPE_API_PROTOCOL: 'http',
    });
    try {
      const { tokens } = await registerUser(down.app);
      const response = await down.app.inject({
        method: 'POST',
        url: '/api/stripe/create-checkout-session',
        headers: bearer(tokens.accessToken),
        payload: { planName: 'pro' },
      });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ code: 'PAYMENT_PROVIDER_UNAVAILABLE' });
    } finally {
      await down.close();
    }
  });

  it('still lists the plans without Stripe settings, and says paying is off', async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/api/stripe/config' })).json()).toMatchObject({
        enabled: false,
      });
      const { tokens } = await registerUser(plain.app);
      const response = await plain.app.inject({
        method: 'POST',
        url: '/api/stripe/create-checkout-session',
        headers: bearer(tokens.accessToken),
        payload: { planName: 'pro' },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('BILLING_NOT_CONFIGURED');
    } finally {
      await plain.close();
    }
  });
});
