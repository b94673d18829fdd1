import { CircleCheck, CircleDashed, CircleX, History, LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TimelineAccount } from '../hooks/use-timeline.ts';

const statusIcons = {
  idle: { Icon: CircleDashed, className: 'text-slate-400' },
  loading: { Icon: LoaderCircle, className: 'animate-spin text-indigo-600 motion-reduce:animate-none' },
  completed: { Icon: CircleCheck, className: 'text-emerald-600' },
  error: { Icon: CircleX, className: 'text-red-600' },
} as const;

/**
 * Each account's own progress, as its answer arrives; the summary line, which counts failures apart from the
 * accounts that loaded, is announced to screen readers. Shown only while something is loading or has failed:
 * once every account has loaded there is nothing to report.
 */
export function AccountProgress({
  accounts,
  colorOf,
}: {
  accounts: readonly TimelineAccount[];
  colorOf(connectionId: string): string;
}) {
  const { t } = useTranslation('messages');
  const loaded = accounts.filter((account) => account.status === 'completed').length;
  const failed = accounts.filter((account) => account.status === 'error').length;
  if (loaded === accounts.length) return null;
  return (
    <div className="space-y-2">
      <p role="status" className="text-xs text-slate-600">
        {failed > 0
          ? t('accounts.progressWithFailures', { done: loaded, total: accounts.length, count: failed })
          : t('accounts.progress', { done: loaded, total: accounts.length })}
      </p>
      <ul className="flex flex-wrap gap-2">
        {accounts.map(({ connection, status, stats }) => {
          const { Icon, className } = statusIcons[status];
          return (
            <li
              key={connection.id}
              className="inline-flex items-center gap-1.5 rounded-full border border-slate-200 bg-white px-2.5 py-1 text-xs text-slate-800"
            >
              <span
                aria-hidden="true"
                className="size-2 rounded-full"
                style={{ backgroundColor: colorOf(connection.id) }}
              />
              <span>
                {t('accounts.accountLabel', {
                  account: connection.platform_user_name ?? t('accounts.unknownAccount'),
                  workspace: connection.platform_workspace_name ?? t('accounts.noWorkspace'),
                })}
              </span>
              <Icon aria-hidden="true" className={`size-3.5 ${className}`} />
              <span className="sr-only">{t(`accounts.status.${status}`)}</span>
              {status === 'completed' && stats && (
                <span className="text-slate-500">
                  {t('accounts.messagesFound', { count: stats.messages_found })}
                </span>
              )}
              {status === 'error' && stats?.stale && (
                <span className="inline-flex items-center gap-1 text-amber-800">
                  <History aria-hidden="true" className="size-3.5" />
                  {t('accounts.stale')}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
