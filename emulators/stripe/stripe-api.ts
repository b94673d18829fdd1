import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../core/emulator-server.ts';
import { randomToken } from '../core/random-token.ts';
import { formRecord, formString, formStrings, parseStripeForm, type FormObject } from './stripe-form.ts';
import {
  customerObject,
  portalSessionObject,
  priceObject,
  productObject,
  stripeError,
  type StripeObject,
  type SubscriptionStatus,
} from './stripe-objects.ts';
import { PORTAL_CONFIGURATION_ID, StripeInputError, type StripeStore } from './stripe-store.ts';

type Handler = (
  input: FormObject,
  request: FastifyRequest<{ Params: Record<string, string> }>,
) => StripeObject;

function list(data: StripeObject[], url: string): StripeObject {
  return { object: 'list', data, has_more: false, url };
}

function required(input: FormObject, name: string): string {
  const value = formString(input[name]);
  if (!value) throw new StripeInputError(400, `Missing required param: ${name}.`, name, 'parameter_missing');
  return value;
}

function booleanParam(input: FormObject, name: string): boolean | undefined {
  const value = formString(input[name]);
  if (value === undefined) return undefined;
  if (value !== 'true' && value !== 'false') {
    throw new StripeInputError(400, `Invalid boolean: ${value}`, name, 'parameter_invalid_boolean');
  }
  return value === 'true';
}

function pageBase(request: FastifyRequest): string {
  return `${request.protocol}://${request.headers.host ?? '127.0.0.1'}`;
}

const subscriptionStatuses = new Set<string>([
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
  'all',
  'ended',
]);

export function stripeApiRoutes(app: FastifyInstance, context: EmulatorContext<StripeStore>): void {
  const now = () => context.clock.nowSeconds();
  const store = () => context.state();

  /** Replaces each `expand[]` path's id with its object, as Stripe does for the top-level fields Matome expands. */
  function expand(object: StripeObject, paths: string[]): StripeObject {
    const expanded = { ...object };
    for (const path of paths) {
      const id = expanded[path];
      if (typeof id !== 'string') continue;
      const state = store();
      if (id.startsWith('sub_')) expanded[path] = state.subscriptionJson(state.subscription(id));
      else if (id.startsWith('cus_')) expanded[path] = customerObject(state.customer(id));
      else if (id.startsWith('in_') && state.invoices.has(id))
        expanded[path] = state.invoiceJson(state.invoices.get(id)!);
    }
    return expanded;
  }

  function route(method: 'GET' | 'POST' | 'DELETE', url: string, handler: Handler): void {
    app.route<{ Params: Record<string, string> }>({
      method,
      url,
      handler: async (request, reply: FastifyReply) => {
        const state = store();
        const key = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
        if (key !== state.secretKey) {
          const shown = key
            ? `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`
            : '';
          const message = key
            ? `Invalid API Key provided: ${shown}`
            : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').";
          return reply.code(401).send(stripeError('invalid_request_error', message));
        }
        const input = parseStripeForm({
          ...(request.query as Record<string, unknown>),
          ...((request.body ?? {}) as Record<string, unknown>),
        });
        try {
          const answer = handler(input, request);
          void reply.header('request-id', `req_${randomToken(10)}`);
          return expand(answer, formStrings(input.expand));
        } catch (error) {
          if (!(error instanceof StripeInputError)) throw error;
          return reply
            .code(error.status)
            .send(
              stripeError('invalid_request_error', error.message, { code: error.code, param: error.param }),
            );
        }
      },
    });
  }

  route('GET', '/v1/products', () => list([...store().products.values()].map(productObject), '/v1/products'));
  route('GET', '/v1/products/:id', (_input, request) => {
    const product = store().products.get(request.params.id!);
    if (!product)
      throw new StripeInputError(404, `No such product: '${request.params.id}'`, 'id', 'resource_missing');
    return productObject(product);
  });
  route('GET', '/v1/prices', (input) => {
    const lookupKeys = formStrings(input.lookup_keys);
    const prices = [...store().prices.values()].filter(
      (price) =>
        lookupKeys.length === 0 || (price.lookupKey !== null && lookupKeys.includes(price.lookupKey)),
    );
    return list(prices.map(priceObject), '/v1/prices');
  });
  route('GET', '/v1/prices/:id', (_input, request) => priceObject(store().price(request.params.id!, 'id')));

  route('POST', '/v1/customers', (input) =>
    customerObject(
      store().createCustomer(
        {
          email: formString(input.email),
          name: formString(input.name),
          metadata: formRecord(input.metadata),
        },
        now(),
      ),
    ),
  );
  route('GET', '/v1/customers/:id', (_input, request) =>
    customerObject(store().customer(request.params.id!, 'id')),
  );
  route('GET', '/v1/customers', (input) => {
    const email = formString(input.email);
    const customers = [...store().customers.values()].filter(
      (customer) => !email || customer.email === email,
    );
    return list(customers.map(customerObject), '/v1/customers');
  });
  route('DELETE', '/v1/customers/:id', (_input, request) => {
    store().deleteCustomer(request.params.id!, now());
    return { id: request.params.id, object: 'customer', deleted: true };
  });

  route('POST', '/v1/checkout/sessions', (input, request) => {
    const mode = required(input, 'mode');
    if (mode !== 'subscription') {
      throw new StripeInputError(400, 'The emulator models Checkout in subscription mode only.', 'mode');
    }
    const lineItems = Array.isArray(input.line_items) ? input.line_items : [];
    const first = lineItems[0];
    if (lineItems.length !== 1 || typeof first !== 'object' || Array.isArray(first)) {
      throw new StripeInputError(
        400,
        'Missing required param: line_items.',
        'line_items',
        'parameter_missing',
      );
    }
    const price = store().price(formString(first.price) ?? '', 'line_items[0][price]');
    const customer = formString(input.customer);
    if (customer) store().customer(customer);
    const customerEmail = formString(input.customer_email) ?? null;
    if (customer && customerEmail) {
      throw new StripeInputError(
        400,
        'You may only specify one of these parameters: customer, customer_email.',
        'customer_email',
      );
    }
    const subscriptionData = input.subscription_data;
    const subscriptionDataObject =
      typeof subscriptionData === 'object' && !Array.isArray(subscriptionData) ? subscriptionData : {};
    const trial = formString(subscriptionDataObject.trial_period_days);
    const session = store().createCheckoutSession(
      {
        price: price.id,
        customer: customer ?? null,
        customerEmail,
        clientReferenceId: formString(input.client_reference_id) ?? null,
        successUrl: required(input, 'success_url'),
        cancelUrl: formString(input.cancel_url) ?? null,
        trialPeriodDays: trial ? Number(trial) : null,
        subscriptionMetadata: formRecord(subscriptionDataObject.metadata),
        metadata: formRecord(input.metadata),
        locale: formString(input.locale) ?? null,
      },
      now(),
      pageBase(request),
    );
    return store().sessionJson(session);
  });
  route('GET', '/v1/checkout/sessions/:id', (_input, request) =>
    store().sessionJson(store().checkoutSession(request.params.id!)),
  );
  route('POST', '/v1/checkout/sessions/:id/expire', (_input, request) => {
    const session = store().checkoutSession(request.params.id!);
    store().expireCheckout(session, now());
    return store().sessionJson(session);
  });

  route('POST', '/v1/subscriptions', (input) => {
    const customer = store().customer(required(input, 'customer')).id;
    const items = Array.isArray(input.items) ? input.items : [];
    const first = items[0];
    if (items.length !== 1 || typeof first !== 'object' || Array.isArray(first)) {
      throw new StripeInputError(400, 'Missing required param: items.', 'items', 'parameter_missing');
    }
    const price = store().price(formString(first.price) ?? '', 'items[0][price]').id;
    const behavior = formString(input.payment_behavior) ?? 'allow_incomplete';
    const trial = formString(input.trial_period_days);
    const subscription = store().startSubscription(
      {
        customer,
        price,
        trialPeriodDays: trial ? Number(trial) : null,
        metadata: formRecord(input.metadata),
        incomplete: behavior === 'default_incomplete',
      },
      now(),
    );
    return store().subscriptionJson(subscription);
  });
  route('GET', '/v1/subscriptions', (input) => {
    const customer = formString(input.customer);
    const status = formString(input.status);
    if (status && !subscriptionStatuses.has(status)) {
      throw new StripeInputError(
        400,
        `Invalid status: must be one of ${[...subscriptionStatuses].join(', ')}`,
        'status',
      );
    }
    const matches = (value: SubscriptionStatus) =>
      status === 'all' ||
      (status === 'ended'
        ? ['canceled', 'incomplete_expired'].includes(value)
        : status
          ? value === status
          : value !== 'canceled');
    const found = [...store().subscriptions.values()].filter(
      (subscription) => (!customer || subscription.customer === customer) && matches(subscription.status),
    );
    return list(
      found.map((subscription) => store().subscriptionJson(subscription)),
      '/v1/subscriptions',
    );
  });
  route('GET', '/v1/subscriptions/:id', (_input, request) =>
    store().subscriptionJson(store().subscription(request.params.id!)),
  );
  route('POST', '/v1/subscriptions/:id', (input, request) => {
    const subscription = store().subscription(request.params.id!);
    const items = Array.isArray(input.items) ? input.items : [];
    let price: string | undefined;
    for (const [index, item] of items.entries()) {
      if (typeof item !== 'object' || Array.isArray(item)) continue;
      const itemId = formString(item.id);
      if (itemId !== subscription.itemId) {
        // Without the item's id Stripe adds a second item; Matome's subscriptions hold exactly one.
        throw new StripeInputError(
          400,
          itemId
            ? `No such subscription item: '${itemId}'`
            : 'The emulator models subscriptions with exactly one item: pass items[0][id].',
          `items[${index}][id]`,
          itemId ? 'resource_missing' : 'parameter_missing',
        );
      }
      price = formString(item.price);
    }
    const proration = formString(input.proration_behavior);
    if (proration && !['create_prorations', 'always_invoice', 'none'].includes(proration)) {
      throw new StripeInputError(400, `Invalid proration_behavior: ${proration}`, 'proration_behavior');
    }
    store().update(
      subscription,
      {
        price,
        prorationBehavior: proration as 'create_prorations' | 'always_invoice' | 'none' | undefined,
        cancelAtPeriodEnd: booleanParam(input, 'cancel_at_period_end'),
        metadata: input.metadata === undefined ? undefined : formRecord(input.metadata),
      },
      now(),
    );
    return store().subscriptionJson(subscription);
  });
  route('DELETE', '/v1/subscriptions/:id', (_input, request) => {
    const subscription = store().subscription(request.params.id!);
    store().cancel(subscription, now(), 'cancellation_requested');
    return store().subscriptionJson(subscription);
  });

  route('GET', '/v1/invoices/:id', (_input, request) => {
    const invoice = store().invoices.get(request.params.id!);
    if (!invoice)
      throw new StripeInputError(404, `No such invoice: '${request.params.id}'`, 'id', 'resource_missing');
    return store().invoiceJson(invoice);
  });
  route('GET', '/v1/events/:id', (_input, request) => {
    const event = store().events.get(request.params.id!);
    if (!event)
      throw new StripeInputError(404, `No such event: '${request.params.id}'`, 'id', 'resource_missing');
    return event;
  });

  route('POST', '/v1/billing_portal/sessions', (input, request) => {
    const customer = store().customer(required(input, 'customer')).id;
    const id = `bps_${randomToken(18).replace(/[-_]/g, 'x')}`;
    const session = {
      id,
      customer,
      returnUrl: formString(input.return_url) ?? null,
      created: now(),
      url: `${pageBase(request)}/p/session/${id}`,
    };
    store().portalSessions.set(id, session);
    return portalSessionObject(session, PORTAL_CONFIGURATION_ID);
  });
}
