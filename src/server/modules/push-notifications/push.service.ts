import type { Language } from '../../../contract/auth.ts';
import type { SourceMessage } from '../../../contract/messages.ts';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  PUSH_COLLAPSE_WINDOW_SECONDS,
  PUSH_SUBSCRIPTIONS_PER_USER_MAX,
  pushErrorCodes,
  type NotificationPreferences,
  type PushDevice,
  type PushPayload,
  type PushSubscribeInput,
} from '../../../contract/push-notifications.ts';
import { quietHoursEndAt } from '../../../contract/quiet-hours.ts';
import type { QuietHours } from '../../../contract/rules.ts';
import { HttpError } from '../../lib/http-error.ts';
import { PUSH_KEYS_PURPOSE, type TokenCipher } from '../../lib/token-cipher.ts';
import { notifyVerdict } from './push-decision.ts';
import type { PushSender, PushTarget } from './push-sender.ts';
import { burstTag, heldPayload, messagePath, messagePayload, testPayload } from './push-text.ts';
import type { NotificationPreferencesRow, PushRepo, PushSubscriptionRow } from './push.repo.ts';

/** How long a claim that a message was pushed is kept: longer than any replay of an event. */
export const DELIVERY_CLAIM_SECONDS = 24 * 60 * 60;

export type PushLog = {
  warn: (object: object, message: string) => void;
  error: (object: object, message: string) => void;
};

export type PushServiceDeps = {
  repo: PushRepo;
  cipher: TokenCipher;
  /** Absent when there is no VAPID pair: push is off and says so. */
  push?: { sender: PushSender; publicKey: string };
  /** The push services a subscription may point at (PUSH_SERVICE_ORIGINS). */
  allowedOrigins: readonly string[];
  isDemo: (userId: string) => Promise<boolean>;
  /**
   * The person's connections now, each with when it was made (ms since the epoch): the preferences may name only
   * these, and a message sent before its connection was made is history, not news.
   */
  connectedAt: (userId: string) => Promise<ReadonlyMap<string, number>>;
  /** The person's quiet hours (the rules' settings, decision 156). */
  quietHoursOf: (userId: string) => Promise<QuietHours | null>;
  /**
   * Claims a message's notification for a person once across instances (Redis SET NX when there is Redis);
   * by default a unique row in the database.
   */
  claim?: (userId: string, messageKey: string) => Promise<boolean>;
  /** Told how each send ended (the metrics). */
  observeSend?: PushSendObserver;
  clock: () => number;
  log: PushLog;
};

/**
 * How one send to a device ended: `sent`; `gone` (the push service no longer knows the subscription, 404/410, and it
 * is removed); `refused` (another status); `unreachable` (no answer, a timeout); `unreadable` (its keys cannot be
 * opened any more, so nothing was sent and it is removed).
 */
export type PushSendOutcome = 'sent' | 'gone' | 'refused' | 'unreachable' | 'unreadable';
export type PushSendObserver = (outcome: PushSendOutcome) => void;

/** Whether an endpoint is at one of the allowed push services (`https://*.example.com` covers its subdomains). */
export function isAllowedPushService(endpoint: string, origins: readonly string[]): boolean {
  const url = new URL(endpoint);
  return origins.some((origin) => {
    const wildcard = origin.includes('://*.');
    const allowed = new URL(origin.replace('://*.', '://'));
    if (allowed.protocol !== url.protocol || allowed.port !== url.port) return false;
    return wildcard ? url.hostname.endsWith(`.${allowed.hostname}`) : url.hostname === allowed.hostname;
  });
}

function toDevice(row: PushSubscriptionRow): PushDevice {
  return {
    id: row.id,
    label: row.deviceLabel ?? '',
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

function toPreferences(row: NotificationPreferencesRow | undefined): NotificationPreferences {
  if (!row) return DEFAULT_NOTIFICATION_PREFERENCES;
  return { kinds: row.kinds, connection_ids: row.connectionIds, include_first_line: row.includeFirstLine };
}

const notFound = () => new HttpError(404, 'Device not found', pushErrorCodes.notFound);

/** Devices subscribed to Web Push, what notifies, and the sending itself (issue 25, decision 159). */
export function createPushService(deps: PushServiceDeps) {
  const { repo, cipher } = deps;
  const claim = deps.claim ?? ((userId, key) => repo.claimDelivery(userId, key));

  function requirePush() {
    if (!deps.push)
      throw new HttpError(
        503,
        'Push notifications are not set up on this server',
        pushErrorCodes.unavailable,
      );
    return deps.push;
  }

  async function requireWritable(userId: string): Promise<void> {
    if (await deps.isDemo(userId))
      throw new HttpError(403, 'Notifications cannot be turned on for a demo account', pushErrorCodes.demo);
  }

  /** The device's address and keys; null when its keys were sealed under a key this server no longer has. */
  function targetOf(row: PushSubscriptionRow): PushTarget | null {
    const opened = cipher.open(row.keysSealed, PUSH_KEYS_PURPOSE);
    if (opened === null) return null;
    return { endpoint: row.endpoint, keys: JSON.parse(opened) as PushTarget['keys'] };
  }

  /** Sends to one device; a subscription the push service calls gone is removed. Answers whether it arrived. */
  async function deliver(row: PushSubscriptionRow, payload: PushPayload, topic?: string): Promise<boolean> {
    const { sender } = requirePush();
    const observed = (outcome: PushSendOutcome) => deps.observeSend?.(outcome);
    const target = targetOf(row);
    if (!target) {
      observed('unreadable');
      // Nothing can be sent to it any more; the browser subscribes again when the person turns it back on.
      await repo.removeGone(row.id, row.endpoint);
      return false;
    }
    let answered = false;
    try {
      const result = await sender.send(target, payload, topic);
      answered = true;
      observed(result.kind === 'failed' ? 'refused' : result.kind);
      if (result.kind === 'sent') {
        await repo.markUsed(row.id, new Date(deps.clock()));
        return true;
      }
      if (result.kind === 'gone') {
        await repo.removeGone(row.id, row.endpoint);
      } else {
        deps.log.warn({ status: result.status, device: row.id }, 'a push service refused a notification');
      }
    } catch (error) {
      if (!answered) observed('unreachable');
      deps.log.warn({ err: error, device: row.id }, 'a notification could not reach its push service');
    }
    return false;
  }

  return {
    publicKey(): { public_key: string } {
      return { public_key: requirePush().publicKey };
    },

    async listDevices(userId: string): Promise<{ devices: PushDevice[] }> {
      return { devices: (await repo.list(userId)).map(toDevice) };
    },

    async subscribe(userId: string, input: PushSubscribeInput, label: string | null): Promise<PushDevice> {
      requirePush();
      await requireWritable(userId);
      if (!isAllowedPushService(input.endpoint, deps.allowedOrigins))
        throw new HttpError(
          400,
          'endpoint: not the address of a known push service',
          pushErrorCodes.pushService,
        );
      const row = await repo.upsert(
        {
          userId,
          endpoint: input.endpoint,
          keysSealed: cipher.seal(JSON.stringify(input.keys), PUSH_KEYS_PURPOSE),
          deviceLabel: label,
          language: input.language,
        },
        PUSH_SUBSCRIPTIONS_PER_USER_MAX,
      );
      if (row === 'limit')
        throw new HttpError(
          403,
          `You can turn notifications on for at most ${PUSH_SUBSCRIPTIONS_PER_USER_MAX} devices`,
          pushErrorCodes.limit,
        );
      return toDevice(row);
    },

    async removeDevice(userId: string, deviceId: string): Promise<void> {
      if (!(await repo.remove(userId, deviceId))) throw notFound();
    },

    /** Sends a test notification to one of the person's devices; answers whether the push service took it. */
    async sendTest(userId: string, deviceId: string): Promise<{ delivered: boolean }> {
      requirePush();
      const row = await repo.find(userId, deviceId);
      if (!row) throw notFound();
      const delivered = await deliver(row, testPayload(row.language as Language));
      if (!delivered && !(await repo.find(userId, deviceId))) throw notFound();
      return { delivered };
    },

    async preferences(userId: string): Promise<NotificationPreferences> {
      return toPreferences(await repo.preferences(userId));
    },

    async savePreferences(userId: string, input: NotificationPreferences): Promise<NotificationPreferences> {
      await requireWritable(userId);
      if (input.connection_ids) {
        const own = await deps.connectedAt(userId);
        if (!input.connection_ids.every((id) => own.has(id)))
          throw new HttpError(
            400,
            'connection_ids: not one of your connections',
            pushErrorCodes.unknownConnection,
          );
      }
      return toPreferences(
        await repo.savePreferences(userId, {
          kinds: input.kinds,
          connectionIds: input.connection_ids,
          includeFirstLine: input.include_first_line,
        }),
      );
    },

    /**
     * New messages for a person, as the live intake classified them (with the rules' outcome): each that should
     * notify goes once to each of their devices. Mentions within a minute of a burst's first collapse into it: the
     * device shows one notification counting them, each push replacing the one before through the burst's tag.
     */
    async notifyNew(userId: string, messages: readonly SourceMessage[]): Promise<void> {
      if (!deps.push || messages.length === 0) return;
      const devices = await repo.list(userId);
      if (devices.length === 0) return;
      const [preferences, quietHours, connectedAt] = await Promise.all([
        repo.preferences(userId).then(toPreferences),
        deps.quietHoursOf(userId),
        deps.connectedAt(userId),
      ]);
      const ordered = [...messages].sort((a, b) => a.send_time - b.send_time);
      for (const message of ordered) {
        const now = new Date(deps.clock());
        const verdict = notifyVerdict(message, { preferences, quietHours, connectedAt, now });
        if (verdict !== 'notify' && verdict !== 'quiet-hours') continue;
        if (!(await claim(userId, `${message.platform}:${message.platform_message_id}`))) continue;
        if (verdict === 'quiet-hours') {
          await repo.hold(userId, messagePath(message), quietHoursEndAt(quietHours, now)!);
          continue;
        }
        const burst = await repo.countIntoBurst(userId, now, PUSH_COLLAPSE_WINDOW_SECONDS * 1000);
        const tag = burstTag(burst.startedAt);
        await Promise.all(
          devices.map((device) =>
            deliver(
              device,
              messagePayload(message, {
                language: device.language as Language,
                count: burst.count,
                tag,
                includeFirstLine: preferences.include_first_line,
              }),
              `m${burst.startedAt.getTime()}`,
            ),
          ),
        );
      }
    },

    /** Sends what the quiet hours held, once their end has come: one notification per device saying how many. */
    async releaseHeld(): Promise<number> {
      if (!deps.push) return 0;
      const due = await repo.takeDueHeld(new Date(deps.clock()));
      for (const held of due) {
        const devices = await repo.list(held.userId);
        await Promise.all(
          devices.map((device) =>
            deliver(device, heldPayload(device.language as Language, held.count, held.latestUrl)),
          ),
        );
      }
      return due.length;
    },

    async sweepDeliveries(): Promise<number> {
      return repo.sweepDeliveries(new Date(deps.clock() - DELIVERY_CLAIM_SECONDS * 1000));
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
