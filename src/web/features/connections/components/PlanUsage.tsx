import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CONNECTION_LIMITS, type ConnectionsOverview } from '../../../../contract/connections.ts';

/** SPEC §9: the bar turns yellow from 80 % of the limit and red at the limit. */
const WARNING_RATIO = 0.8;

function barColor(ratio: number): string {
  if (ratio >= 1) return 'bg-red-600';
  if (ratio >= WARNING_RATIO) return 'bg-amber-400';
  return 'bg-indigo-600';
}

/** The plan, how many of its connections are used, and at the limit what the next plan offers (SPEC §6). */
export function PlanUsage({
  overview,
  limitReached,
}: {
  overview: ConnectionsOverview;
  limitReached: boolean;
}) {
  const { t } = useTranslation('connections');
  const { plan, limit, used, sample } = overview;
  const ratio = used / limit;
  const planName = t(`plan.names.${plan}`);
  const usage = t('plan.usage', { used, limit });

  return (
    <div className="space-y-3">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium text-slate-900">{t('plan.current', { plan: planName })}</span>
        <span className="text-slate-600">{usage}</span>
      </div>
      <div
        role="progressbar"
        aria-label={t('plan.usageLabel')}
        aria-valuemin={0}
        aria-valuemax={limit}
        aria-valuenow={Math.min(used, limit)}
        aria-valuetext={usage}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={`h-full rounded-full ${barColor(ratio)}`}
          style={{ width: `${Math.min(100, Math.round(ratio * 100))}%` }}
        />
      </div>
      {sample > 0 && <p className="text-xs text-slate-600">{t('plan.sample', { count: sample })}</p>}
      {limitReached && (
        <div className="space-y-1 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <p className="font-semibold">{t('limit.title')}</p>
          <p>{t('limit.body', { plan: planName, limit })}</p>
          {used > limit && <p>{t('limit.over', { plan: planName, limit, used })}</p>}
          {plan === 'free' && <p>{t('limit.upgrade.free', { limit: CONNECTION_LIMITS.pro })}</p>}
          {plan === 'pro' && <p>{t('limit.upgrade.pro', { limit: CONNECTION_LIMITS.proplus })}</p>}
          <p>{t(`limit.waiting.${plan}`)}</p>
          {plan !== 'proplus' && (
            <Link
              to="/pricing"
              className="inline-block font-semibold text-indigo-700 underline hover:text-indigo-900"
            >
              {t('limit.seePlans')}
            </Link>
          )}
        </div>
      )}
    </div>
  );
}
