import { matchesTypeFilter } from '../../../contract/classification.ts';
import type { SourceMessage } from '../../../contract/messages.ts';
import type { NotificationPreferences } from '../../../contract/push-notifications.ts';
import { quietHoursEndAt } from '../../../contract/quiet-hours.ts';
import type { QuietHours } from '../../../contract/rules.ts';

/**
 * A message older than this is not news: history filled in after an outage or a first gathering never notifies,
 * only what arrives while it is fresh.
 */
export const PUSH_FRESH_SECONDS = 10 * 60;

export type NotifyContext = {
  preferences: NotificationPreferences;
  quietHours: QuietHours | null;
  /** The person's connections now, each with when it was made (ms since the epoch). */
  connectedAt: ReadonlyMap<string, number>;
  now: Date;
};

export type NotifyVerdict =
  'notify' | 'muted' | 'rule-never' | 'quiet-hours' | 'connection' | 'kind' | 'stale' | 'history' | 'own';

/**
 * Whether a new message notifies (decision 159). A muted message never does, nor one a rule says never to notify,
 * nor what is older than a few minutes, nor what was sent before its connection was made (a new connection's history,
 * however recent, is not news), nor a message of a connection the person left out; a rule's "notify" then
 * wins over the kinds, otherwise its kind must be chosen. What would notify during the quiet hours is held for
 * their end (`quiet-hours`). `message` carries the rules' outcome (`muted`, `notify`) as the live intake lays it.
 */
export function notifyVerdict(message: SourceMessage, context: NotifyContext): NotifyVerdict {
  // What the person wrote themselves (a gathered DM holds both sides) is never news to them.
  if (String(message.account.account_id) === message.account_info.platform_user_id) return 'own';
  if (message.muted === true) return 'muted';
  if (message.notify === false) return 'rule-never';
  if (context.now.getTime() / 1000 - message.send_time > PUSH_FRESH_SECONDS) return 'stale';
  const connectionId = message.account_info.connection_id;
  const connectedAt = context.connectedAt.get(connectionId);
  if (connectedAt === undefined) return 'connection';
  if (message.send_time < Math.floor(connectedAt / 1000)) return 'history';
  const { connection_ids: connections, kinds } = context.preferences;
  if (connections && !connections.includes(connectionId)) return 'connection';
  const chosen =
    message.notify === true || kinds.some((kind) => matchesTypeFilter(message.mention_types, kind));
  if (!chosen) return 'kind';
  return quietHoursEndAt(context.quietHours, context.now) ? 'quiet-hours' : 'notify';
}
