/**
 * Stripe's objects as the API version the `stripe` SDK pins (`2026-10-28.endive`) writes them: every field of
 * Stripe's own example objects (`shared/apis/stripe/fixtures3.json`), the ones the emulator does not model as null,
 * empty or their default. Period fields live on the subscription item, not the subscription (since 2025-03-31.basil).
 */

export type StripeObject = Record<string, unknown>;

const emptyAddress = { city: null, country: null, line1: null, line2: null, postal_code: null, state: null };

export interface ProductRecord {
  id: string;
  name: string;
  description: string | null;
  created: number;
  defaultPrice: string | null;
  metadata: Record<string, string>;
}

export interface PriceRecord {
  id: string;
  product: string;
  unitAmount: number;
  currency: string;
  interval: 'month' | 'year';
  lookupKey: string | null;
  nickname: string | null;
  created: number;
  metadata: Record<string, string>;
}

export interface CustomerRecord {
  id: string;
  email: string | null;
  name: string | null;
  created: number;
  metadata: Record<string, string>;
  invoicePrefix: string;
  nextInvoiceSequence: number;
}

export type SubscriptionStatus =
  'incomplete' | 'incomplete_expired' | 'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid' | 'paused';

export interface SubscriptionRecord {
  id: string;
  itemId: string;
  customer: string;
  price: string;
  status: SubscriptionStatus;
  created: number;
  startDate: number;
  billingCycleAnchor: number;
  periodStart: number;
  periodEnd: number;
  itemCreated: number;
  cancelAtPeriodEnd: boolean;
  cancelAt: number | null;
  canceledAt: number | null;
  endedAt: number | null;
  cancellationReason: 'cancellation_requested' | 'payment_failed' | null;
  trialStart: number | null;
  trialEnd: number | null;
  latestInvoice: string | null;
  metadata: Record<string, string>;
}

export interface CheckoutSessionRecord {
  id: string;
  price: string;
  customer: string | null;
  customerEmail: string | null;
  clientReferenceId: string | null;
  successUrl: string;
  cancelUrl: string | null;
  created: number;
  expiresAt: number;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'unpaid' | 'paid' | 'no_payment_required';
  subscription: string | null;
  invoice: string | null;
  trialPeriodDays: number | null;
  subscriptionMetadata: Record<string, string>;
  metadata: Record<string, string>;
  locale: string | null;
  url: string;
}

export interface PortalSessionRecord {
  id: string;
  customer: string;
  returnUrl: string | null;
  created: number;
  url: string;
}

export interface InvoiceLine {
  id: string;
  amount: number;
  description: string;
  periodStart: number;
  periodEnd: number;
  proration: boolean;
  price: string;
}

export interface InvoiceRecord {
  id: string;
  customer: string;
  subscription: string;
  number: string;
  created: number;
  status: 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';
  billingReason: 'subscription_create' | 'subscription_cycle' | 'subscription_update';
  lines: InvoiceLine[];
  attemptCount: number;
  periodStart: number;
  periodEnd: number;
  paidAt: number | null;
  customerEmail: string | null;
}

export function productObject(product: ProductRecord): StripeObject {
  return {
    active: true,
    created: product.created,
    default_price: product.defaultPrice,
    description: product.description,
    id: product.id,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: product.metadata,
    name: product.name,
    object: 'product',
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    unit_label: null,
    updated: product.created,
    url: null,
    type: 'service',
  };
}

export function priceObject(price: PriceRecord): StripeObject {
  return {
    active: true,
    billing_scheme: 'per_unit',
    created: price.created,
    currency: price.currency,
    custom_unit_amount: null,
    id: price.id,
    livemode: false,
    lookup_key: price.lookupKey,
    metadata: price.metadata,
    nickname: price.nickname,
    object: 'price',
    product: price.product,
    recurring: {
      interval: price.interval,
      interval_count: 1,
      meter: null,
      usage_type: 'licensed',
      trial_period_days: null,
    },
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: 'recurring',
    unit_amount: price.unitAmount,
    unit_amount_decimal: String(price.unitAmount),
  };
}

/** The legacy `plan` Stripe still puts beside each subscription item's price. */
function planObject(price: PriceRecord): StripeObject {
  return {
    active: true,
    amount: price.unitAmount,
    amount_decimal: String(price.unitAmount),
    billing_scheme: 'per_unit',
    created: price.created,
    currency: price.currency,
    id: price.id,
    interval: price.interval,
    interval_count: 1,
    livemode: false,
    metadata: price.metadata,
    meter: null,
    nickname: price.nickname,
    object: 'plan',
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  };
}

export function customerObject(customer: CustomerRecord): StripeObject {
  return {
    address: null,
    balance: 0,
    created: customer.created,
    currency: 'usd',
    default_source: null,
    delinquent: false,
    description: null,
    discount: null,
    email: customer.email,
    id: customer.id,
    invoice_prefix: customer.invoicePrefix,
    invoice_settings: {
      custom_fields: null,
      default_payment_method: null,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: customer.metadata,
    name: customer.name,
    next_invoice_sequence: customer.nextInvoiceSequence,
    object: 'customer',
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
}

export function subscriptionItemObject(subscription: SubscriptionRecord, price: PriceRecord): StripeObject {
  return {
    created: subscription.itemCreated,
    discounts: [],
    id: subscription.itemId,
    metadata: {},
    object: 'subscription_item',
    price: priceObject(price),
    quantity: 1,
    subscription: subscription.id,
    tax_rates: [],
    plan: planObject(price),
    current_period_end: subscription.periodEnd,
    current_period_start: subscription.periodStart,
    billing_thresholds: null,
  };
}

export function subscriptionObject(subscription: SubscriptionRecord, price: PriceRecord): StripeObject {
  return {
    application: null,
    application_fee_percent: null,
    automatic_tax: { enabled: false, liability: null, disabled_reason: null },
    billing_cycle_anchor: subscription.billingCycleAnchor,
    billing_cycle_anchor_config: null,
    cancel_at: subscription.cancelAt,
    canceled_at: subscription.canceledAt,
    cancellation_details: { comment: null, feedback: null, reason: subscription.cancellationReason },
    collection_method: 'charge_automatically',
    created: subscription.created,
    currency: price.currency,
    customer: subscription.customer,
    days_until_due: null,
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    ended_at: subscription.endedAt,
    id: subscription.id,
    invoice_settings: {
      account_tax_ids: null,
      issuer: { type: 'self' },
      custom_fields: null,
      description: null,
      footer: null,
    },
    items: {
      data: [subscriptionItemObject(subscription, price)],
      has_more: false,
      object: 'list',
      url: `/v1/subscription_items?subscription=${subscription.id}`,
    },
    latest_invoice: subscription.latestInvoice,
    livemode: false,
    metadata: subscription.metadata,
    next_pending_invoice_item_invoice: null,
    object: 'subscription',
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: {
      payment_method_options: null,
      payment_method_types: null,
      save_default_payment_method: 'off',
    },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: subscription.startDate,
    status: subscription.status,
    test_clock: null,
    transfer_data: null,
    trial_end: subscription.trialEnd,
    trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } },
    trial_start: subscription.trialStart,
    cancel_at_period_end: subscription.cancelAtPeriodEnd,
    billing_thresholds: null,
    billing_mode: { type: 'classic', flexible: null },
    customer_account: null,
    managed_payments: null,
    billing_schedules: [],
  };
}

export function checkoutSessionObject(session: CheckoutSessionRecord, price: PriceRecord): StripeObject {
  const amount = session.trialPeriodDays ? 0 : price.unitAmount;
  return {
    after_expiration: null,
    allow_promotion_codes: null,
    amount_subtotal: amount,
    amount_total: amount,
    automatic_tax: { enabled: false, liability: null, status: null, provider: null },
    billing_address_collection: null,
    cancel_url: session.cancelUrl,
    client_reference_id: session.clientReferenceId,
    client_secret: null,
    consent: null,
    consent_collection: null,
    created: session.created,
    currency: price.currency,
    custom_fields: [],
    custom_text: {
      after_submit: null,
      shipping_address: null,
      submit: null,
      terms_of_service_acceptance: null,
    },
    customer: session.customer,
    customer_creation: session.customer ? null : 'always',
    customer_details:
      session.status === 'complete'
        ? {
            address: emptyAddress,
            email: session.customerEmail,
            name: null,
            phone: null,
            tax_exempt: 'none',
            tax_ids: [],
            business_name: null,
            individual_name: null,
          }
        : null,
    customer_email: session.customerEmail,
    expires_at: session.expiresAt,
    id: session.id,
    invoice: session.invoice,
    invoice_creation: null,
    livemode: false,
    locale: session.locale,
    metadata: session.metadata,
    mode: 'subscription',
    object: 'checkout.session',
    payment_intent: null,
    payment_link: null,
    payment_method_collection: 'always',
    payment_method_configuration_details: null,
    payment_method_options: {},
    payment_method_types: ['card'],
    payment_status: session.paymentStatus,
    phone_number_collection: { enabled: false },
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: session.status,
    submit_type: null,
    subscription: session.subscription,
    success_url: session.successUrl,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted_page',
    url: session.status === 'open' ? session.url : null,
    adaptive_pricing: { enabled: false },
    discounts: [],
    collected_information: null,
    permissions: null,
    wallet_options: null,
    origin_context: null,
    currency_conversion: null,
    customer_account: null,
    integration_identifier: null,
    managed_payments: null,
  };
}

export function portalSessionObject(session: PortalSessionRecord, configuration: string): StripeObject {
  return {
    configuration,
    created: session.created,
    customer: session.customer,
    flow: null,
    id: session.id,
    livemode: false,
    locale: null,
    object: 'billing_portal.session',
    on_behalf_of: null,
    return_url: session.returnUrl,
    url: session.url,
    customer_account: null,
  };
}

function invoiceLineObject(
  invoice: InvoiceRecord,
  line: InvoiceLine,
  subscription: SubscriptionRecord,
): StripeObject {
  return {
    amount: line.amount,
    currency: 'usd',
    description: line.description,
    discount_amounts: [],
    discountable: true,
    discounts: [],
    id: line.id,
    invoice: invoice.id,
    livemode: false,
    metadata: {},
    object: 'line_item',
    period: { end: line.periodEnd, start: line.periodStart },
    quantity: 1,
    subscription: subscription.id,
    pretax_credit_amounts: [],
    taxes: [],
    parent: {
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: null,
        proration: line.proration,
        proration_details: null,
        subscription: subscription.id,
        subscription_item: subscription.itemId,
      },
      type: 'subscription_item_details',
    },
    pricing: { type: 'price_details', unit_amount_decimal: String(line.amount) },
    subtotal: line.amount,
    quantity_decimal: '1',
  };
}

export function invoiceObject(invoice: InvoiceRecord, subscription: SubscriptionRecord): StripeObject {
  const total = invoice.lines.reduce((sum, line) => sum + line.amount, 0);
  const paid = invoice.status === 'paid';
  return {
    account_country: 'US',
    account_name: 'Matome (emulated)',
    account_tax_ids: null,
    amount_due: Math.max(total, 0),
    amount_paid: paid ? Math.max(total, 0) : 0,
    amount_remaining: paid ? 0 : Math.max(total, 0),
    amount_shipping: 0,
    application: null,
    attempt_count: invoice.attemptCount,
    attempted: invoice.attemptCount > 0,
    auto_advance: !paid,
    automatic_tax: { enabled: false, liability: null, status: null, disabled_reason: null, provider: null },
    billing_reason: invoice.billingReason,
    collection_method: 'charge_automatically',
    created: invoice.created,
    currency: 'usd',
    custom_fields: null,
    customer: invoice.customer,
    customer_address: null,
    customer_email: invoice.customerEmail,
    customer_name: null,
    customer_phone: null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    customer_tax_ids: [],
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: invoice.created,
    ending_balance: 0,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: null,
    id: invoice.id,
    invoice_pdf: null,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: {
      data: invoice.lines.map((line) => invoiceLineObject(invoice, line, subscription)),
      has_more: false,
      object: 'list',
      url: `/v1/invoices/${invoice.id}/lines`,
    },
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: invoice.number,
    object: 'invoice',
    on_behalf_of: null,
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: invoice.periodEnd,
    period_start: invoice.periodStart,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: invoice.status,
    status_transitions: {
      finalized_at: invoice.created,
      marked_uncollectible_at: null,
      paid_at: invoice.paidAt,
      voided_at: null,
    },
    subscription: null,
    subtotal: total,
    subtotal_excluding_tax: total,
    test_clock: null,
    total,
    total_discount_amounts: [],
    total_excluding_tax: total,
    webhooks_delivered_at: invoice.created,
    automatically_finalizes_at: null,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    amount_overpaid: 0,
    parent: {
      quote_details: null,
      subscription_details: { metadata: subscription.metadata, subscription: subscription.id },
      type: 'subscription_details',
    },
    customer_account: null,
  };
}

export function eventObject(
  id: string,
  type: string,
  created: number,
  object: StripeObject,
  apiVersion: string,
  previousAttributes?: StripeObject,
): StripeObject {
  return {
    api_version: apiVersion,
    created,
    data: previousAttributes ? { object, previous_attributes: previousAttributes } : { object },
    id,
    livemode: false,
    object: 'event',
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

export function stripeError(
  type: 'invalid_request_error' | 'api_error' | 'card_error' | 'idempotency_error',
  message: string,
  extra: { code?: string; param?: string } = {},
): { error: StripeObject } {
  return { error: { type, message, ...extra } };
}
