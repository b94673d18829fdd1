import { AlarmClock, AlarmClockOff, CircleHelp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '../../../../contract/auth-constants.ts';
import type { UnifiedMessage } from '../../../../contract/messages.ts';
import type { Snooze } from '../../../../contract/triage.ts';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { localTimeZone } from '../lib/local-time-zone.ts';
import { plainTextOf } from '../../../../contract/markup/plain-text.ts';
import { formatSnoozeTime } from '../lib/snooze-format.ts';

interface SnoozedViewProps {
  /** The snoozes still waiting, soonest first. */
  waiting: readonly Snooze[];
  /** The inbox's messages by id, snoozed ones included. */
  messageOf(id: string): UnifiedMessage | undefined;
  now: number;
  onUnsnooze(snoozes: readonly Snooze[]): void;
}

const buttonClassName =
  'inline-flex shrink-0 items-center gap-1.5 rounded-md px-2 py-1.5 text-xs font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-100 hover:text-slate-900';

/**
 * What waits and until when, soonest first, each with its Unsnooze. A snooze whose message is no longer in the
 * inbox (it left the latest 100 of its room or channel, or was deleted at the source) is listed by its id with why,
 * and its snooze can be removed (docs/decisions/151).
 */
export function SnoozedView({ waiting, messageOf, now, onUnsnooze }: SnoozedViewProps) {
  const { t, i18n } = useTranslation('triage');
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const timeOf = (snooze: Snooze) =>
    formatSnoozeTime(new Date(snooze.until), { language, timeZone: localTimeZone(), now: new Date(now) });

  return (
    <section aria-labelledby="snoozed-title" className="space-y-3">
      <div>
        <h2 id="snoozed-title" className="text-lg font-semibold text-slate-900">
          {t('snoozed.title')}
        </h2>
        <p className="text-sm text-slate-600">{t('snoozed.description')}</p>
        <p role="status" className="mt-1 text-sm text-slate-600">
          {t('snoozed.count', { count: waiting.length })}
        </p>
      </div>
      {waiting.length === 0 ? (
        <EmptyState icon={AlarmClockOff} title={t('snoozed.emptyTitle')} body={t('snoozed.emptyBody')} />
      ) : (
        <ol aria-label={t('snoozed.title')} className="space-y-3">
          {waiting.map((snooze) => {
            const message = messageOf(`${snooze.platform}-${snooze.platform_message_id}`);
            return (
              <li
                key={snooze.id}
                data-snooze-id={snooze.id}
                className="flex items-start gap-3 rounded-xl border border-slate-200 bg-white p-4"
              >
                {message ? (
                  <AlarmClock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
                ) : (
                  <CircleHelp aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
                )}
                <div className="min-w-0 flex-1">
                  {message ? (
                    <>
                      <p className="text-sm font-medium text-slate-900">
                        {message.sender.name}
                        <span className="font-normal text-slate-600"> · {message.location.name}</span>
                      </p>
                      <p className="line-clamp-2 text-sm text-slate-700">{plainTextOf(message)}</p>
                    </>
                  ) : (
                    <>
                      <p className="text-sm font-medium text-slate-900">{t('snoozed.missingTitle')}</p>
                      <p className="text-sm text-slate-600">{t('snoozed.missingBody')}</p>
                      <p className="text-xs break-all text-slate-500">
                        {t('snoozed.missingId', { id: snooze.platform_message_id })}
                      </p>
                    </>
                  )}
                  <p className="mt-1 text-xs font-medium text-amber-900">
                    {t('snoozed.until', { time: timeOf(snooze) })}
                  </p>
                </div>
                <button
                  type="button"
                  className={buttonClassName}
                  aria-label={
                    message
                      ? t('snoozed.unsnoozeLabel', { sender: message.sender.name })
                      : t('snoozed.removeLabel', { id: snooze.platform_message_id })
                  }
                  onClick={() => onUnsnooze([snooze])}
                >
                  {message ? t('snoozed.unsnooze') : t('snoozed.remove')}
                </button>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
