import { useTranslation } from 'react-i18next';
import type { SlackIntake } from '../../../../contract/messages.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { formatTimeAgo, relativeTime } from '../../../lib/relative-time.ts';
import { useNow } from '../../../lib/use-now.ts';

/** How a Slack workspace's messages reach Matome, in words: live, catching up, polling or interrupted. */
export function SlackIntakeStatus({ intake }: { intake: SlackIntake }) {
  const { t } = useTranslation('connections');
  const now = useNow();
  const language = currentLanguage();

  const timeAgo = (iso: string) => {
    const time = relativeTime(Math.floor(Date.parse(iso) / 1000), now, language);
    if (time.kind === 'just-now') return t('account.intake.justNow');
    if (time.kind === 'date') return time.text;
    return formatTimeAgo(time.count, time.kind, language);
  };

  const minutes = intake.polls_every_minutes;
  const stateText = {
    live: intake.last_event_at
      ? t('account.intake.liveLastEvent', { time: timeAgo(intake.last_event_at) })
      : t('account.intake.live'),
    catching_up: t('account.intake.catchingUp', intake.backfill),
    polling:
      minutes === null ? t('account.intake.polling') : t('account.intake.pollingEvery', { count: minutes }),
    interrupted:
      minutes === null
        ? t('account.intake.interrupted')
        : t('account.intake.interruptedEvery', { count: minutes }),
  }[intake.state];
  const live = intake.state === 'live';

  return (
    <>
      <p className={`text-xs ${intake.state === 'interrupted' ? 'text-amber-800' : 'text-slate-600'}`}>
        {stateText}
      </p>
      {live && !intake.private_live && (
        <p className="text-xs text-slate-600">{t('account.intake.privateNotLive')}</p>
      )}
      {/* While live, searches are rare and their budget says little. */}
      {!live && (
        <p className="text-xs text-slate-600">
          {t('account.intake.searchesLeft', { count: intake.search_budget_left })}
        </p>
      )}
    </>
  );
}
