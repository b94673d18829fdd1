import { KeyRound, LoaderCircle, Radio, RefreshCw, Unplug } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PlatformConnection, SlackUnavailable } from '../../../../contract/messages.ts';
import { Button } from '../../../components/ui/Button.tsx';
import '../lib/chatwork-live-texts.ts';
import { SlackIntakeStatus } from './SlackIntakeStatus.tsx';

interface ConnectionItemProps {
  connection: PlatformConnection & { unavailable?: readonly SlackUnavailable[] };
  color: string;
  /** `account @ workspace`, with the fallback labels. */
  name: string;
  lastFetched: string;
  refreshing: boolean;
  reconnectDisabled: boolean;
  onRefresh(): void;
  onDisconnect(): void;
  onReconnect(): void;
  /** ChatWork only: opens the live-updates (webhook) setup. */
  onLiveUpdates?(): void;
}

/** One Slack workspace or ChatWork account in the panel, with its state and what can be done with it. */
export function ConnectionItem({
  connection,
  color,
  name,
  lastFetched,
  refreshing,
  reconnectDisabled,
  onRefresh,
  onDisconnect,
  onReconnect,
  onLiveUpdates,
}: ConnectionItemProps) {
  const { t } = useTranslation(['connections', 'dashboard', 'chatworkLive']);
  const platformName = t(`dashboard:connections.platforms.${connection.platform}`);

  return (
    <li className="space-y-2 rounded-lg border border-slate-200 p-3 text-sm">
      <div className="flex items-start gap-2">
        <span
          aria-hidden="true"
          className="mt-1.5 size-2.5 shrink-0 rounded-full"
          style={{ backgroundColor: color }}
        />
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium text-slate-900">
            {connection.platform_workspace_name ?? t('dashboard:connections.noWorkspace')}
          </p>
          <p className="truncate text-slate-600">
            {connection.platform_user_name ?? t('dashboard:connections.unknownAccount')}
            {connection.is_sample && (
              <span className="ml-2 rounded-full bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">
                {t('account.sample')}
              </span>
            )}
          </p>
          <p className="text-xs text-slate-500">{lastFetched}</p>
          {connection.slack_intake && <SlackIntakeStatus intake={connection.slack_intake} />}
          {connection.status === 'error' && <p className="text-xs text-red-700">{t('account.failing')}</p>}
          {connection.unavailable?.map(({ kind, reason }) => (
            <p key={kind} className="text-xs text-amber-800">
              {t('account.notGathered', {
                kind: t(`account.searchKinds.${kind}`),
                reason: t(`account.unavailableReasons.${reason}`),
              })}
            </p>
          ))}
        </div>
      </div>
      {connection.status === 'reauth_required' && (
        <div className="rounded-md bg-amber-50 p-2 text-xs text-amber-950">
          <p className="flex items-center gap-1 font-semibold">
            <KeyRound aria-hidden="true" className="size-3.5" />
            {t('account.reauth')}
          </p>
          <p className="mt-0.5">{t('account.reauthHint', { platform: platformName })}</p>
        </div>
      )}
      <div className="flex flex-wrap gap-1.5">
        {connection.status === 'reauth_required' && (
          <Button
            size="sm"
            onClick={onReconnect}
            disabled={reconnectDisabled}
            aria-label={t('account.reconnectLabel', { name, platform: platformName })}
          >
            {t('account.reconnect')}
          </Button>
        )}
        <Button
          variant="secondary"
          size="sm"
          onClick={onRefresh}
          disabled={refreshing}
          aria-label={t('account.refreshLabel', { name, platform: platformName })}
        >
          {refreshing ? (
            <LoaderCircle aria-hidden="true" className="size-3.5 animate-spin motion-reduce:animate-none" />
          ) : (
            <RefreshCw aria-hidden="true" className="size-3.5" />
          )}
          {t(refreshing ? 'account.refreshing' : 'account.refresh')}
        </Button>
        {onLiveUpdates && (
          <Button
            variant="secondary"
            size="sm"
            onClick={onLiveUpdates}
            aria-label={t('chatworkLive:actionLabel', { name })}
          >
            <Radio aria-hidden="true" className="size-3.5" />
            {t('chatworkLive:action')}
          </Button>
        )}
        <Button
          variant="ghost"
          size="sm"
          onClick={onDisconnect}
          aria-label={t('account.disconnectLabel', { name, platform: platformName })}
        >
          <Unplug aria-hidden="true" className="size-3.5" />
          {t('account.disconnect')}
        </Button>
      </div>
    </li>
  );
}
