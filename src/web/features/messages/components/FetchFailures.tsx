import { RefreshCw, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { toBcp47 } from '../../../lib/language.ts';
import type { TimelineAccount } from '../hooks/use-timeline.ts';
import { failureHint } from '../lib/failure-hint.ts';

interface FetchFailuresProps {
  failed: readonly TimelineAccount[];
  /** Every account failed, on both platforms. */
  allFailed: boolean;
  onRetry(accounts: readonly TimelineAccount[]): void;
}

/**
 * SPEC §8: 'Failed to fetch messages' with a hint by status and a retry; a notice when nothing could be read. An
 * account whose last good messages stand in for the failed fetch says from when they are.
 */
export function FetchFailures({ failed, allFailed, onRetry }: FetchFailuresProps) {
  const { t } = useTranslation('messages');
  if (failed.length === 0) return null;
  const dateFormat = new Intl.DateTimeFormat(toBcp47(currentLanguage()), {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

  if (allFailed) {
    return (
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
        <p className="flex items-center gap-2 font-semibold">
          <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
          {t('errors.allFailedTitle')}
        </p>
        <p className="mt-1">{t('errors.allFailedBody')}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => onRetry(failed)}>
          <RefreshCw aria-hidden="true" className="size-4" />
          {t('errors.retry')}
        </Button>
      </div>
    );
  }

  return (
    <ul className="space-y-2">
      {failed.map((account) => {
        const failure = account.failure;
        const hint = failure ? failureHint(failure) : null;
        const name = t('accounts.accountLabel', {
          account: account.connection.platform_user_name ?? t('accounts.unknownAccount'),
          workspace: account.connection.platform_workspace_name ?? t('accounts.noWorkspace'),
        });
        return (
          <li
            key={account.connection.id}
            role="alert"
            className="flex flex-wrap items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900"
          >
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <div className="min-w-0 flex-1">
              <p className="font-semibold">{t('errors.fetchFailedFor', { account: name })}</p>
              <p>{hint ? t(`errors.hints.${hint}`) : t('errors.fetchFailedHint')}</p>
              {!hint && failure?.message && <p className="mt-1 text-red-800">{failure.message}</p>}
              {account.stats?.stale && account.stats.last_success_at && (
                <p className="mt-1 text-red-800">
                  {t('errors.staleNote', {
                    time: dateFormat.format(new Date(account.stats.last_success_at)),
                  })}
                </p>
              )}
            </div>
            <Button variant="secondary" size="sm" onClick={() => onRetry([account])}>
              <RefreshCw aria-hidden="true" className="size-4" />
              {t('errors.retry')}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
