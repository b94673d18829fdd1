import webPush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPushSubscription, receivedPushes, startPushEmulator } from './push-emulator.ts';

/**
 * The push emulator held to web-push, the library Matome sends with: what web-push encrypts (RFC 8291) and signs
 * (RFC 8292) the emulator opens and checks, and what it refuses is what a push service refuses.
 */
let emulator: { url: string; close(): Promise<void> };
const vapid = webPush.generateVAPIDKeys();
const other = webPush.generateVAPIDKeys();

beforeAll(async () => {
  emulator = await startPushEmulator();
});
afterAll(async () => emulator?.close());

type Target = Awaited<ReturnType<typeof createPushSubscription>>;

function post(
  target: Pick<Target, 'endpoint' | 'keys'>,
  payload: string,
  options: { keys?: typeof vapid; change?: (headers: Record<string, string>) => void } = {},
) {
  const details = webPush.generateRequestDetails(target, payload, {
    vapidDetails: { subject: 'mailto:support@matome.test', ...(options.keys ?? vapid) },
    TTL: 60,
    urgency: 'high',
    topic: 'burst1',
  });
  const headers = Object.fromEntries(
    Object.entries(details.headers)
      .filter(([name]) => name !== 'Content-Length')
      .map(([name, value]) => [name, String(value)]),
  );
  options.change?.(headers);
  return fetch(details.endpoint, { method: 'POST', headers, body: new Uint8Array(details.body) });
}

describe('push emulator', () => {
  it('decrypts what web-push encrypted for the subscription and checks its VAPID claims', async () => {
    const subscription = await createPushSubscription(emulator.url, {
      applicationServerKey: vapid.publicKey,
    });
    const payload = JSON.stringify({ title: 'Maya Chen', body: '#general · Acme — 日本語も 🎉' });
    const answer = await post(subscription, payload);
    expect(answer.status).toBe(201);
    expect(answer.headers.get('location')).toMatch(/^\/message\//);

    const [received, ...more] = await receivedPushes(emulator.url, subscription.id);
    expect(more).toHaveLength(0);
    expect(received).toMatchObject({
      payload,
      ttl: 60,
      urgency: 'high',
      topic: 'burst1',
      vapid: { aud: emulator.url, sub: 'mailto:support@matome.test', public_key: vapid.publicKey },
    });
    // A long payload spans the whole record web-push writes.
    const long = 'x'.repeat(3000);
    expect((await post(subscription, long)).status).toBe(201);
    expect((await receivedPushes(emulator.url, subscription.id)).at(-1)!.payload).toBe(long);
  });

  it('refuses what a push service refuses', async () => {
    const subscription = await createPushSubscription(emulator.url, {
      applicationServerKey: vapid.publicKey,
    });
    const stranger = await createPushSubscription(emulator.url);
    // Encrypted for another subscription's keys: it cannot be opened.
    expect((await post({ endpoint: subscription.endpoint, keys: stranger.keys }, 'x')).status).toBe(400);
    // Signed by another application server than the one subscribed.
    expect((await post(subscription, 'x', { keys: other })).status).toBe(403);
    // A forged signature, a missing TTL, no VAPID at all.
    const forged = await post(subscription, 'x', {
      change: (headers) => {
        headers.Authorization = headers.Authorization!.replace(
          /t=([^.]+)\.([^.]+)\./,
          (_all, header: string) => {
            const claims = Buffer.from(JSON.stringify({ aud: emulator.url, exp: 9e9, sub: 'mailto:a@b.c' }));
            return `t=${header}.${claims.toString('base64url')}.`;
          },
        );
      },
    });
    expect(forged.status).toBe(401);
    expect((await post(subscription, 'x', { change: (headers) => delete headers.TTL })).status).toBe(400);
    expect(
      (await post(subscription, 'x', { change: (headers) => delete headers.Authorization })).status,
    ).toBe(401);
    // For another push service's origin.
    const elsewhere = await post(subscription, 'x', {
      change: (headers) => {
        const details = webPush.getVapidHeaders(
          'https://fcm.googleapis.com',
          'mailto:support@matome.test',
          vapid.publicKey,
          vapid.privateKey,
          'aes128gcm',
        );
        headers.Authorization = details.Authorization;
      },
    });
    expect(elsewhere.status).toBe(401);
    expect(await receivedPushes(emulator.url, subscription.id)).toEqual([]);
  });

  it('answers 410 for a subscription marked gone and 404 for one it never made', async () => {
    const subscription = await createPushSubscription(emulator.url);
    expect((await post(subscription, 'x')).status).toBe(201);
    await fetch(`${emulator.url}/_control/subscriptions/${subscription.id}/gone`, { method: 'POST' });
    expect((await post(subscription, 'x')).status).toBe(410);
    const unknown = {
      ...subscription,
      endpoint: `${emulator.url}/push/00000000-0000-4000-8000-000000000000`,
    };
    expect((await post(unknown, 'x')).status).toBe(404);
  });
});
