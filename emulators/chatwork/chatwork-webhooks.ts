import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { EmulatorContext } from '../core/emulator-server.ts';
import type { ChatworkStore } from './chatwork-store.ts';

/**
 * Account webhooks (shared/providers/chatwork.md §5), which a ChatWork user creates on the webhook settings page
 * and which this emulator takes through its control API instead:
 * - `POST /_control/webhooks` `{account_id, url, token?}` creates a `mention_to_me` webhook for a seeded account
 *   and answers it with its `webhook_setting_id` and token (base64 of a 32-byte key, as ChatWork shows one; a
 *   given token is kept). At most 5 per account, as on ChatWork. `GET` lists them, `DELETE …/{id}` removes one.
 * - `POST /_control/messages` `{room_id, account_id, body}` posts as any member of a room, as the API's
 *   `POST /rooms/{room_id}/messages` does for the token's account.
 * A posted message with `[To:{account_id}]` for a member of the room other than the sender is delivered to each of
 * that account's webhooks: ChatWork's JSON body, `X-ChatWorkWebhookSignature` (and the `chatwork_webhook_signature`
 * query parameter) = base64(HMAC-SHA256(body, base64-decoded token)). ChatWork never retries, and neither does
 * this; every delivery is recorded (`GET /_control/webhooks/deliveries`).
 *
 * Not modelled: room events (`message_created`, `message_updated`), edits, whether `[toall]` or `[rp aid=…]` also
 * count as mention_to_me (undocumented), ChatWork's https-only URLs (local http is accepted), and turning off a
 * webhook whose deliveries keep failing (ChatWork does so at an unpublished error rate).
 */

const MAX_WEBHOOKS_PER_ACCOUNT = 5;
/** ChatWork does not publish its delivery timeout; an answer slower than this counts as failed. */
const DELIVERY_TIMEOUT_MS = 10_000;
const USER_AGENT = 'ChatWork-Webhook/1.0.0';
/** A long-running sandbox keeps only the most recent deliveries. */
const MAX_RECORDED_DELIVERIES = 1_000;

export interface ChatworkWebhookSetting {
  webhook_setting_id: string;
  name: string;
  account_id: number;
  url: string;
  token: string;
  event_type: 'mention_to_me';
}

export interface ChatworkWebhookDelivery {
  webhook_setting_id: string;
  account_id: number;
  message_id: string;
  url: string;
  /** The app's HTTP status; null when it could not be reached or did not answer in time. */
  status: number | null;
  /** The exact body sent, for checking what the app received. */
  body: string;
  at: string;
}

const createSchema = z.strictObject({
  account_id: z.number().int().positive(),
  name: z.string().max(100).default(''),
  url: z.url(),
  token: z
    .string()
    .regex(/^[A-Za-z0-9+/]{16,200}={0,2}$/)
    .optional(),
  event_type: z.literal('mention_to_me').default('mention_to_me'),
});

const postSchema = z.strictObject({
  room_id: z.number().int().positive(),
  account_id: z.number().int().positive(),
  body: z.string().min(1).max(65_535),
});

function refuse(reply: FastifyReply, status: number, message: string) {
  return reply.code(status).send({ error: 'invalid_control_request', message });
}

export function signWebhookBody(token: string, body: string): string {
  return createHmac('sha256', Buffer.from(token, 'base64')).update(body).digest('base64');
}

/** The accounts a message body addresses with `[To:…]`, each once. */
function addressedAccounts(body: string): number[] {
  return [...new Set([...body.matchAll(/\[To:(\d+)\]/g)].map((match) => Number(match[1])))];
}

async function deliver(
  store: ChatworkStore,
  setting: ChatworkWebhookSetting,
  messageId: string,
  body: string,
  nowMs: number,
): Promise<void> {
  const signature = signWebhookBody(setting.token, body);
  const target = new URL(setting.url);
  target.searchParams.set('chatwork_webhook_signature', signature);
  let status: number | null;
  try {
    const response = await fetch(target, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': USER_AGENT,
        'x-chatworkwebhooksignature': signature,
      },
      body,
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    status = response.status;
    await response.arrayBuffer();
  } catch {
    status = null;
  }
  if (store.webhookDeliveries.length >= MAX_RECORDED_DELIVERIES) store.webhookDeliveries.shift();
  store.webhookDeliveries.push({
    webhook_setting_id: setting.webhook_setting_id,
    account_id: setting.account_id,
    message_id: messageId,
    url: setting.url,
    status,
    body,
    at: new Date(nowMs).toISOString(),
  });
}

/** Sends a newly posted message to the webhooks of the room's members it mentions; never waits for them. */
export function announceMessage(
  context: EmulatorContext<ChatworkStore>,
  roomId: number,
  messageId: string,
): void {
  const store = context.state();
  const message = store.message(roomId, messageId);
  if (!message) return;
  const nowMs = context.clock.now();
  for (const accountId of addressedAccounts(message.body)) {
    if (accountId === message.account_id || !store.roomFor(roomId, accountId)) continue;
    for (const setting of store.webhookSettings.filter((candidate) => candidate.account_id === accountId)) {
      const body = JSON.stringify({
        webhook_setting_id: setting.webhook_setting_id,
        webhook_event_type: setting.event_type,
        webhook_event_time: Math.floor(nowMs / 1000),
        webhook_event: {
          from_account_id: message.account_id,
          to_account_id: accountId,
          room_id: roomId,
          message_id: message.message_id,
          body: message.body,
          send_time: message.send_time,
          update_time: message.update_time ?? 0,
        },
      });
      void deliver(store, setting, message.message_id, body, nowMs);
    }
  }
}

export type WebhookCreation =
  { ok: true; setting: ChatworkWebhookSetting } | { ok: false; status: 400 | 404; message: string };

/** Creates an account webhook as ChatWork's settings page does, for the control API and the emulated page. */
export function createWebhookSetting(store: ChatworkStore, input: unknown): WebhookCreation {
  const parsed = createSchema.safeParse(input);
  if (!parsed.success) return { ok: false, status: 400, message: z.prettifyError(parsed.error) };
  const { account_id, name, url, token, event_type } = parsed.data;
  if (!store.account(account_id))
    return { ok: false, status: 404, message: `No seeded account ${account_id}` };
  const owned = store.webhookSettings.filter((setting) => setting.account_id === account_id);
  if (owned.length >= MAX_WEBHOOKS_PER_ACCOUNT) {
    return { ok: false, status: 400, message: `An account has at most ${MAX_WEBHOOKS_PER_ACCOUNT} webhooks` };
  }
  const setting: ChatworkWebhookSetting = {
    webhook_setting_id: String(store.nextWebhookSettingId()),
    name,
    account_id,
    url,
    token: token ?? randomBytes(32).toString('base64'),
    event_type,
  };
  store.webhookSettings.push(setting);
  return { ok: true, setting };
}

export function chatworkWebhookRoutes(app: FastifyInstance, context: EmulatorContext<ChatworkStore>): void {
  app.post('/_control/webhooks', async (request, reply) => {
    const created = createWebhookSetting(context.state(), request.body ?? {});
    if (!created.ok) return refuse(reply, created.status, created.message);
    return created.setting;
  });

  app.get('/_control/webhooks', async () => ({ webhooks: context.state().webhookSettings }));

  app.delete('/_control/webhooks/:settingId', async (request, reply) => {
    const { settingId } = request.params as { settingId: string };
    const store = context.state();
    const index = store.webhookSettings.findIndex((setting) => setting.webhook_setting_id === settingId);
    if (index < 0) return refuse(reply, 404, `No webhook ${settingId}`);
    store.webhookSettings.splice(index, 1);
    return { ok: true };
  });

  app.get('/_control/webhooks/deliveries', async () => ({ deliveries: context.state().webhookDeliveries }));

  app.post('/_control/messages', async (request, reply) => {
    const parsed = postSchema.safeParse(request.body ?? {});
    if (!parsed.success) return refuse(reply, 400, z.prettifyError(parsed.error));
    const { room_id, account_id, body } = parsed.data;
    const store = context.state();
    if (!store.roomFor(room_id, account_id)) {
      return refuse(reply, 404, `Account ${account_id} is not a member of room ${room_id}`);
    }
    const messageId = store.postMessage(room_id, account_id, body, context.clock.nowSeconds());
    announceMessage(context, room_id, messageId);
    return { message_id: messageId };
  });
}
