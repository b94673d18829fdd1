import { currentLanguage } from '../../../lib/i18n.ts';
import { formatTimeAgo, relativeTime } from '../../../lib/relative-time.ts';
import { useRepeatedText } from '../../../lib/RepeatedTextScope.tsx';

/** "just now", "5 min ago" or a date: when a message was sent, as its card and its compact row say it. */
export function useRelativeTimeText(sendTime: number, now: number): string {
  const t = useRepeatedText('messages');
  const language = currentLanguage();
  const time = relativeTime(sendTime, now, language);
  switch (time.kind) {
    case 'just-now':
      return t('card.justNow');
    case 'date':
      return time.text;
    default:
      return formatTimeAgo(time.count, time.kind, language);
  }
}
