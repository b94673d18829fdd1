import { createHmac } from 'node:crypto';
import type { StripeObject } from './stripe-objects.ts';

export interface WebhookEndpoint {
  url: string;
  secret: string;
}

export interface DeliveryAttempt {
  status: number | null;
  error?: string;
  at: string;
}

export interface Delivery {
  eventId: string;
  type: string;
  attempts: DeliveryAttempt[];
  delivered: boolean;
}

/**
 * `Stripe-Signature` exactly as Stripe writes it: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload">`, keyed
 * with the endpoint's whole `whsec_…` secret.
 */
export function signPayload(payload: string, secret: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/**
 * Posts each event to the endpoint and retries any answer other than 2xx (or no answer) after each of
 * `retryDelaysMs`. Signatures carry the real time of sending, as Stripe's do even under a test clock, so an
 * endpoint's tolerance check keeps working while the emulator's clock is moved.
 */
export class WebhookSender {
  readonly deliveries: Delivery[] = [];
  private readonly pending = new Set<Promise<void>>();
  private readonly timers = new Set<NodeJS.Timeout>();

  endpoint: WebhookEndpoint | null;
  private readonly retryDelaysMs: number[];

  constructor(endpoint: WebhookEndpoint | null, retryDelaysMs: number[]) {
    this.endpoint = endpoint;
    this.retryDelaysMs = retryDelaysMs;
  }

  send(event: StripeObject): void {
    const endpoint = this.endpoint;
    if (!endpoint) return;
    const delivery: Delivery = {
      eventId: String(event.id),
      type: String(event.type),
      attempts: [],
      delivered: false,
    };
    this.deliveries.push(delivery);
    this.track(this.attempt(endpoint, JSON.stringify(event, null, 2), delivery));
  }

  /** Resolves once every delivery under way (retries waiting on a timer excepted) has had its answer. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private track(work: Promise<void>): void {
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work));
  }

  private async attempt(endpoint: WebhookEndpoint, payload: string, delivery: Delivery): Promise<void> {
    const signature = signPayload(payload, endpoint.secret, Math.floor(Date.now() / 1000));
    const attempt: DeliveryAttempt = { status: null, at: new Date().toISOString() };
    try {
      const response = await fetch(endpoint.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signature,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer();
      attempt.status = response.status;
      delivery.delivered = response.ok;
    } catch (error) {
      attempt.error = error instanceof Error ? error.message : String(error);
    }
    delivery.attempts.push(attempt);
    const wait = this.retryDelaysMs[delivery.attempts.length - 1];
    if (delivery.delivered || wait === undefined) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.track(this.attempt(endpoint, payload, delivery));
    }, wait);
    timer.unref();
    this.timers.add(timer);
  }
}
