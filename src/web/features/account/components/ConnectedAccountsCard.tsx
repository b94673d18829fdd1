import { useTranslation } from 'react-i18next';
import type { AccountInfo } from '../../../../contract/account.ts';
import type { PlatformConnection } from '../../../../contract/messages.ts';
import { formatLongDate } from '../lib/format.ts';

function usageColour(percent: number): string {
  if (percent >= 100) return 'bg-red-600';
  if (percent >= 80) return 'bg-amber-400';
  return 'bg-indigo-600';
}

function ConnectionList({ title, connections }: { title: string; connections: PlatformConnection[] }) {
  const { t } = useTranslation('account');
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-800">{title}</h3>
      {connections.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">{t('connections.none')}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
          {connections.map((connection) => (
            <li key={connection.id} className="flex flex-wrap justify-between gap-2 px-3 py-2 text-sm">
              <span className="text-slate-900">
                {connection.platform_workspace_name ?? t('connections.noWorkspace')} ·{' '}
                {connection.platform_user_name ?? t('connections.unknownAccount')}
                {connection.is_sample && (
                  <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                    {t('connections.sampleBadge')}
                  </span>
                )}
              </span>
              <span className="text-slate-600">
                {t('connections.connectedAt', { date: formatLongDate(connection.created_at) })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The plan's connection usage as a bar, and every connection by platform (SPEC §2). Sample connections are listed
 * but, as on the dashboard, do not count against the plan (decision 142).
 */
export function ConnectedAccountsCard({ info }: { info: AccountInfo }) {
  const { t } = useTranslation('account');
  const percent = Math.round((info.connectionCount / info.connectionLimit) * 100);
  const calendar = info.connections.googleCalendar;
  return (
    <section
      aria-labelledby="connections-title"
      className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="connections-title" className="text-lg font-semibold text-slate-900">
        {t('connections.title')}
      </h2>
      <p id="usage-label" className="mt-3 text-sm text-slate-700">
        {t('connections.usage', { used: info.connectionCount, limit: info.connectionLimit })}
      </p>
      <div
        role="progressbar"
        aria-labelledby="usage-label"
        aria-valuemin={0}
        aria-valuemax={info.connectionLimit}
        aria-valuenow={Math.min(info.connectionCount, info.connectionLimit)}
        className="mt-2 h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className={`h-full ${usageColour(percent)}`} style={{ width: `${Math.min(percent, 100)}%` }} />
      </div>
      {info.sampleConnectionCount > 0 && (
        <p className="mt-2 text-xs text-slate-600">
          {t('connections.sample', { count: info.sampleConnectionCount })}
        </p>
      )}
      <div className="mt-5 space-y-4">
        <ConnectionList title={t('connections.slack')} connections={info.connections.slack} />
        <ConnectionList title={t('connections.chatwork')} connections={info.connections.chatwork} />
        <div>
          <h3 className="text-sm font-semibold text-slate-800">{t('connections.googleCalendar')}</h3>
          <p className="mt-1 text-sm text-slate-600">
            {calendar.connected
              ? t('connections.calendarConnected')
              : calendar.reconnectRequired
                ? t('connections.calendarReconnect')
                : t('connections.none')}
          </p>
        </div>
      </div>
    </section>
  );
}
