/**
 * A local stand-in for a browser's push service (RFC 8030), so push notifications are tested without the internet.
 * The control API creates subscriptions as a browser's push service and the browser together would: an endpoint on
 * this emulator and the `p256dh`/`auth` keys, whose private half it keeps. `POST /push/:id` takes a push message as
 * a push service does: it checks the VAPID authorization (RFC 8292), decrypts the aes128gcm body (RFC 8291) with
 * the subscription's private key, keeps the plaintext for tests to read and answers 201 with a Location; a
 * subscription marked gone answers 410 and an unknown one 404.
 *
 * What it knowingly does not model: delivery to a browser (it keeps the messages instead), the message and
 * subscription resources' GET/DELETE, receipts (`Prefer: respond-async`), TTL expiry, replacement by Topic,
 * the legacy aesgcm encoding, and push services' own rate limits.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  startEmulator,
  type EmulatorContext,
  type EmulatorDefinition,
  type RunningEmulator,
  type StartOptions,
} from '../core/emulator-server.ts';
import {
  decryptAes128gcm,
  newSubscriptionKeys,
  publicKeysOf,
  PushCryptoError,
  verifyVapid,
  type SubscriptionKeys,
  type VapidClaims,
} from './push-crypto.ts';

/** A push message as the emulator received and decrypted it. */
export type ReceivedPush = {
  id: string;
  subscription_id: string;
  /** The decrypted payload as UTF-8 text. */
  payload: string;
  ttl: number;
  urgency: string | null;
  topic: string | null;
  vapid: VapidClaims & { public_key: string };
  received_at: string;
};

type Subscription = {
  id: string;
  keys: SubscriptionKeys;
  /** The application server key the subscription was made with; pushes signed by another key get 403. */
  applicationServerKey: string | null;
  gone: boolean;
};

type PushState = { subscriptions: Map<string, Subscription>; received: ReceivedPush[] };

const pushSeedSchema = z.object({}).strict();
type PushSeed = z.infer<typeof pushSeedSchema>;

const createSubscriptionSchema = z
  .object({ applicationServerKey: z.string().min(1).optional(), gone: z.boolean().optional() })
  .strict();

/** The body as the push service got it; kept as base64 so the request log stays readable. */
type EncryptedBody = { encrypted_bytes: number; base64: string };

function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

function routes(app: FastifyInstance, context: EmulatorContext<PushState>): void {
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_request, body, done) => {
    const bytes = body as Buffer;
    done(null, { encrypted_bytes: bytes.length, base64: bytes.toString('base64') } satisfies EncryptedBody);
  });

  app.post('/_control/subscriptions', async (request, reply) => {
    const parsed = createSubscriptionSchema.safeParse(request.body ?? {});
    if (!parsed.success) return reply.code(400).send({ error: 'invalid_control_request' });
    const subscription: Subscription = {
      id: randomUUID(),
      keys: newSubscriptionKeys(),
      applicationServerKey: parsed.data.applicationServerKey ?? null,
      gone: parsed.data.gone ?? false,
    };
    context.state().subscriptions.set(subscription.id, subscription);
    return reply.code(201).send({
      id: subscription.id,
      endpoint: `${originOf(request)}/push/${subscription.id}`,
      expirationTime: null,
      keys: publicKeysOf(subscription.keys),
    });
  });

  app.post<{ Params: { id: string } }>('/_control/subscriptions/:id/gone', async (request, reply) => {
    const subscription = context.state().subscriptions.get(request.params.id);
    if (!subscription) return reply.code(404).send({ error: 'unknown_subscription' });
    subscription.gone = true;
    return { ok: true };
  });

  app.get<{ Querystring: { subscription?: string } }>('/_control/received', async (request) => {
    const wanted = request.query.subscription;
    const received = context.state().received;
    return { received: wanted ? received.filter((push) => push.subscription_id === wanted) : received };
  });

  app.post<{ Params: { id: string } }>('/push/:id', async (request, reply) => {
    const subscription = context.state().subscriptions.get(request.params.id);
    if (!subscription) return reply.code(404).send({ reason: 'No such subscription' });
    if (subscription.gone) return reply.code(410).send({ reason: 'The subscription has expired' });
    const ttlHeader = request.headers.ttl;
    const ttl = Number(ttlHeader);
    if (typeof ttlHeader !== 'string' || !/^\d+$/.test(ttlHeader))
      return reply.code(400).send({ reason: 'TTL header missing or not a number (RFC 8030 §5.2)' });
    let vapid: ReturnType<typeof verifyVapid>;
    try {
      vapid = verifyVapid(request.headers.authorization, originOf(request), context.clock.nowSeconds());
    } catch (error) {
      if (error instanceof PushCryptoError) return reply.code(401).send({ reason: error.message });
      throw error;
    }
    if (subscription.applicationServerKey && subscription.applicationServerKey !== vapid.publicKey)
      return reply.code(403).send({ reason: 'The VAPID key is not the one the subscription was made with' });
    const body = request.body as EncryptedBody | undefined;
    if (request.headers['content-encoding'] !== 'aes128gcm' || !body?.base64)
      return reply.code(415).send({ reason: 'Only aes128gcm bodies are accepted (RFC 8291)' });
    let payload: Buffer;
    try {
      payload = decryptAes128gcm(Buffer.from(body.base64, 'base64'), subscription.keys);
    } catch (error) {
      if (error instanceof PushCryptoError) return reply.code(400).send({ reason: error.message });
      throw error;
    }
    const header = (name: string) => {
      const value = request.headers[name];
      return typeof value === 'string' ? value : null;
    };
    const push: ReceivedPush = {
      id: randomUUID(),
      subscription_id: subscription.id,
      payload: payload.toString('utf8'),
      ttl,
      urgency: header('urgency'),
      topic: header('topic'),
      vapid: { ...vapid.claims, public_key: vapid.publicKey },
      received_at: new Date(context.clock.now()).toISOString(),
    };
    context.state().received.push(push);
    return reply.code(201).header('location', `/message/${push.id}`).send();
  });
}

export const pushEmulatorDefinition: EmulatorDefinition<PushSeed, PushState> = {
  name: 'push service',
  seedSchema: pushSeedSchema,
  createState: () => ({ subscriptions: new Map(), received: [] }),
  errorBody: (_status, message) => ({ reason: message }),
  routes,
};

export function startPushEmulator(options: StartOptions<PushSeed> = {}): Promise<RunningEmulator> {
  return startEmulator(pushEmulatorDefinition, options.seed ?? {}, options);
}

/** A subscription as `PushSubscription.toJSON()` gives it, made on the emulator at `url`. */
export async function createPushSubscription(
  url: string,
  options: { applicationServerKey?: string; gone?: boolean } = {},
): Promise<{ id: string; endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } }> {
  const response = await fetch(`${url}/_control/subscriptions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(options),
  });
  if (response.status !== 201) throw new Error(`creating a push subscription answered ${response.status}`);
  return (await response.json()) as Awaited<ReturnType<typeof createPushSubscription>>;
}

/** The pushes the emulator received, for one subscription or all. */
export async function receivedPushes(url: string, subscriptionId?: string): Promise<ReceivedPush[]> {
  const query = subscriptionId ? `?subscription=${encodeURIComponent(subscriptionId)}` : '';
  const response = await fetch(`${url}/_control/received${query}`);
  return ((await response.json()) as { received: ReceivedPush[] }).received;
}
