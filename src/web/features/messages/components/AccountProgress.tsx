import { memo } from 'react';
import { CircleCheck, CircleDashed, CircleX, History, LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PlatformConnection } from '../../../../contract/messages.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { formatTimeOfDay } from '../../../lib/intl-format.ts';
import type { TimelineAccount } from '../hooks/use-timeline.ts';

/**
 * A Slack account whose history is still being searched (decision 147): its searches wait for the workspace's
 * budget, so what it shows so far is what events brought.
 */
export const isCatchingUp = (connection: PlatformConnection) =>
  connection.slack_intake?.state === 'catching_up';

const statusIcons = {
  idle: { Icon: CircleDashed, className: 'text-slate-400' },
  loading: { Icon: LoaderCircle, className: 'animate-spin text-indigo-600 motion-reduce:animate-none' },
  completed: { Icon: CircleCheck, className: 'text-emerald-600' },
  error: { Icon: CircleX, className: 'text-red-600' },
} as const;

/**
 * Each account's own progress, as its answer arrives; the summary line, which counts failures apart from the
 * accounts that loaded, is announced to screen readers. The row stays once every account has loaded, saying
 * when they were updated, and its chips keep to one line (scrolling sideways when they do not fit): the list
 * below never moves under the reader as accounts answer (decision 099).
 */
function AccountProgressView({
  accounts,
  updatedAt,
  colorOf,
}: {
  accounts: readonly TimelineAccount[];
  /** When the newest of the accounts' answers arrived. */
  updatedAt: number | null;
  colorOf(connectionId: string): string;
}) {
  const { t } = useTranslation('messages');
  const loaded = accounts.filter((account) => account.status === 'completed').length;
  const failed = accounts.filter((account) => account.status === 'error').length;
  const summary =
    failed > 0
      ? t('accounts.progressWithFailures', { done: loaded, total: accounts.length, count: failed })
      : loaded === accounts.length && updatedAt !== null
        ? t('accounts.updated', {
            count: accounts.length,
            time: formatTimeOfDay(updatedAt, currentLanguage()),
          })
        : t('accounts.progress', { done: loaded, total: accounts.length });
  return (
    <div className="space-y-2">
      <p role="status" className="truncate text-xs text-slate-600">
        {summary}
      </p>
      <ul
        aria-label={t('accounts.label')}
        // Focusable, so that keyboard users can scroll the row when its chips do not fit; contained, so that chips
        // wider than a phone (and their screen-reader-only text) scroll inside the row instead of widening the page.
        tabIndex={0}
        className="relative flex gap-2 overflow-x-auto rounded-md pb-1 contain-inline-size"
      >
        {accounts.map(({ connection, status, stats }) => {
          const { Icon, className } = statusIcons[status];
          return (
            <li
              key={connection.id}
              className="inline-flex shrink-0 items-center gap-1.5 rounded-full border border-slate-200 bg-white px-2.5 py-1 text-xs text-slate-800"
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
              {status === 'completed' && isCatchingUp(connection) && (
                <span className="inline-flex items-center gap-1 text-indigo-700">
                  <LoaderCircle
                    aria-hidden="true"
                    className="size-3.5 animate-spin motion-reduce:animate-none"
                  />
                  {t('accounts.catchingUp')}
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

/** Memoised: a page change draws the list again without it. */
export const AccountProgress = memo(AccountProgressView);
