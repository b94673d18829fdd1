import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { EmulatorContext } from '../core/emulator-server.ts';
import { StripeInputError, type StripeStore } from './stripe-store.ts';

/**
 * The Stripe emulator's own controls, beside the shared `/_control` API: Stripe's test clocks in one call (move
 * time on and let every renewal, trial end, end of period and expiry that fell due happen), declining a customer's
 * card, paying an open invoice again, pointing webhooks somewhere, and reading what was delivered.
 */
const advanceSchema = z
  .object({ seconds: z.number().int().min(0).optional(), days: z.number().min(0).optional() })
  .strict();
const declineSchema = z.object({ declines: z.boolean() }).strict();
const endpointSchema = z.object({ url: z.string().url(), secret: z.string().startsWith('whsec_') }).strict();

export function stripeControlRoutes(app: FastifyInstance, context: EmulatorContext<StripeStore>): void {
  app.post('/_control/advance', async (request, reply) => {
    const parsed = advanceSchema.safeParse(request.body ?? {});
    if (!parsed.success)
      return reply.code(400).send({ error: 'invalid_control_request', message: parsed.error.message });
    context.clock.advance(((parsed.data.seconds ?? 0) + (parsed.data.days ?? 0) * 86_400) * 1000);
    context.state().runDue(context.clock.nowSeconds());
    await context.state().webhooks.settled();
    return { now: new Date(context.clock.now()).toISOString() };
  });

  app.post<{ Params: { id: string } }>('/_control/customers/:id/card', async (request, reply) => {
    const parsed = declineSchema.safeParse(request.body ?? {});
    if (!parsed.success)
      return reply.code(400).send({ error: 'invalid_control_request', message: parsed.error.message });
    const store = context.state();
    if (!store.customers.has(request.params.id)) return reply.code(404).send({ error: 'no_such_customer' });
    if (parsed.data.declines) store.decliningCustomers.add(request.params.id);
    else store.decliningCustomers.delete(request.params.id);
    return { ok: true };
  });

  app.post<{ Params: { id: string } }>('/_control/subscriptions/:id/pay', async (request, reply) => {
    const store = context.state();
    const subscription = store.subscriptions.get(request.params.id);
    if (!subscription) return reply.code(404).send({ error: 'no_such_subscription' });
    try {
      store.retryLatestInvoice(subscription, context.clock.nowSeconds());
    } catch (error) {
      if (!(error instanceof StripeInputError)) throw error;
      return reply.code(400).send({ error: 'invoice_not_open', message: error.message });
    }
    await store.webhooks.settled();
    return { status: subscription.status };
  });

  app.post('/_control/webhook-endpoint', async (request, reply) => {
    const parsed = endpointSchema.safeParse(request.body ?? {});
    if (!parsed.success)
      return reply.code(400).send({ error: 'invalid_control_request', message: parsed.error.message });
    context.state().webhooks.endpoint = parsed.data;
    return { ok: true };
  });

  /** Every delivery and its attempts, once the ones under way have their answers. */
  app.get('/_control/webhooks', async () => {
    await context.state().webhooks.settled();
    return { deliveries: context.state().webhooks.deliveries };
  });

  app.get('/_control/events', async () => ({ events: [...context.state().events.values()] }));
}
