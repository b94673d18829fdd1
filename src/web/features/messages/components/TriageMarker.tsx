import { AlarmClock, MessageSquareReply } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '../../../../contract/auth-constants.ts';
import type { MessageTriage } from '../../../../contract/triage.ts';
import { localTimeZone } from '../lib/local-time-zone.ts';
import { formatSnoozeTime } from '../lib/snooze-format.ts';

interface TriageMarkerProps {
  triage: MessageTriage | undefined;
  now: number;
}

/** Above a card that came back: "Snoozed · back at …" for a woken snooze, "New reply" for a done thread that moved. */
export function TriageMarker({ triage, now }: TriageMarkerProps) {
  const { t, i18n } = useTranslation('triage');
  const className = 'mb-1 inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium';
  if (triage?.state === 'woken') {
    const language = isLanguage(i18n.language) ? i18n.language : 'en';
    const time = formatSnoozeTime(new Date(triage.until), {
      language,
      timeZone: localTimeZone(),
      now: new Date(now),
    });
    return (
      <p className={`${className} bg-amber-100 text-amber-900`} data-triage-marker="woken">
        <AlarmClock aria-hidden="true" className="size-3.5" />
        {t('marker.woken', { time })}
      </p>
    );
  }
  if (triage?.state === 'returned') {
    return (
      <p className={`${className} bg-emerald-100 text-emerald-900`} data-triage-marker="returned">
        <MessageSquareReply aria-hidden="true" className="size-3.5" />
        {t('marker.returned')}
      </p>
    );
  }
  return null;
}
