import { useTranslation } from 'react-i18next';
import type { AccountStats } from '../../../../contract/account.ts';
import { MentionsChart } from './MentionsChart.tsx';

/** The account's totals and the 14-day chart of gathered mentions (SPEC §2, decision 124). */
export function UsageStatsCard({ stats }: { stats: AccountStats }) {
  const { t } = useTranslation('account');
  const figures = [
    ['totalProcessed', stats.messageStats.totalProcessed],
    ['totalHidden', stats.messageStats.totalHidden],
    ['totalTags', stats.messageStats.totalTags],
  ] as const;
  return (
    <section
      aria-labelledby="stats-title"
      className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="stats-title" className="text-lg font-semibold text-slate-900">
        {t('stats.title')}
      </h2>
      <dl className="mt-4 grid grid-cols-3 gap-3">
        {figures.map(([key, value]) => (
          <div key={key} className="rounded-lg bg-slate-50 p-3">
            <dt className="text-xs font-medium text-slate-600">{t(`stats.${key}`)}</dt>
            <dd className="mt-1 text-2xl font-semibold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <MentionsChart days={stats.mentionsByDay} />
    </section>
  );
}
