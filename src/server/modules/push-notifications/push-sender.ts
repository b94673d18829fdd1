import type { PushPayload } from '../../../contract/push-notifications.ts';
import type { VapidKeys } from '../../lib/secrets.ts';

export type PushTarget = { endpoint: string; keys: { p256dh: string; auth: string } };

/** What the push service answered: delivered, gone for good (404/410: remove the subscription), or failed. */
export type PushResult =
  { kind: 'sent' } | { kind: 'gone'; status: number } | { kind: 'failed'; status: number };

/** A mention is worth a day on a device that is offline; the push service drops it after that. */
const TTL_SECONDS = 24 * 60 * 60;

/**
 * Sends Web Push messages: web-push encrypts the payload (RFC 8291, aes128gcm) and signs the VAPID JWT (RFC 8292);
 * the request itself goes out with `fetch`, so it has a time limit and the sandbox's push emulator on this machine
 * (plain http) is reached like any push service.
 */
export function createPushSender(options: { vapid: VapidKeys; subject: string; timeoutMs: number }) {
  const vapidDetails = { subject: options.subject, ...options.vapid };

  return {
    async send(target: PushTarget, payload: PushPayload, topic?: string): Promise<PushResult> {
      // web-push is loaded with the first notification rather than on every start (decision 164).
      const { default: webPush } = await import('web-push');
      const details = webPush.generateRequestDetails(target, JSON.stringify(payload), {
        vapidDetails,
        TTL: TTL_SECONDS,
        urgency: 'high',
        contentEncoding: 'aes128gcm',
        ...(topic ? { topic } : {}),
      });
      const headers = Object.fromEntries(
        Object.entries(details.headers).map(([name, value]) => [name, String(value)]),
      );
      // fetch sets the length itself.
      delete headers['Content-Length'];
      const response = await fetch(details.endpoint, {
        method: details.method,
        headers,
        body: new Uint8Array(details.body),
        signal: AbortSignal.timeout(options.timeoutMs),
        redirect: 'error',
      });
      await response.body?.cancel();
      if (response.ok) return { kind: 'sent' };
      if (response.status === 404 || response.status === 410)
        return { kind: 'gone', status: response.status };
      return { kind: 'failed', status: response.status };
    },
  };
}

export type PushSender = ReturnType<typeof createPushSender>;
