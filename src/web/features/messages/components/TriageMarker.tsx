import { currentLanguage } from '../../../lib/i18n.ts';
import { AlarmClock, MessageSquareReply } from 'lucide-react';
import type { MessageTriage } from '../../../../contract/triage.ts';
import { localTimeZone } from '../lib/local-time-zone.ts';
import { formatSnoozeTime } from '../lib/snooze-format.ts';
import { useRepeatedText } from '../../../lib/RepeatedTextScope.tsx';

interface TriageMarkerProps {
  triage: MessageTriage | undefined;
  now: number;
}

/** Above a card that came back: "Snoozed · back at …" for a woken snooze, "New reply" for a done thread that moved. */
export function TriageMarker({ triage, now }: TriageMarkerProps) {
  const t = useRepeatedText('triage');
  const className = 'mb-1 inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium';
  if (triage?.state === 'woken') {
    const language = currentLanguage();
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
