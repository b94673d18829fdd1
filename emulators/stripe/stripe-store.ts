import { randomToken } from '../core/random-token.ts';
import {
  checkoutSessionObject,
  customerObject,
  eventObject,
  invoiceObject,
  subscriptionObject,
  type CheckoutSessionRecord,
  type CustomerRecord,
  type InvoiceLine,
  type InvoiceRecord,
  type PortalSessionRecord,
  type PriceRecord,
  type ProductRecord,
  type StripeObject,
  type SubscriptionRecord,
} from './stripe-objects.ts';
import type { StripeSeed } from './stripe-seed.ts';
import { WebhookSender } from './stripe-webhooks.ts';

/** The API version the events are written in: the one `stripe` 23.1 pins. */
export const STRIPE_API_VERSION = '2026-10-28.endive';
export const PORTAL_CONFIGURATION_ID = 'bpc_emulator_default';

const day = 24 * 60 * 60;
/** A Checkout Session stays open for 24 hours. */
const checkoutLifetime = day;
/** An `incomplete` subscription whose first payment never succeeds expires after 23 hours. */
const incompleteWindow = 23 * 60 * 60;

export class StripeInputError extends Error {
  readonly status: number;
  readonly param?: string;
  readonly code?: string;

  constructor(status: number, message: string, param?: string, code?: string) {
    super(message);
    this.status = status;
    this.param = param;
    this.code = code;
  }
}

function stripeId(prefix: string): string {
  return `${prefix}_${randomToken(18).replace(/[-_]/g, 'x')}`;
}

/** The same day of the next month (the last day when shorter), as Stripe's monthly billing cycle advances. */
export function addMonths(unixSeconds: number, months: number): number {
  const date = new Date(unixSeconds * 1000);
  const target = new Date(date);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return Math.floor(target.getTime() / 1000);
}

const liveStatuses = new Set(['active', 'trialing', 'past_due', 'unpaid', 'incomplete', 'paused']);

/** Everything the emulator knows, and the state changes that emit events. */
export class StripeStore {
  readonly secretKey: string;
  readonly publishableKey: string;
  readonly products = new Map<string, ProductRecord>();
  readonly prices = new Map<string, PriceRecord>();
  readonly customers = new Map<string, CustomerRecord>();
  readonly checkoutSessions = new Map<string, CheckoutSessionRecord>();
  readonly subscriptions = new Map<string, SubscriptionRecord>();
  readonly invoices = new Map<string, InvoiceRecord>();
  readonly portalSessions = new Map<string, PortalSessionRecord>();
  readonly events = new Map<string, StripeObject>();
  /** Proration lines waiting for the subscription's next invoice. */
  private readonly pendingLines = new Map<string, InvoiceLine[]>();
  /** Customers whose next charges are declined (set through the control API). */
  readonly decliningCustomers = new Set<string>();
  readonly webhooks: WebhookSender;
  private invoiceCount = 0;

  constructor(seed: StripeSeed) {
    this.secretKey = seed.secretKey;
    this.publishableKey = seed.publishableKey;
    const created = Math.floor(Date.now() / 1000);
    for (const product of seed.products) {
      this.products.set(product.id, {
        id: product.id,
        name: product.name,
        description: product.description,
        created,
        defaultPrice: seed.prices.find((price) => price.product === product.id)?.id ?? null,
        metadata: product.metadata,
      });
    }
    for (const price of seed.prices) {
      this.prices.set(price.id, {
        id: price.id,
        product: price.product,
        unitAmount: price.unit_amount,
        currency: price.currency,
        interval: price.interval,
        lookupKey: price.lookup_key,
        nickname: price.nickname,
        created,
        metadata: price.metadata,
      });
    }
    this.webhooks = new WebhookSender(seed.webhook, seed.webhookRetryDelaysMs);
  }

  // --- reading -------------------------------------------------------------------------------------------------

  price(id: string, param = 'price'): PriceRecord {
    const price = this.prices.get(id);
    if (!price) throw new StripeInputError(400, `No such price: '${id}'`, param, 'resource_missing');
    return price;
  }

  customer(id: string, param = 'customer'): CustomerRecord {
    const customer = this.customers.get(id);
    if (!customer) throw new StripeInputError(400, `No such customer: '${id}'`, param, 'resource_missing');
    return customer;
  }

  subscription(id: string): SubscriptionRecord {
    const subscription = this.subscriptions.get(id);
    if (!subscription)
      throw new StripeInputError(404, `No such subscription: '${id}'`, 'id', 'resource_missing');
    return subscription;
  }

  subscriptionJson(subscription: SubscriptionRecord): StripeObject {
    return subscriptionObject(subscription, this.price(subscription.price));
  }

  sessionJson(session: CheckoutSessionRecord): StripeObject {
    return checkoutSessionObject(session, this.price(session.price));
  }

  invoiceJson(invoice: InvoiceRecord): StripeObject {
    return invoiceObject(invoice, this.subscription(invoice.subscription));
  }

  // --- customers -----------------------------------------------------------------------------------------------

  createCustomer(input: { email?: string; name?: string; metadata?: Record<string, string> }, now: number) {
    const customer: CustomerRecord = {
      id: stripeId('cus'),
      email: input.email ?? null,
      name: input.name ?? null,
      created: now,
      metadata: input.metadata ?? {},
      invoicePrefix: randomToken(6)
        .replace(/[^A-Za-z0-9]/g, 'X')
        .toUpperCase()
        .slice(0, 8),
      nextInvoiceSequence: 1,
    };
    this.customers.set(customer.id, customer);
    this.emit('customer.created', customerObject(customer), now);
    return customer;
  }

  deleteCustomer(id: string, now: number): void {
    const customer = this.customer(id, 'id');
    for (const subscription of this.subscriptions.values()) {
      if (subscription.customer === id && liveStatuses.has(subscription.status)) {
        this.cancel(subscription, now, 'cancellation_requested');
      }
    }
    this.customers.delete(id);
    this.emit('customer.deleted', { ...customerObject(customer) }, now);
  }

  // --- Checkout ------------------------------------------------------------------------------------------------

  createCheckoutSession(
    input: Omit<
      CheckoutSessionRecord,
      'id' | 'created' | 'expiresAt' | 'status' | 'paymentStatus' | 'subscription' | 'invoice' | 'url'
    >,
    now: number,
    pageBase: string,
  ): CheckoutSessionRecord {
    const id = `cs_test_${randomToken(40).replace(/[-_]/g, 'x')}`;
    const session: CheckoutSessionRecord = {
      ...input,
      id,
      created: now,
      expiresAt: now + checkoutLifetime,
      status: 'open',
      paymentStatus: 'unpaid',
      subscription: null,
      invoice: null,
      url: `${pageBase}/c/pay/${id}`,
    };
    this.checkoutSessions.set(id, session);
    return session;
  }

  checkoutSession(id: string): CheckoutSessionRecord {
    const session = this.checkoutSessions.get(id);
    if (!session)
      throw new StripeInputError(404, `No such checkout.session: '${id}'`, 'session', 'resource_missing');
    return session;
  }

  /** The person paid on the hosted page: the customer (when new), the subscription and its first invoice. */
  completeCheckout(session: CheckoutSessionRecord, email: string, now: number): void {
    if (session.status !== 'open')
      throw new StripeInputError(400, 'This Checkout Session is no longer open.');
    const customer = session.customer ? this.customer(session.customer) : this.createCustomer({ email }, now);
    session.customer = customer.id;
    session.customerEmail = session.customerEmail ?? email;
    const subscription = this.startSubscription(
      {
        customer: customer.id,
        price: session.price,
        trialPeriodDays: session.trialPeriodDays,
        metadata: session.subscriptionMetadata,
        incomplete: false,
      },
      now,
    );
    session.status = 'complete';
    session.paymentStatus = session.trialPeriodDays ? 'no_payment_required' : 'paid';
    session.subscription = subscription.id;
    session.invoice = subscription.latestInvoice;
    this.emit('checkout.session.completed', this.sessionJson(session), now);
  }

  expireCheckout(session: CheckoutSessionRecord, now: number): void {
    if (session.status !== 'open') {
      throw new StripeInputError(400, `Only Checkout Sessions with a status in ["open"] can be expired.`);
    }
    session.status = 'expired';
    this.emit('checkout.session.expired', this.sessionJson(session), now);
  }

  // --- subscriptions -------------------------------------------------------------------------------------------

  startSubscription(
    input: {
      customer: string;
      price: string;
      trialPeriodDays: number | null;
      metadata: Record<string, string>;
      /** `payment_behavior=default_incomplete`: the first invoice waits for a payment that never comes here. */
      incomplete: boolean;
    },
    now: number,
  ): SubscriptionRecord {
    const trialEnd = input.trialPeriodDays ? now + input.trialPeriodDays * day : null;
    const periodEnd = trialEnd ?? addMonths(now, 1);
    const subscription: SubscriptionRecord = {
      id: stripeId('sub'),
      itemId: stripeId('si'),
      customer: input.customer,
      price: input.price,
      status: trialEnd ? 'trialing' : input.incomplete ? 'incomplete' : 'active',
      created: now,
      startDate: now,
      billingCycleAnchor: periodEnd,
      periodStart: now,
      periodEnd,
      itemCreated: now,
      cancelAtPeriodEnd: false,
      cancelAt: null,
      canceledAt: null,
      endedAt: null,
      cancellationReason: null,
      trialStart: trialEnd ? now : null,
      trialEnd,
      latestInvoice: null,
      metadata: input.metadata,
    };
    if (!trialEnd) subscription.billingCycleAnchor = now;
    this.subscriptions.set(subscription.id, subscription);
    const price = this.price(input.price);
    const invoice = this.createInvoice(
      subscription,
      'subscription_create',
      [
        this.periodLine(
          price,
          subscription.periodStart,
          subscription.periodEnd,
          trialEnd ? 0 : price.unitAmount,
        ),
      ],
      now,
    );
    this.emit('customer.subscription.created', this.subscriptionJson(subscription), now);
    if (input.incomplete) {
      invoice.status = 'open';
      this.emit('invoice.finalized', this.invoiceJson(invoice), now);
    } else {
      this.settleInvoice(invoice, now, true);
    }
    return subscription;
  }

  update(
    subscription: SubscriptionRecord,
    change: {
      price?: string;
      prorationBehavior?: 'create_prorations' | 'always_invoice' | 'none';
      cancelAtPeriodEnd?: boolean;
      metadata?: Record<string, string>;
    },
    now: number,
  ): void {
    if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') {
      throw new StripeInputError(
        400,
        'A canceled subscription can only update its cancellation_details and metadata.',
        undefined,
        'resource_missing',
      );
    }
    const before = this.subscriptionJson(subscription);
    const previous: StripeObject = {};
    if (change.price && change.price !== subscription.price) {
      const next = this.price(change.price, 'items[0][price]');
      previous.items = before.items;
      previous.plan = null;
      this.changePrice(subscription, next, change.prorationBehavior ?? 'create_prorations', now);
    }
    if (
      change.cancelAtPeriodEnd !== undefined &&
      change.cancelAtPeriodEnd !== subscription.cancelAtPeriodEnd
    ) {
      previous.cancel_at_period_end = subscription.cancelAtPeriodEnd;
      previous.cancel_at = subscription.cancelAt;
      previous.canceled_at = subscription.canceledAt;
      subscription.cancelAtPeriodEnd = change.cancelAtPeriodEnd;
      subscription.cancelAt = change.cancelAtPeriodEnd ? subscription.periodEnd : null;
      subscription.canceledAt = change.cancelAtPeriodEnd ? now : null;
      subscription.cancellationReason = change.cancelAtPeriodEnd ? 'cancellation_requested' : null;
    }
    if (change.metadata) {
      previous.metadata = subscription.metadata;
      subscription.metadata = { ...subscription.metadata, ...change.metadata };
    }
    delete previous.plan;
    if (Object.keys(previous).length > 0) {
      this.emit('customer.subscription.updated', this.subscriptionJson(subscription), now, previous);
    }
  }

  private changePrice(
    subscription: SubscriptionRecord,
    next: PriceRecord,
    behavior: 'create_prorations' | 'always_invoice' | 'none',
    now: number,
  ): void {
    const current = this.price(subscription.price);
    subscription.price = next.id;
    if (behavior === 'none' || subscription.status === 'trialing') return;
    // The unused part of this period comes back as a credit and the rest of it is charged at the new price.
    const span = subscription.periodEnd - subscription.periodStart;
    const unused = span > 0 ? Math.max(0, subscription.periodEnd - now) / span : 0;
    const lines: InvoiceLine[] = [
      {
        ...this.periodLine(current, now, subscription.periodEnd, -Math.round(current.unitAmount * unused)),
        description: `Unused time on ${this.products.get(current.product)?.name ?? current.id}`,
        proration: true,
      },
      {
        ...this.periodLine(next, now, subscription.periodEnd, Math.round(next.unitAmount * unused)),
        description: `Remaining time on ${this.products.get(next.product)?.name ?? next.id}`,
        proration: true,
      },
    ];
    if (behavior === 'create_prorations') {
      this.pendingLines.set(subscription.id, [...(this.pendingLines.get(subscription.id) ?? []), ...lines]);
      return;
    }
    const invoice = this.createInvoice(subscription, 'subscription_update', lines, now);
    this.settleInvoice(invoice, now, !this.decliningCustomers.has(subscription.customer));
  }

  cancel(
    subscription: SubscriptionRecord,
    now: number,
    reason: 'cancellation_requested' | 'payment_failed',
  ): void {
    if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') {
      throw new StripeInputError(400, `No such subscription: '${subscription.id}'`, 'id', 'resource_missing');
    }
    subscription.status = 'canceled';
    subscription.canceledAt = subscription.canceledAt ?? now;
    subscription.endedAt = now;
    subscription.cancellationReason = reason;
    this.pendingLines.delete(subscription.id);
    this.emit('customer.subscription.deleted', this.subscriptionJson(subscription), now);
  }

  // --- the passing of time -------------------------------------------------------------------------------------

  /** Everything due by `now`: renewals (paid or declined), ends of trials, ends at period end, expiries. */
  runDue(now: number): void {
    for (const subscription of this.subscriptions.values()) {
      if (subscription.status === 'incomplete') {
        if (subscription.created + incompleteWindow <= now) this.expireIncomplete(subscription, now);
        continue;
      }
      while (liveStatuses.has(subscription.status) && subscription.periodEnd <= now) {
        if (subscription.cancelAtPeriodEnd) {
          this.cancel(subscription, subscription.periodEnd, 'cancellation_requested');
          break;
        }
        this.renew(subscription, subscription.periodEnd);
      }
    }
  }

  private expireIncomplete(subscription: SubscriptionRecord, now: number): void {
    subscription.status = 'incomplete_expired';
    subscription.endedAt = now;
    const invoice = subscription.latestInvoice ? this.invoices.get(subscription.latestInvoice) : undefined;
    if (invoice) invoice.status = 'void';
    this.emit('customer.subscription.updated', this.subscriptionJson(subscription), now, {
      status: 'incomplete',
    });
  }

  private renew(subscription: SubscriptionRecord, at: number): void {
    const price = this.price(subscription.price);
    const previousItems = this.subscriptionJson(subscription).items;
    subscription.periodStart = at;
    subscription.periodEnd = addMonths(at, 1);
    const lines = [
      ...(this.pendingLines.get(subscription.id) ?? []),
      this.periodLine(price, subscription.periodStart, subscription.periodEnd, price.unitAmount),
    ];
    this.pendingLines.delete(subscription.id);
    const invoice = this.createInvoice(subscription, 'subscription_cycle', lines, at);
    this.settleInvoice(invoice, at, !this.decliningCustomers.has(subscription.customer), previousItems);
  }

  /** A charge for the invoice: paid, or declined (past_due first, unpaid once a renewal is declined again). */
  settleInvoice(invoice: InvoiceRecord, now: number, succeeds: boolean, previousItems?: unknown): void {
    const subscription = this.subscription(invoice.subscription);
    const before = subscription.status;
    invoice.attemptCount += 1;
    if (succeeds) {
      invoice.status = 'paid';
      invoice.paidAt = now;
      if (['past_due', 'unpaid', 'incomplete'].includes(before)) subscription.status = 'active';
      if (before === 'trialing' && subscription.trialEnd !== null && subscription.trialEnd <= now) {
        subscription.status = 'active';
      }
      this.emit('invoice.paid', this.invoiceJson(invoice), now);
    } else {
      invoice.status = 'open';
      subscription.status = before === 'past_due' || before === 'unpaid' ? 'unpaid' : 'past_due';
      this.emit('invoice.payment_failed', this.invoiceJson(invoice), now);
    }
    if (subscription.status !== before || previousItems) {
      this.emit('customer.subscription.updated', this.subscriptionJson(subscription), now, {
        ...(subscription.status === before ? {} : { status: before }),
        ...(previousItems ? { items: previousItems } : {}),
      });
    }
  }

  /** Pays the latest open invoice again (the person fixed their card). */
  retryLatestInvoice(subscription: SubscriptionRecord, now: number): void {
    const invoice = subscription.latestInvoice ? this.invoices.get(subscription.latestInvoice) : undefined;
    if (!invoice || invoice.status !== 'open')
      throw new StripeInputError(400, 'This invoice is already paid.');
    this.settleInvoice(invoice, now, !this.decliningCustomers.has(subscription.customer));
  }

  private periodLine(price: PriceRecord, start: number, end: number, amount: number): InvoiceLine {
    const product = this.products.get(price.product)?.name ?? price.id;
    return {
      id: stripeId('il'),
      amount,
      description: `1 × ${product} (at $${(price.unitAmount / 100).toFixed(2)} / ${price.interval})`,
      periodStart: start,
      periodEnd: end,
      proration: false,
      price: price.id,
    };
  }

  private createInvoice(
    subscription: SubscriptionRecord,
    reason: InvoiceRecord['billingReason'],
    lines: InvoiceLine[],
    now: number,
  ): InvoiceRecord {
    const customer = this.customers.get(subscription.customer);
    this.invoiceCount += 1;
    const invoice: InvoiceRecord = {
      id: stripeId('in'),
      customer: subscription.customer,
      subscription: subscription.id,
      number: `${customer?.invoicePrefix ?? 'EMU'}-${String(customer?.nextInvoiceSequence ?? this.invoiceCount).padStart(4, '0')}`,
      created: now,
      status: 'draft',
      billingReason: reason,
      lines,
      attemptCount: 0,
      periodStart: Math.min(...lines.map((line) => line.periodStart)),
      periodEnd: Math.max(...lines.map((line) => line.periodEnd)),
      paidAt: null,
      customerEmail: customer?.email ?? null,
    };
    if (customer) customer.nextInvoiceSequence += 1;
    this.invoices.set(invoice.id, invoice);
    subscription.latestInvoice = invoice.id;
    return invoice;
  }

  // --- events --------------------------------------------------------------------------------------------------

  emit(type: string, object: StripeObject, now: number, previous?: StripeObject): void {
    const event = eventObject(stripeId('evt'), type, now, object, STRIPE_API_VERSION, previous);
    this.events.set(String(event.id), event);
    this.webhooks.send(event);
  }
}
