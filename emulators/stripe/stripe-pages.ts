import type { FastifyInstance, FastifyReply } from 'fastify';
import { escapeHtml, renderErrorPage, renderPage } from '../core/consent-page.ts';
import type { EmulatorContext } from '../core/emulator-server.ts';
import type { CheckoutSessionRecord, PriceRecord } from './stripe-objects.ts';
import { StripeInputError, type StripeStore } from './stripe-store.ts';

/**
 * The pages Stripe hosts: Checkout (`/c/pay/{session}`), where the person pays or goes back, and the Billing
 * Portal (`/p/session/{session}`), where they change plan, cancel at period end or renew a cancelled plan.
 */

function money(price: PriceRecord): string {
  return `$${(price.unitAmount / 100).toFixed(2)} / ${price.interval}`;
}

function sendPage(reply: FastifyReply, title: string, body: string, status = 200): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').send(renderPage(title, body));
}

function checkoutPage(store: StripeStore, session: CheckoutSessionRecord, error?: string): string {
  const price = store.price(session.price);
  const product = store.products.get(price.product);
  const email =
    session.customerEmail ?? (session.customer ? store.customers.get(session.customer)?.email : null);
  const trial = session.trialPeriodDays
    ? `<p>${session.trialPeriodDays}-day free trial, then ${money(price)}.</p>`
    : '';
  return `<h1>Subscribe to ${escapeHtml(product?.name ?? price.id)}</h1>
<p class="price">${escapeHtml(money(price))}</p>${trial}
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/c/pay/${escapeHtml(session.id)}">
<label for="email">Email</label><input id="email" name="email" type="email" required value="${escapeHtml(email ?? '')}">
<label for="card">Card</label><select id="card" name="card">
<option value="4242424242424242">Visa ending in 4242 (succeeds)</option>
<option value="4000000000000002">Visa ending in 0002 (declined)</option></select>
<div class="actions"><button type="submit" name="decision" value="allow">Subscribe</button></div></form>
${session.cancelUrl ? `<p><a href="${escapeHtml(session.cancelUrl)}">← Back</a></p>` : ''}
<p class="note">Local Stripe emulator: no real card is charged.</p>`;
}

function portalPage(
  store: StripeStore,
  customerId: string,
  returnUrl: string | null,
  sessionId: string,
): string {
  const subscriptions = [...store.subscriptions.values()].filter(
    (subscription) =>
      subscription.customer === customerId &&
      !['canceled', 'incomplete_expired'].includes(subscription.status),
  );
  const rows = subscriptions
    .map((subscription) => {
      const price = store.price(subscription.price);
      const ends = new Date(subscription.periodEnd * 1000).toISOString().slice(0, 10);
      const others = [...store.prices.values()]
        .filter((candidate) => candidate.id !== price.id)
        .map(
          (candidate) =>
            `<button type="submit" name="price" value="${escapeHtml(candidate.id)}">Switch to ${escapeHtml(
              store.products.get(candidate.product)?.name ?? candidate.id,
            )} (${escapeHtml(money(candidate))})</button>`,
        )
        .join('');
      const action = `/p/session/${escapeHtml(sessionId)}/subscriptions/${escapeHtml(subscription.id)}`;
      const cancel = subscription.cancelAtPeriodEnd
        ? `<p>Your plan will be canceled on ${ends}.</p><form method="post" action="${action}"><button type="submit" name="action" value="renew">Renew plan</button></form>`
        : `<p>Renews on ${ends}.</p><form method="post" action="${action}"><div class="actions">${others}</div></form>
<form method="post" action="${action}"><button type="submit" name="action" value="cancel">Cancel plan</button></form>`;
      return `<section><h2>${escapeHtml(store.products.get(price.product)?.name ?? price.id)}</h2>
<p>${escapeHtml(money(price))} · ${escapeHtml(subscription.status)}</p>${cancel}</section>`;
    })
    .join('');
  return `<h1>Manage your subscription</h1>${rows || '<p>You have no subscription.</p>'}
${returnUrl ? `<p><a href="${escapeHtml(returnUrl)}">← Return</a></p>` : ''}
<p class="note">Local Stripe emulator: no real card is charged.</p>`;
}

export function stripePageRoutes(app: FastifyInstance, context: EmulatorContext<StripeStore>): void {
  const now = () => context.clock.nowSeconds();

  function openSession(id: string, reply: FastifyReply): CheckoutSessionRecord | undefined {
    const session = context.state().checkoutSessions.get(id);
    if (session && session.status === 'open' && session.expiresAt > now()) return session;
    void sendPage(reply, 'Stripe Checkout', `<h1>This checkout session is no longer available</h1>`, 404);
    return undefined;
  }

  app.get<{ Params: { id: string } }>('/c/pay/:id', async (request, reply) => {
    const session = openSession(request.params.id, reply);
    if (!session) return reply;
    return sendPage(reply, 'Stripe Checkout', checkoutPage(context.state(), session));
  });

  app.post<{ Params: { id: string }; Body: Record<string, string> }>('/c/pay/:id', async (request, reply) => {
    const session = openSession(request.params.id, reply);
    if (!session) return reply;
    const store = context.state();
    const email = (request.body?.email ?? '').trim();
    if (!email.includes('@')) {
      return sendPage(
        reply,
        'Stripe Checkout',
        checkoutPage(store, session, 'Your email is incomplete.'),
        400,
      );
    }
    if (request.body?.card === '4000000000000002') {
      return sendPage(reply, 'Stripe Checkout', checkoutPage(store, session, 'Your card was declined.'), 402);
    }
    store.completeCheckout(session, email, now());
    return reply.redirect(session.successUrl.replaceAll('{CHECKOUT_SESSION_ID}', session.id), 303);
  });

  app.get<{ Params: { id: string } }>('/p/session/:id', async (request, reply) => {
    const session = context.state().portalSessions.get(request.params.id);
    if (!session)
      return reply.code(404).type('text/html').send(renderErrorPage('Stripe', 'This link has expired.'));
    return sendPage(
      reply,
      'Stripe Billing',
      portalPage(context.state(), session.customer, session.returnUrl, session.id),
    );
  });

  app.post<{ Params: { id: string; subscription: string }; Body: Record<string, string> }>(
    '/p/session/:id/subscriptions/:subscription',
    async (request, reply) => {
      const store = context.state();
      const session = store.portalSessions.get(request.params.id);
      const subscription = store.subscriptions.get(request.params.subscription);
      if (!session || !subscription || subscription.customer !== session.customer) {
        return reply.code(404).type('text/html').send(renderErrorPage('Stripe', 'This link has expired.'));
      }
      const body = request.body ?? {};
      try {
        if (body.action === 'cancel') store.update(subscription, { cancelAtPeriodEnd: true }, now());
        else if (body.action === 'renew') store.update(subscription, { cancelAtPeriodEnd: false }, now());
        else if (body.price)
          store.update(subscription, { price: body.price, prorationBehavior: 'create_prorations' }, now());
      } catch (error) {
        if (!(error instanceof StripeInputError)) throw error;
        return reply.code(400).type('text/html').send(renderErrorPage('Stripe', error.message));
      }
      return reply.redirect(`/p/session/${session.id}`, 303);
    },
  );
}
