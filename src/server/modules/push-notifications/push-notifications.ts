import type { Redis } from 'ioredis';
import type { SourceMessage } from '../../../contract/messages.ts';
import { withOutcome, type QuietHours, type RuleOutcome } from '../../../contract/rules.ts';
import { foldText } from '../../../contract/text-search.ts';
import type { Settings } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { VapidKeys } from '../../lib/secrets.ts';
import type { TokenCipher } from '../../lib/token-cipher.ts';
import { PUSH_FRESH_SECONDS } from './push-decision.ts';
import { createPushSender } from './push-sender.ts';
import { createPushRepo } from './push.repo.ts';
import { pushRoutes } from './push.routes.ts';
import {
  createPushService,
  DELIVERY_CLAIM_SECONDS,
  type PushLog,
  type PushSendObserver,
} from './push.service.ts';

export type PushNotificationsDeps = {
  db: Database;
  settings: Pick<
    Settings,
    'VAPID_SUBJECT' | 'SUPPORT_EMAIL' | 'PUBLIC_URL' | 'PUSH_SERVICE_ORIGINS' | 'PROVIDER_TIMEOUT_MS'
  >;
  vapid: VapidKeys | undefined;
  cipher: TokenCipher;
  redis?: { client: Redis; prefix: string };
  isDemo: (userId: string) => Promise<boolean>;
  connectedAt: (userId: string) => Promise<ReadonlyMap<string, number>>;
  quietHoursOf: (userId: string) => Promise<QuietHours | null>;
  /** Whether the person's inbox shows their real accounts (not sample data of demo or test mode). */
  isLive: (userId: string) => Promise<boolean>;
  /** The person's rules now, to decide gathered messages as the live intake decides what it lays. */
  rulesFor: (userId: string) => Promise<{
    decide(message: SourceMessage, folded: () => string): RuleOutcome | null;
  } | null>;
  /** Told how each send ended (the metrics). */
  observeSend?: PushSendObserver;
  clock: () => number;
  log: PushLog;
};

/**
 * Push notifications put together (decision 159): the service and its routes, and `notifyNew` for the live intake
 * (Slack events, ChatWork webhooks), which sends in the background so that no intake waits for a push service.
 */
export function createPushNotifications(deps: PushNotificationsDeps) {
  const { settings, vapid, redis } = deps;
  const host = new URL(settings.PUBLIC_URL).hostname;
  const subject = settings.VAPID_SUBJECT ?? `mailto:${settings.SUPPORT_EMAIL ?? `support@${host}`}`;
  const service = createPushService({
    repo: createPushRepo(deps.db),
    cipher: deps.cipher,
    ...(vapid
      ? {
          push: {
            sender: createPushSender({ vapid, subject, timeoutMs: settings.PROVIDER_TIMEOUT_MS }),
            publicKey: vapid.publicKey,
          },
        }
      : {}),
    allowedOrigins: settings.PUSH_SERVICE_ORIGINS,
    isDemo: deps.isDemo,
    connectedAt: deps.connectedAt,
    quietHoursOf: deps.quietHoursOf,
    ...(redis
      ? {
          claim: async (userId: string, messageKey: string) =>
            (await redis.client.set(
              `${redis.prefix}push-claim:${userId}:${messageKey}`,
              '1',
              'EX',
              DELIVERY_CLAIM_SECONDS,
              'NX',
            )) === 'OK',
        }
      : {}),
    ...(deps.observeSend ? { observeSend: deps.observeSend } : {}),
    clock: deps.clock,
    log: deps.log,
  });
  const inFlight = new Set<Promise<void>>();
  /** Runs a sending in the background, kept until it ends so that closing waits for it. */
  const background = (task: () => Promise<void>) => {
    const sending: Promise<void> = task()
      .catch((error: unknown) => deps.log.error({ err: error }, 'sending push notifications failed'))
      .finally(() => inFlight.delete(sending));
    inFlight.add(sending);
  };

  return {
    service,
    routes: pushRoutes(service),

    /** Pushes what should notify of these new messages; never fails or holds up the intake that calls it. */
    notifyNew(userId: string, messages: readonly SourceMessage[]): void {
      if (!vapid || messages.length === 0) return;
      background(() => service.notifyNew(userId, messages));
    },

    /**
     * Messages a gathering found (search and history fill what events missed): the fresh ones notify like live
     * ones, and a message an event already pushed is not pushed again (the claim). Sample data never notifies.
     */
    notifyGathered(userId: string, messages: readonly SourceMessage[]): void {
      if (!vapid || messages.length === 0) return;
      background(async () => {
        if (!(await deps.isLive(userId))) return;
        const fresh = messages.filter(
          (message) => deps.clock() / 1000 - message.send_time <= PUSH_FRESH_SECONDS,
        );
        if (fresh.length === 0) return;
        const rules = await deps.rulesFor(userId);
        const decided = rules
          ? fresh.map((message) =>
              withOutcome(
                message,
                rules.decide(message, () => foldText(message.content).text),
              ),
            )
          : fresh;
        await service.notifyNew(userId, decided);
      });
    },

    /** Waits for the notifications being sent, before the database closes. */
    async drain(): Promise<void> {
      await Promise.all([...inFlight]);
    },
  };
}
